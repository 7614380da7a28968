/**
 * What to do about a component content uses or imports that the config does
 * not register: the config line to add, spelled so that the config accepts it
 * (the module as the import names it), never one that takes a registered
 * name from another module. The hint of a refused import is repeated at every
 * use of the names it binds, so an import and its tags never disagree.
 */
import path from 'node:path';
import type { ImportDeclaration } from 'estree';
import { siteModulePath, type SiteImportBinding } from './site-components.js';

/** Why site components are registered in the config, said after every config line a hint proposes. */
const WHY = 'site components come only from the config: their modules are trusted code, rendered at build time';

/** The hint for a component or an import content uses that the config does not register: the config line to add. */
export function registerHint(name: string, modulePath?: string): string {
  const file = modulePath?.startsWith('@site/') ? modulePath.slice('@site/'.length) : `src/components/${name}.tsx`;
  return `add \`components: { ${name}: '${file}' }\` to build.config.ts (${WHY})`;
}

/**
 * The hint for an import of a module of the site the config does not
 * register (`@site/src/X`, or `../../src/components/X.js` as Docusaurus pages
 * often write it): the config line to add. Undefined for other imports, and
 * for a module among the content folders `content` names (content can never
 * be registered as code).
 */
export function siteImportHint(
  statement: ImportDeclaration,
  pageFile: string,
  content?: { root: string; allowed: readonly string[] },
  registered: Readonly<Record<string, string>> = {},
): string | undefined {
  const source = String(statement.source.value);
  // Markdown partials are content, not components.
  if (source.endsWith('.md') || source.endsWith('.mdx')) return undefined;
  const target = siteModulePath(source, pageFile);
  if (target === undefined) return undefined;
  // A module among the content (the docs or a static folder) is never the site's own code: it cannot be registered.
  const absolute = content && path.resolve(content.root, target);
  if (absolute && content.allowed.some((folder) => absolute === folder || absolute.startsWith(folder + path.sep)))
    return undefined;
  const local = statement.specifiers.find((s) => s.type === 'ImportDefaultSpecifier')?.local.name;
  const named = statement.specifiers.filter((s) => s.type !== 'ImportDefaultSpecifier').map((s) => s.local.name);
  const namedNote = named.length
    ? `; ${named.join(', ')} ${named.length === 1 ? 'is a named import' : 'are named imports'}: a site component is its module's default export, so each needs a module of its own to register`
    : '';
  // Only named imports (a style helper, a list of examples): nothing to register as it is; no import at all: a side effect.
  if (local === undefined)
    return named.length
      ? `content can import a site component only, a module's default export registered in build.config.ts: ${named.join(', ')} ${named.length === 1 ? 'is a named import' : 'are named imports'}; remove the import, or move each component to a module of its own and register that`
      : undefined;
  if (!Object.hasOwn(registered, local)) return `${registerHint(local, `@site/${target}`)}${namedNote}`;
  // The page binds a registered name to a second module: proposing that name again would take it from the first.
  const name = freeName(moduleName(target), local, registered);
  return `${local} is registered in build.config.ts for another module ('${registered[local]}'), and this page imports '${source}' under that name: register this module under a name of its own, \`components: { ${name}: '${target}' }\`; the import then names it ${local} on this page only (${WHY})${namedNote}`;
}

/**
 * Remembers what to do about the names a refused import binds, so that a use
 * of one (`<Step>`) says what its import said instead of guessing a path;
 * a name it takes from a registered component is no longer that component
 * on this page (it would show another module than the one imported).
 */
export function refuseImportedNames(
  statement: ImportDeclaration,
  importHint: string,
  site: SiteImportBinding,
  isSiteModule: boolean,
): void {
  const source = String(statement.source.value);
  for (const specifier of statement.specifiers) {
    const local = specifier.local.name;
    site.bound.delete(local);
    const hint =
      specifier.type === 'ImportDefaultSpecifier' || !isSiteModule
        ? `<${local}> is imported from '${source}': ${importHint}`
        : `<${local}> is a named import from '${source}', and a site component is its module's default export: move it to a module of its own whose default export it is, and register that module (\`components: { ${local}: '…' }\` in build.config.ts)`;
    site.refused.set(local, hint);
  }
}

/** A component name from a module path: its file's name, or its folder's for an `index` file (`src/theme/Step/index.js` is Step). */
function moduleName(target: string): string {
  const parts = target.split('/');
  let base = parts.pop() ?? '';
  if (base.includes('.')) base = base.slice(0, base.indexOf('.'));
  if (base === 'index' && parts.length) base = parts[parts.length - 1];
  return base;
}

/** A name the config does not use yet for a module: its own name when that is free, else the taken name with a number. */
function freeName(own: string, taken: string, registered: Readonly<Record<string, string>>): string {
  if (/^[A-Z][A-Za-z0-9_]*$/.test(own) && own !== taken && !Object.hasOwn(registered, own)) return own;
  for (let n = 2; ; n++) if (!Object.hasOwn(registered, `${taken}${n}`)) return `${taken}${n}`;
}
