/**
 * Fixture sites written the way Docusaurus sites are (issue 19): each folder of
 * tests/fixtures/docusaurus/ is a site root, built unchanged. A fixture pins the
 * doc body of some of its pages in `expected/<route>.html` (route with `/` as
 * `__`, e.g. `docs__guides__tabs.html`); `UPDATE_PINNED=1 npm test` rewrites
 * them, to be read by a person before they are committed. A fixture that
 * pins its build's messages (`expected/diagnostics.txt`, one per line) must
 * build with exactly those, and fails (exit 1) when one is an error.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { runCliInProcess } from './in-process-cli.js';
import { repoRoot, tempDir } from './run-cli.js';

export const fixturesDir = path.join(repoRoot, 'tests/fixtures/docusaurus');

/** The fixture sites' names. */
export function listFixtures(): string[] {
  if (!existsSync(fixturesDir)) return [];
  return readdirSync(fixturesDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Builds a copy of a fixture site; the copy's root, the CLI's outcome, its
 * messages (`--format json`) and its dist folder. A fixture laid out as a
 * repository (`website/` holding the config, the docs beside it) is built
 * from its `website/` folder.
 */
export async function buildFixture(name: string, args: string[] = []) {
  const copy = tempDir(`docsgen-docusaurus-${name}-`);
  cpSync(path.join(fixturesDir, name), copy, { recursive: true });
  const root = existsSync(path.join(copy, 'website/build.config.ts')) ? path.join(copy, 'website') : copy;
  // In this process (in-process-cli.ts): the fixtures are about what a site's content builds to, not the process.
  const result = await runCliInProcess(['build', '--root', root, '--format', 'json', ...args]);
  return { root, dist: path.join(root, 'dist'), diagnostics: reportLines(result.stdout), ...result };
}

/** The errors and warnings of a JSON report, one line each: `warning  file:line:column  message  [rule]`. */
function reportLines(stdout: string): string[] {
  let report: { errors?: Diag[]; warnings?: Diag[] };
  try {
    report = JSON.parse(stdout) as typeof report;
  } catch {
    return [`(no JSON report: ${stdout.slice(0, 200)})`];
  }
  return [...(report.errors ?? []), ...(report.warnings ?? [])].map(
    (d) => `${d.severity}  ${d.file}:${d.line}:${d.column}  ${d.message}  [${d.rule}]`,
  );
}
type Diag = {
  severity: string;
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  rule: string;
};

/** The messages a fixture pins, as pinned (or written, with UPDATE_PINNED=1); undefined when it pins none. */
export function pinnedDiagnostics(fixture: string, actual: string[]): { expected: string[]; file: string } | undefined {
  const file = path.join(fixturesDir, fixture, 'expected', 'diagnostics.txt');
  if (process.env.UPDATE_PINNED === '1' && existsSync(file))
    writeFileSync(file, actual.map((line) => `${line}\n`).join(''));
  if (!existsSync(file)) return undefined;
  return { expected: readFileSync(file, 'utf8').split('\n').filter(Boolean), file };
}

/** Every HTML page of a built site, as routes (`/docs/guides/tabs`) → file paths. */
export function builtPages(dist: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'index.html') {
        const route = '/' + path.relative(dist, dir).split(path.sep).join('/');
        pages.set(route === '/' ? '/' : route.replace(/\/$/, ''), full);
      }
    }
  };
  walk(dist);
  return pages;
}

/** The page body docsgen wrote from Markdown: the first `div.markdown` of the page. */
function findBody(html: string): Element | undefined {
  const document = parseDocument(html);
  return (
    DomUtils.findOne(
      (e) => e.name === 'div' && (e.attribs.class ?? '').split(' ').includes('markdown'),
      document.children,
      true,
    ) ?? undefined
  );
}

/**
 * The page body as pinned HTML: highlighted code loses its colour spans (a
 * shiki theme update must not change a pinned fragment), so code blocks keep
 * their structure, classes and text only.
 */
export function markdownFragment(html: string): string {
  const body = findBody(html);
  if (!body) return '';
  const unwrapColours = (nodes: ChildNode[]): ChildNode[] =>
    nodes.flatMap((node) => {
      if (node.type !== 'tag') return [node];
      const element = node as Element;
      element.children = unwrapColours(element.children);
      for (const child of element.children) child.parent = element;
      const attributes = Object.keys(element.attribs);
      if (element.name === 'span' && attributes.length === 1 && attributes[0] === 'style') return element.children;
      if (element.name === 'pre') delete element.attribs.style;
      return [element];
    });
  body.children = unwrapColours(body.children);
  return DomUtils.getInnerHTML(body).trim() + '\n';
}

/** Compares a built page's body with its pinned fragment (or writes it, with UPDATE_PINNED=1). */
export function readPinned(fixture: string, route: string, actual: string): { expected: string; file: string } {
  const file = path.join(
    fixturesDir,
    fixture,
    'expected',
    `${route.replace(/^\//, '').replace(/\//g, '__') || 'index'}.html`,
  );
  if (process.env.UPDATE_PINNED === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  return { expected: existsSync(file) ? readFileSync(file, 'utf8') : '(no pinned file)', file };
}

/** The routes a fixture pins. */
export function pinnedRoutes(fixture: string): string[] {
  const dir = path.join(fixturesDir, fixture, 'expected');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.html'))
    .map((f) => (f === 'index.html' ? '/' : '/' + f.slice(0, -'.html'.length).replace(/__/g, '/')));
}

/**
 * MDX or Docusaurus source that shows through as text or as an unknown element: what a silently wrong page looks
 * like. Most signs are read in the page's prose only (an `import` line or a `:::tip` in a code block is an example,
 * not a leak); `code` signs in code blocks too (a magic comment is source there).
 */
const SOURCE_SIGNS: { name: string; code?: boolean; test: (text: string) => boolean }[] = [
  { name: 'an import line', test: (t) => /^\s*import\s+[\w{*][^\n]*\bfrom\s+['"]/m.test(t) },
  { name: 'an export line', test: (t) => /^\s*export\s+(const|default|function)\b/m.test(t) },
  { name: 'a JSX tag', test: (t) => /<\/?(Tabs|TabItem|Admonition|CodeBlock|Details|DocCardList|TOCInline)\b/.test(t) },
  { name: 'an admonition fence', test: (t) => /^\s*:::/m.test(t) },
  { name: 'a magic comment', code: true, test: (t) => /\bhighlight-(next-line|start|end)\b/.test(t) },
  { name: 'an MDX comment', test: (t) => t.includes('{/*') },
  { name: 'a raw-loader path', test: (t) => t.includes('!!raw-loader!') },
];

const UNKNOWN_ELEMENTS = new Set([
  'tabs',
  'tabitem',
  'admonition',
  'codeblock',
  'doccardlist',
  'tocinline',
  'dg-tabs',
  'dg-tab-item',
]);

/** The text of nodes, leaving out code blocks (`<pre>`). */
function proseText(nodes: ChildNode[]): string {
  return nodes
    .map((node) =>
      node.type === 'text'
        ? node.data
        : node.type === 'tag' && (node as Element).name !== 'pre'
          ? proseText((node as Element).children)
          : '\n',
    )
    .join('');
}

/**
 * What of MDX source a built page shows: the signs found in its body's text,
 * elements that only exist in source, and what a plugin's missing output
 * leaves: a code block with no code (a `file=` block nobody filled), a link
 * with no target (a `docblock:` link whose href was removed).
 */
export function findSourceAsText(html: string): string[] {
  const body = findBody(html);
  if (!body) return [];
  const found: string[] = [];
  const all = DomUtils.textContent(body);
  const prose = proseText(body.children);
  for (const sign of SOURCE_SIGNS) if (sign.test(sign.code ? all : prose)) found.push(sign.name);
  // `dg-` elements are docsgen's own stand-ins (tabs, site component markers): none may reach a page.
  const element = DomUtils.findOne(
    (e) => UNKNOWN_ELEMENTS.has(e.name) || e.name.startsWith('dg-'),
    body.children,
    true,
  );
  if (element) found.push(`a <${element.name}> element`);
  if (DomUtils.findOne((e) => e.name === 'pre' && DomUtils.textContent(e).trim() === '', body.children, true))
    found.push('an empty code block');
  if (
    DomUtils.findOne(
      (e) =>
        e.name === 'a' && e.attribs.href === undefined && e.attribs.name === undefined && e.attribs.id === undefined,
      body.children,
      true,
    )
  )
    found.push('a link with no target');
  return found;
}
