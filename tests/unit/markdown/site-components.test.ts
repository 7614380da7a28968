import { describe, expect, it } from 'vitest';
import { findRegisteredModule, whyNotPlainProp } from '../../../cli/markdown/site-components.js';
import { registerHint } from '../../../cli/markdown/site-import-hints.js';

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
