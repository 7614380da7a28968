import type { ImportDeclaration } from 'estree';
import { describe, expect, it } from 'vitest';
import { findRegisteredModule, whyNotPlainProp } from '../../../cli/markdown/site-components.js';
import { registerHint, siteImportHint } from '../../../cli/markdown/site-import-hints.js';

const registered = {
  BrowserWindow: 'src/components/BrowserWindow.tsx',
  FeatureList: './src/components/FeatureList/index.tsx',
};
const PAGE = 'content/docs/guides/page.mdx';

describe('findRegisteredModule', () => {
  it('matches an @site/ import of a registered module, with or without its extension', () => {
    expect(findRegisteredModule('@site/src/components/BrowserWindow', PAGE, registered)).toBe('BrowserWindow');
    expect(findRegisteredModule('@site/src/components/BrowserWindow.tsx', PAGE, registered)).toBe('BrowserWindow');
    expect(findRegisteredModule('@site/src/components/BrowserWindow.js', PAGE, registered)).toBe('BrowserWindow');
    expect(findRegisteredModule('@site/src/components/FeatureList', PAGE, registered)).toBe('FeatureList');
  });

  it('matches a path relative to the page that names a registered module', () => {
    expect(findRegisteredModule('../../../src/components/BrowserWindow.tsx', PAGE, registered)).toBe('BrowserWindow');
  });

  it('matches a swizzled @theme/ import of a module registered from src/theme/', () => {
    const theme = { Step: 'src/theme/Step/index.js' };
    expect(findRegisteredModule('@theme/Step', PAGE, theme)).toBe('Step');
    expect(findRegisteredModule('@theme/Other', PAGE, theme)).toBeUndefined();
    expect(findRegisteredModule('@theme/Step', PAGE, registered)).toBeUndefined();
  });

  it('matches nothing else: other modules, paths out of the root, packages', () => {
    expect(findRegisteredModule('@site/src/components/Evil', PAGE, registered)).toBeUndefined();
    expect(findRegisteredModule('@site/build.config.ts', PAGE, registered)).toBeUndefined();
    expect(findRegisteredModule('@site/../site/src/components/BrowserWindow', PAGE, registered)).toBeUndefined();
    expect(findRegisteredModule('../../../../src/components/BrowserWindow.tsx', PAGE, registered)).toBeUndefined();
    expect(findRegisteredModule('src/components/BrowserWindow', PAGE, registered)).toBeUndefined();
  });
});

describe('registerHint', () => {
  it('shows the config line to add, from the import when there is one', () => {
    expect(registerHint('Callout')).toContain(
      "add `components: { Callout: 'src/components/Callout.tsx' }` to build.config.ts",
    );
    expect(registerHint('Frame', '@site/src/theme/Frame')).toContain(
      "add `components: { Frame: 'src/theme/Frame' }` to build.config.ts",
    );
  });
});

describe('whyNotPlainProp', () => {
  it('accepts plain data and refuses what cannot be passed to the component thread', () => {
    expect(whyNotPlainProp({ items: [{ title: 'a', done: true }, 1, null] })).toBeUndefined();
    expect(whyNotPlainProp(Number.NaN)).toBe('a number that is not finite');
    expect(whyNotPlainProp([new Date()])).toBe('not plain data (a JSX element or a function)');
  });
});

/** The import statement a page writes, as the MDX parser gives it. */
function importOf(source: string, defaultName?: string, named: string[] = []): ImportDeclaration {
  const id = (name: string) => ({ type: 'Identifier' as const, name });
  return {
    type: 'ImportDeclaration',
    source: { type: 'Literal', value: source },
    attributes: [],
    specifiers: [
      ...(defaultName ? [{ type: 'ImportDefaultSpecifier' as const, local: id(defaultName) }] : []),
      ...named.map((name) => ({ type: 'ImportSpecifier' as const, imported: id(name), local: id(name) })),
    ],
  };
}

describe('siteImportHint', () => {
  it('proposes the module as the import names it, which the config accepts (a folder is read as its index)', () => {
    expect(siteImportHint(importOf('@site/src/theme/Step', 'Step', ['Divider']), PAGE)).toMatch(
      /^add `components: \{ Step: 'src\/theme\/Step' \}` to build.config.ts .*; Divider is a named import: a site component is its module's default export/,
    );
  });

  it('never proposes a registered name for a second module: it proposes a name of its own', () => {
    const hint = siteImportHint(
      importOf('@site/src/components/BrowserWindowLegacy', 'BrowserWindow'),
      PAGE,
      undefined,
      registered,
    );
    expect(hint).toContain(
      "BrowserWindow is registered in build.config.ts for another module ('src/components/BrowserWindow.tsx')",
    );
    expect(hint).toContain("`components: { BrowserWindowLegacy: 'src/components/BrowserWindowLegacy' }`");
    expect(hint).not.toContain('components: { BrowserWindow:');
    // The module's own name taken too: a numbered one.
    const taken = siteImportHint(importOf('@site/src/other/FeatureList', 'FeatureList'), PAGE, undefined, registered);
    expect(taken).toContain("`components: { FeatureList2: 'src/other/FeatureList' }`");
  });

  it('proposes nothing to register for named imports only (a style helper), or an import for its side effect', () => {
    const hint = siteImportHint(importOf('@site/src/utils/getGestureStyles', undefined, ['webContainer']), PAGE);
    expect(hint).toContain('webContainer is a named import; remove the import');
    expect(hint).not.toContain('components: {');
    expect(siteImportHint(importOf('@site/src/css/custom.css'), PAGE)).toBeUndefined();
  });
});
