import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { ImportDeclaration } from 'estree';
import type { Nodes } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import type { VFile } from 'vfile';
import type { ComponentCall } from '../types.js';

declare module 'vfile' {
  interface DataMap {
    /** The page's uses of site components, in the order of their markers. */
    componentCalls: ComponentCall[];
    /** The tag of the elements that stand for them until rehype-component-markers.ts: random per page. */
    componentMarker: string;
  }
}

/** The module extensions an import may leave out or spell differently (`@site/src/X` or `.js` for `X.tsx`). */
const SCRIPT_EXTENSION = /\.(?:tsx|ts|jsx|js|mjs)$/;

/** A module path as one comparable form: relative to the site root, `/`-separated, no `./`, no script extension, no `/index`. */
function moduleKey(modulePath: string): string {
  const normal = path.posix.normalize(modulePath.split(path.sep).join('/')).replace(/^\.\//, '');
  const bare = normal.replace(SCRIPT_EXTENSION, '');
  return bare.endsWith('/index') ? bare.slice(0, -'/index'.length) : bare;
}

/**
 * The registered component an import names, or undefined. Content may import
 * a component module as `@site/<path>`, a swizzled one as `@theme/<name>`
 * (`src/theme/<name>`), or by a path relative to the page,
 * with or without its extension; only a module the config registered
 * (`components`) matches, and nothing is ever loaded from what content
 * writes: the import only binds a name.
 */
export function findRegisteredModule(
  source: string,
  pageFile: string,
  registered: Readonly<Record<string, string>>,
): string | undefined {
  // A swizzled `@theme/X` is the site's src/theme/X, as Docusaurus resolves it (docsgen's own come first).
  const target = source.startsWith('@theme/')
    ? `src/theme/${source.slice('@theme/'.length)}`
    : siteModulePath(source, pageFile);
  if (target === undefined) return undefined;
  const key = moduleKey(target);
  return Object.keys(registered).find((name) => moduleKey(registered[name]) === key);
}

/** The site-relative path an `@site/` or relative import names, or undefined for a package or a path out of the site. */
export function siteModulePath(source: string, pageFile: string): string | undefined {
  const target = source.startsWith('@site/')
    ? source.slice('@site/'.length)
    : source.startsWith('./') || source.startsWith('../')
      ? path.posix.join(path.posix.dirname(pageFile.split(path.sep).join('/')), source)
      : undefined;
  if (target === undefined) return undefined;
  const normal = path.posix.normalize(target).replace(/^\.\//, '');
  return normal === '..' || normal.startsWith('../') ? undefined : normal;
}

/** Reports an error at a place in the page (remark-mdx-static.ts's `fail`). */
type Fail = (reason: string, place: { position?: Nodes['position'] }, hint?: string) => void;

/** The page's site components: the config's map (name → module path), and the names content uses for them. */
export interface SiteImportBinding {
  registered: Readonly<Record<string, string>>;
  /** Local name → registered name: every registered name, and the names imports bind. */
  bound: Map<string, string>;
  /** Local name → what to do, for the names an import that was refused binds: their uses repeat its hint. */
  refused: Map<string, string>;
  file: VFile;
}

/**
 * Binds the names an import of a registered component module gives it (the
 * default import only: the module's default export is the component); false
 * when the import names no registered module.
 */
export function bindSiteImport(
  statement: ImportDeclaration,
  site: SiteImportBinding,
  place: { position?: Nodes['position'] },
  fail: Fail,
): boolean {
  const name = findRegisteredModule(String(statement.source.value), site.file.path, site.registered);
  if (name === undefined) return false;
  for (const specifier of statement.specifiers) {
    if (specifier.type === 'ImportDefaultSpecifier') site.bound.set(specifier.local.name, name);
    else
      fail(
        `only the default import of a site component is allowed: \`import ${name} from '${statement.source.value}'\``,
        place,
        "the component is the module's default export (`components` in build.config.ts)",
      );
  }
  return true;
}

/** Why a prop cannot be given to a component (it must be plain data), or undefined when it can. */
export function whyNotPlainProp(value: unknown, depth = 0): string | undefined {
  if (value === null || value === undefined || typeof value === 'string' || typeof value === 'boolean')
    return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'a number that is not finite';
  if (depth > 50) return 'a value nested too deeply';
  if (Array.isArray(value)) return value.map((item) => whyNotPlainProp(item, depth + 1)).find(Boolean);
  if (typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.values(value)
      .map((item) => whyNotPlainProp(item, depth + 1))
      .find(Boolean);
  }
  return 'not plain data (a JSX element or a function)';
}

/**
 * Turns a JSX element that uses a registered component into a stand-in
 * element for remark-rehype: its children are compiled and sanitised as
 * content, and rehype-component-markers.ts wraps them in the use's markers.
 */
export function markComponentUse(
  node: MdxJsxFlowElement | MdxJsxTextElement,
  name: string,
  props: Record<string, unknown>,
  file: VFile,
  fail: Fail,
): void {
  for (const [prop, value] of Object.entries(props)) {
    const why = whyNotPlainProp(value);
    if (why === undefined) continue;
    fail(
      `the prop ${prop} of <${node.name}> is ${why}: a site component's props are plain data`,
      node,
      'pass strings, numbers, booleans, arrays or objects of them',
    );
    delete props[prop];
  }
  const calls = (file.data.componentCalls ??= []);
  file.data.componentMarker ??= `dg-use-${randomBytes(8).toString('hex')}`;
  const start = node.position?.start;
  calls.push({
    name,
    props: { ...props },
    children: node.children.length > 0,
    ...(start ? { line: start.line, column: start.column } : {}),
  });
  node.data = { ...node.data, hName: file.data.componentMarker, hProperties: { dataUse: String(calls.length - 1) } };
}
