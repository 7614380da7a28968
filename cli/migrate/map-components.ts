/**
 * The site's own components a Docusaurus site's docs import
 * (`import Step from '@site/src/theme/Step'`, `../../src/components/X.js`,
 * a swizzled `@theme/X` in `src/theme/X`), each written as one config line:
 * `components: { Step: 'src/theme/Step' }`. The docs are read through the
 * file rule (listSiteFiles), at most MAX_FILE_BYTES each, and only their
 * import lines are looked at, by a scan: nothing is parsed as code or run.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { listSiteFiles } from '../files/list-files.js';
import type { FileRule } from '../files/site-files.js';
import { checkSiteFile } from '../files/site-files.js';
import { THEME_COMPONENT_MODULES } from '../markdown/plugins/mdx-theme-components.js';
import type { MigrationNote } from './map-docusaurus.js';

const MAX_FILE_BYTES = 1024 * 1024;
/** Extensions a module path may leave out, as Docusaurus's bundler tries them. */
const MODULE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];
/** `@theme/*` modules docsgen draws itself in content: never the site's to register. */
const THEME_BUILTINS = new Set([
  '@theme/Tabs',
  '@theme/TabItem',
  '@theme/Admonition',
  '@theme/Details',
  ...Object.keys(THEME_COMPONENT_MODULES),
]);
/** Imports content may keep that docsgen reads as content: partials, images, data. */
const CONTENT_EXTENSIONS = /\.(?:mdx?|png|jpe?g|gif|svg|webp|avif|json|ya?ml|txt|css)$/i;

/** One import statement of a page: its source and the default name it binds, if any. */
interface ImportLine {
  source: string;
  defaultName?: string;
  line: number;
}

/** The fence a line opens or closes (``` or ~~~, indented at most 3 spaces, at least 3 long), or undefined. */
function fenceOf(line: string): string | undefined {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  const char = line[i];
  if (char !== '`' && char !== '~') return undefined;
  let end = i;
  while (line[end] === char) end++;
  return end - i >= 3 ? line.slice(i, end) : undefined;
}

/**
 * The import statements at the start of lines (MDX's ESM), joined over the lines a braced list spans; an `import`
 * inside a fenced code block is an example shown to readers, not one.
 */
export function importLines(text: string): ImportLine[] {
  const lines = text.split('\n');
  const found: ImportLine[] = [];
  let open: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const fence = fenceOf(lines[i]);
    if (open !== undefined) {
      // A fence closes with the same character, at least as long, and nothing after it.
      if (fence && fence[0] === open[0] && fence.length >= open.length && lines[i].trim() === fence) open = undefined;
      continue;
    }
    if (fence) {
      open = fence;
      continue;
    }
    if (!lines[i].startsWith('import ')) continue;
    let statement = lines[i];
    for (let j = i + 1; j < lines.length && j < i + 50 && !statement.includes(' from '); j++)
      statement += ` ${lines[j]}`;
    const from = statement.lastIndexOf(' from ');
    if (from === -1) continue;
    const quoted = statement.slice(from + 6).trim();
    const quote = quoted[0];
    if (quote !== "'" && quote !== '"') continue;
    const end = quoted.indexOf(quote, 1);
    if (end === -1) continue;
    const bindings = statement.slice('import '.length, from).trim();
    const first = bindings.startsWith('{') || bindings.startsWith('*') ? '' : bindings.split(',')[0].trim();
    found.push({ source: quoted.slice(1, end), line: i + 1, ...(first ? { defaultName: first } : {}) });
  }
  return found;
}

/** The module file a site path names (with or without its extension, or its folder's index), relative to the root. */
function findModule(rule: FileRule, written: string): string | undefined {
  // `X.js` also names `X.tsx`, as TypeScript sites write their imports.
  const stem = written.replace(/\.(?:tsx|ts|jsx|js|mjs)$/, '');
  const candidates = [
    written,
    ...MODULE_EXTENSIONS.map((ext) => stem + ext),
    ...MODULE_EXTENSIONS.map((ext) => written + ext),
    ...MODULE_EXTENSIONS.map((ext) => path.join(written, `index${ext}`)),
  ];
  for (const candidate of candidates) {
    const check = checkSiteFile(rule, candidate);
    if (check.kind === 'ok' && statSync(check.real).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Finds the components the docs folder's pages import and the config lines
 * that register them; a note for each import that cannot be mapped (a named
 * import, a module outside `src/`, a package, a name taken by another module).
 */
export async function mapContentComponents(
  rule: FileRule,
  docsPath: string,
): Promise<{ components: Record<string, string>; notes: MigrationNote[] }> {
  const dir = path.resolve(rule.root, docsPath);
  const listing = await listSiteFiles(rule, dir, { include: (f) => /\.mdx?$/.test(f), hint: '' });
  const components: Record<string, string> = {};
  const notes: MigrationNote[] = [];
  const note = (file: string, line: number, message: string) =>
    notes.push({ file: path.relative(rule.root, file).split(path.sep).join('/'), path: 'import', line, message });
  for (const file of listing.files) {
    if (statSync(file.real).size > MAX_FILE_BYTES) continue;
    const page = path.join(dir, file.path);
    for (const imported of importLines(readFileSync(file.real, 'utf8'))) {
      const target = sitePathOf(imported.source, page, rule.root);
      if (target === 'ignore') continue;
      const cannot = (why: string) =>
        note(page, imported.line, `the import of '${imported.source}' was not registered as a component: ${why}`);
      if (target === undefined) {
        cannot('it is neither a module of the site (`@site/src/…`) nor a Docusaurus module docsgen provides');
        continue;
      }
      if (CONTENT_EXTENSIONS.test(target)) continue;
      if (!target.startsWith('src/')) {
        cannot("only modules under src/ are the site's own code (content never runs code)");
        continue;
      }
      const name = imported.defaultName;
      if (!name || !/^[A-Z][A-Za-z0-9_]*$/.test(name)) {
        cannot('a component is a capitalised default import; move it to a module of its own and register that');
        continue;
      }
      // The module's file as it is on disk: the config names files, where an import may say `.js` for a `.tsx`.
      const module = findModule(rule, target);
      if (!module) {
        cannot(`no module ${target} was found`);
        continue;
      }
      if (Object.hasOwn(components, name) && components[name] !== module) {
        cannot(`${name} is already registered for '${components[name]}': register it under a name of its own`);
        continue;
      }
      components[name] = module;
    }
  }
  return { components, notes };
}

/**
 * The site path an import names: `src/…` for `@site/src/…`, a path relative
 * to the page, or a swizzled `@theme/X` the site has in `src/theme/X`;
 * 'ignore' for what docsgen provides or reads as content (its `@theme/*` and
 * `@docusaurus/*`, static files); undefined for a package.
 */
function sitePathOf(source: string, page: string, root: string): string | 'ignore' | undefined {
  if (source.startsWith('@site/')) return path.posix.normalize(source.slice('@site/'.length));
  if (source.startsWith('./') || source.startsWith('../')) {
    const relative = path
      .relative(root, path.resolve(path.dirname(page), source))
      .split(path.sep)
      .join('/');
    return relative.startsWith('..') ? undefined : relative;
  }
  if (source.startsWith('@theme/')) {
    return THEME_BUILTINS.has(source) ? 'ignore' : `src/theme/${source.slice('@theme/'.length)}`;
  }
  if (source.startsWith('@docusaurus/')) return 'ignore';
  return undefined;
}
