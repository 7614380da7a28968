import { describe, expect, it } from 'vitest';
import {
  asSidebarProblem,
  findSidebarProblem,
  formatConfigPath,
  MAX_SIDEBAR_DEPTH,
  placeOfProblem,
} from '../../../cli/config/config-shape.js';
import { configTimeoutMs } from '../../../cli/config/evaluate-config.js';
import { validateConfig } from '../../../cli/config/load-config.js';
import { DocsgenError } from '../../../cli/errors.js';

/** A sidebar of `depth` categories, each inside the last. */
function nested(depth: number): unknown {
  let node: unknown = 'guides/intro';
  for (let i = 0; i < depth; i++) node = { type: 'category', label: `Level ${i}`, items: [node] };
  return node;
}
const withSidebar = (main: unknown) => ({ title: 'T', url: 'https://t.dev', docs: { sidebars: { main } } });

function validationError(raw: unknown, source?: string): DocsgenError {
  try {
    validateConfig(raw, 'build.config.ts', source);
  } catch (error) {
    return error as DocsgenError;
  }
  throw new Error('expected validateConfig to fail');
}

describe('formatConfigPath', () => {
  it('writes keys with dots and indices in brackets, odd keys quoted', () => {
    expect(formatConfigPath(['docs', 'sidebars', 'main', 0, 'items'])).toBe('docs.sidebars.main[0].items');
    expect(formatConfigPath(['navbar', 'items', 2, 'aria-label'])).toBe('navbar.items[2]["aria-label"]');
    expect(formatConfigPath([])).toBe('(root)');
  });

  it('shortens a long path in the middle', () => {
    const path = ['docs', 'sidebars', 'main', 0, ...Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'items' : 0))];
    expect(formatConfigPath(path)).toBe('docs.sidebars.main[0].items[0].items[0] … items[0]');
  });
});

describe('sidebar shape, checked before zod (which would recurse without end)', () => {
  it(`accepts ${MAX_SIDEBAR_DEPTH} levels of categories and refuses one more, naming the first category past the limit`, () => {
    expect(findSidebarProblem(withSidebar([nested(MAX_SIDEBAR_DEPTH)]))).toBeUndefined();
    const problem = findSidebarProblem(withSidebar([nested(MAX_SIDEBAR_DEPTH + 1)]));
    expect(problem).toMatchObject({ kind: 'sidebar-too-deep', near: ['Level 0'] });
    expect(problem?.path).toHaveLength(4 + 2 * MAX_SIDEBAR_DEPTH);
  });

  it('refuses a sidebar nested 100,000 deep without overflowing the stack', () => {
    const error = validationError(withSidebar([nested(100_000)]));
    expect(error.exitCode).toBe(2);
    expect(error.diagnostics[0]).toMatchObject({
      rule: 'config-too-deep',
      message: 'docs.sidebars.main[0].items[0].items[0] … items[0]: categories nested more than 20 levels deep',
    });
  });

  it('refuses a sidebar that contains itself, with its place in the source', () => {
    const items: unknown[] = [];
    items.push({ type: 'category', label: 'Loop', items });
    const source =
      "const items = [];\nitems.push({ type: 'category', label: 'Loop', items });\nexport default { docs: { sidebars: { main: items } } };\n";
    const error = validationError(withSidebar(items), source);
    expect(error.diagnostics[0]).toMatchObject({
      rule: 'config-cycle',
      message: 'docs.sidebars.main[0].items: contains itself (it is docs.sidebars.main)',
      line: 2,
      column: 39,
    });
  });

  it('refuses a cycle through a nested category, and allows one array used twice (not a cycle)', () => {
    const inner = { type: 'category', label: 'Inner', items: [] as unknown[] };
    const outer = { type: 'category', label: 'Outer', items: [inner] };
    inner.items.push(outer);
    expect(findSidebarProblem(withSidebar([outer]))).toMatchObject({
      kind: 'cycle',
      path: ['docs', 'sidebars', 'main', 0, 'items', 0, 'items', 0, 'items'],
      target: ['docs', 'sidebars', 'main', 0, 'items'],
    });
    const shared = ['guides/intro'];
    expect(
      findSidebarProblem(
        withSidebar([
          { type: 'category', label: 'A', items: shared },
          { type: 'category', label: 'B', items: shared },
        ]),
      ),
    ).toBeUndefined();
  });

  it('reads a value nested past the config limit inside a sidebar as a sidebar nested too deep', () => {
    const path = ['docs', 'sidebars', 'main', 0, ...Array.from({ length: 96 }, (_, i) => (i % 2 === 0 ? 'items' : 0))];
    expect(asSidebarProblem({ kind: 'too-deep', path, near: ['Level 47'] })).toEqual({
      kind: 'sidebar-too-deep',
      path: path.slice(0, 4 + 2 * MAX_SIDEBAR_DEPTH),
      near: [],
    });
    const elsewhere = ['search', 'searchParameters', ...Array.from({ length: 98 }, () => 'deeper')];
    expect(asSidebarProblem({ kind: 'too-deep', path: elsewhere, near: [] }).kind).toBe('too-deep');
  });
});

describe('placeOfProblem', () => {
  it('prefers the key itself, then a label on the path, then a key above; each only when written once', () => {
    const source = "export default {\n  navbar: { items: [{ label: 'Docs', to: () => '/docs' }] },\n};\n";
    expect(placeOfProblem(source, { kind: 'function', path: ['navbar', 'items', 0, 'to'], near: ['Docs'] })).toEqual({
      line: 2,
      column: 38,
    });
    expect(placeOfProblem(source, { kind: 'instance', path: ['navbar', 'items', 0], near: ['Docs'] })).toEqual({
      line: 2,
      column: 30,
    });
    expect(placeOfProblem('a: 1,\na: 2,\n', { kind: 'symbol', path: ['a'], near: [] })).toEqual({});
  });
});

describe('configTimeoutMs', () => {
  it('is 30 s by default, and DOCSGEN_CONFIG_TIMEOUT seconds when set', () => {
    expect(configTimeoutMs({})).toBe(30_000);
    expect(configTimeoutMs({ DOCSGEN_CONFIG_TIMEOUT: '' })).toBe(30_000);
    expect(configTimeoutMs({ DOCSGEN_CONFIG_TIMEOUT: '2.5' })).toBe(2_500);
    expect(configTimeoutMs({ DOCSGEN_CONFIG_TIMEOUT: '999999999' })).toBe(2 ** 31 - 1);
  });

  it.each(['0', '-1', 'soon', '1e3', 'Infinity'])('refuses %j with exit 2', (value) => {
    expect(() => configTimeoutMs({ DOCSGEN_CONFIG_TIMEOUT: value })).toThrow(DocsgenError);
  });
});
