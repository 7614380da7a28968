import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { ContentFile, Diagnostic } from '../types.js';
import { withSeverity } from '../diagnostics.js';
import { findRouteTextProblem, ROUTE_TEXT_HINT } from './route-text.js';
import { trimSlashes } from '../url-parts.js';

/** A doc with its route decided; content is compiled later. */
export interface PlannedDoc {
  file: ContentFile;
  /** Clean route without baseUrl, e.g. `/docs/guides/taking-photos`. */
  path: string;
}

/**
 * Decides each doc's route (Docusaurus rules: `slug` absolute or relative,
 * else directory + id; `index`/`README` stand for their folder). Drafts are
 * left out of production builds.
 */
export function planDocs(files: ContentFile[], config: SiteConfig): { docs: PlannedDoc[]; diagnostics: Diagnostic[] } {
  const base = '/' + trimSlashes(config.docs.routeBasePath);
  const docs: PlannedDoc[] = [];
  const diagnostics: Diagnostic[] = [];
  const byPath = new Map<string, PlannedDoc>();
  for (const file of files) {
    if (file.frontMatter.draft) continue;
    const doc = { file, path: docRoute(file, base) };
    // `id` and `slug` were checked with the front matter; what is left comes from file and folder names.
    const problem = findRouteTextProblem(doc.path);
    if (problem) {
      diagnostics.push({ severity: 'error', rule: 'invalid-route', message: `the page's route ${doc.path} ${problem}`, file: file.file, hint: `rename the file or its folder, or give the page a \`slug\`; ${ROUTE_TEXT_HINT}` });
    }
    const existing = byPath.get(doc.path);
    if (existing) {
      const d = withSeverity(
        { rule: 'duplicate-route', message: `route ${doc.path} is also produced by ${existing.file.file}; this page is skipped`, file: file.file, line: file.routeKeyLine ?? 1, column: 1, hint: 'change the `slug` or `id` of one of them' },
        config.onDuplicateRoutes,
      );
      if (d) diagnostics.push(d);
      continue;
    }
    byPath.set(doc.path, doc);
    docs.push(doc);
  }
  return { docs, diagnostics };
}

function docRoute(file: ContentFile, base: string): string {
  const dir = path.posix.dirname(file.docPath);
  const slug = file.frontMatter.slug;
  let route: string;
  if (slug !== undefined) {
    route = slug.startsWith('/') ? base + slug : `${base}/${dir === '.' ? '' : dir + '/'}${slug}`;
  } else {
    const localId = file.id.split('/').pop()!;
    const isIndex = /^(index|readme)$/i.test(localId) && !file.frontMatter.id;
    route = isIndex ? `${base}/${dir === '.' ? '' : dir}` : `${base}/${file.id}`;
  }
  return normalizeRoute(route);
}

/** Collapses slashes and removes the trailing one: `/docs//x/` → `/docs/x`. */
export function normalizeRoute(route: string): string {
  // Only runs of two or more slashes are replaced: a slug is content, and may be a megabyte of `a/`.
  let clean = ('/' + route).replace(/\/{2,}/g, '/');
  if (clean.endsWith('/')) clean = clean.slice(0, -1);
  return clean === '' ? '/' : clean;
}
