import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import { planDocs } from '../routes/plan-docs.js';
import type { ContentFile, Diagnostic, LinkRef, Route } from '../types.js';
import { cleanRoutePath, stripQueryAndHash } from '../url-parts.js';

/**
 * Drafts are not routes, so a link to one first surfaces as a broken link
 * (or a broken Markdown link). This turns those into `draft-link` with a
 * message that says the target is a draft, keeping the severity the
 * config gave the original rule; it also fills in the `target` of Markdown
 * link and image problems from the compiled links.
 */
export function explainDraftLinks(
  diagnostics: Diagnostic[],
  input: { config: SiteConfig; routes: Route[]; drafts: ContentFile[] },
): Diagnostic[] {
  const { config, routes, drafts } = input;
  const asPublished = drafts.map((f) => ({ ...f, frontMatter: { ...f.frontMatter, draft: false } }));
  const draftByRoute = new Map(planDocs(asPublished, config).docs.map((d) => [d.path, d.file]));
  const draftByFile = new Map(drafts.map((f) => [f.file.split(path.sep).join('/'), f]));
  const routeByFile = new Map(routes.filter((r) => r.file).map((r) => [r.file!, r]));
  // Links by file and place, built once: a page can have a hundred thousand links and as many problems.
  const linkAt = new Map<string, LinkRef>();
  for (const [file, route] of routeByFile) {
    for (const link of route.content?.links ?? []) {
      const key = `${file}:${link.line}:${link.column}`;
      if (!linkAt.has(key)) linkAt.set(key, link);
    }
  }

  const docsDir = config.docs.path.replace(/^\.\/|\/$/g, '');
  const hasDrafts = drafts.length > 0;

  return diagnostics.map((d) => {
    if ((d.rule === 'broken-markdown-link' || d.rule === 'missing-image') && d.file && d.target === undefined) {
      const link = linkAt.get(`${d.file}:${d.line}:${d.column}`);
      if (link) d = { ...d, target: link.url };
    }
    // The rest finds drafts behind broken links: nothing to find on a site without drafts.
    if (!hasDrafts) return d;
    if (d.rule === 'broken-link' && d.target) {
      const draft = draftByRoute.get(routePathOf(d.target, config.baseUrl));
      if (draft) return asDraftLink(d, draft);
    }
    if (d.rule === 'broken-markdown-link' && d.file && d.target) {
      const target = decodeSafely(stripQueryAndHash(d.target));
      const candidates = target.startsWith('/')
        ? [path.posix.join(docsDir, target.slice(1)), target.slice(1)]
        : [path.posix.normalize(path.posix.join(path.posix.dirname(d.file.split(path.sep).join('/')), target))];
      const draft = candidates.map((c) => draftByFile.get(c)).find(Boolean);
      if (draft) return asDraftLink(d, draft);
    }
    return d;
  });
}

function asDraftLink(d: Diagnostic, draft: ContentFile): Diagnostic {
  return {
    ...d,
    rule: 'draft-link',
    message: `link to a draft page → ${d.target}: ${draft.file} has \`draft: true\` and is left out of the site`,
    hint: 'publish the page (remove `draft: true`) or remove the link',
  };
}

/** `/base/docs/x#y` → `/docs/x`, the clean route the link points at. */
function routePathOf(target: string, baseUrl: string): string {
  let pathname = decodeSafely(stripQueryAndHash(target));
  if (pathname.startsWith(baseUrl)) pathname = '/' + pathname.slice(baseUrl.length);
  return cleanRoutePath(pathname);
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
