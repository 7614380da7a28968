import { stringify } from 'yaml';
import { parseFrontMatter } from '../../cli/load/front-matter.js';
import { scanFences } from './fences.js';
import { markCodeBlocks } from './unique-code.js';

/** One guide of this repository, parsed once and copied many times. */
export interface Guide {
  /** File name without extension, e.g. `formats`. */
  name: string;
  frontMatter: Record<string, unknown>;
  body: string;
}

/** One page of a synthetic site: the `copy`-th copy of a guide. */
export interface PagePlan {
  guide: string;
  copy: number;
  /** Doc id inside the synthetic folder, e.g. `formats-0012`. */
  id: string;
  title: string;
}

/** The folder (and route segment under /docs) holding every synthetic page. */
export const SYNTHETIC_FOLDER = 'synthetic';
const PRODUCTION = 'https://react-native-vision-camera.com';

/** Parses a guide's source into front matter (the keys docsgen reads) and body, as docsgen does. */
export function parseGuide(name: string, source: string): Guide {
  const { frontMatter, body } = parseFrontMatter(source, `${name}.mdx`);
  return { name, frontMatter: { ...frontMatter }, body };
}

/** The id of a guide's `copy`-th copy: a new name per copy, e.g. `formats-0012`. */
export function copyId(guide: string, copy: number): string {
  return `${guide}-${String(copy).padStart(4, '0')}`;
}

/**
 * Rewrites the guides' site links for a copy: `/docs/guides/<name>` points at the same copy's page (or copy 1's when
 * this copy lacks it, or the production site when no copy has it); `/docs/api/...` points at the production API
 * reference, since synthetic sites have no API block.
 */
function rewriteLinks(body: string, copy: number, exists: (id: string) => boolean): string {
  return body
    .replace(/(?<![\w.:/-])\/docs\/api\//g, `${PRODUCTION}/docs/api/`)
    .replace(/(?<![\w.:/-])\/docs\/guides(?:\/([a-z0-9-]+))?(?=[#)\s"'?]|$)/gm, (whole, name: string | undefined) => {
      const guide = name ?? 'getting-started';
      for (const candidate of [copyId(guide, copy), copyId(guide, 1)])
        if (exists(candidate)) return `/docs/${SYNTHETIC_FOLDER}/${candidate}`;
      return PRODUCTION + whole;
    });
}

function marker(page: PagePlan): string {
  return `docsgen bench: copy ${page.copy} of ${page.guide}`;
}

/** A copy's body as every tool gets it: links kept inside the copy, each code block marked with the copy. */
export function copiedBody(guide: Guide, page: PagePlan, exists: (id: string) => boolean): string {
  return markCodeBlocks(rewriteLinks(guide.body, page.copy, exists), marker(page));
}

/** The MDX source of a page of the docsgen synthetic site: new id and title, no slug, unique code blocks. */
export function docsgenPageSource(guide: Guide, page: PagePlan, exists: (id: string) => boolean): string {
  const frontMatter: Record<string, unknown> = { ...guide.frontMatter, id: page.id, title: page.title };
  delete frontMatter.slug;
  delete frontMatter.sidebar_position;
  if (typeof frontMatter.sidebar_label === 'string')
    frontMatter.sidebar_label = `${frontMatter.sidebar_label} ${page.copy}`;
  return `---\n${stringify(frontMatter)}---\n${copiedBody(guide, page, exists)}`;
}

export const THEME_IMPORT = /^import\s.+\sfrom\s+['"]@(theme|docusaurus)\/[^'"]+['"];?\s*$/;
const TAB_TAG = /^\s*<\/?(Tabs|TabItem)\b[^>]*>\s*$/;
const ADMONITION_OPEN = /^:::(\w+)(?:\[(.*)\]|\s+(.*))?\s*$/;

/**
 * The same page as plain Markdown for Hugo: front matter with the title only, MDX imports and tab tags dropped,
 * admonitions turned into a bold title line, code fences reduced to their language so Chroma highlights them.
 */
export function hugoPageSource(guide: Guide, page: PagePlan, exists: (id: string) => boolean): string {
  const body = copiedBody(guide, page, exists);
  const out: string[] = [];
  for (const entry of scanFences(body)) {
    if (entry.kind === 'open') out.push(`${entry.indent}${entry.fence}${entry.lang}`);
    else if (entry.kind !== 'text') out.push(entry.line);
    else if (THEME_IMPORT.test(entry.line) || TAB_TAG.test(entry.line) || entry.line.trim() === ':::') out.push('');
    else {
      const admonition = ADMONITION_OPEN.exec(entry.line);
      out.push(admonition ? `**${admonition[2] ?? admonition[3] ?? admonition[1]}**` : entry.line);
    }
  }
  return `---\ntitle: ${JSON.stringify(page.title)}\n---\n${out.join('\n')}`;
}
