/**
 * The `code samples` stage as the pipeline runs it, with a fake checker in
 * place of TypeScript: which blocks the checker is given and where, where
 * its links go (the `file.data` each page is compiled with), how its
 * problems are reported and counted, and when it is not run at all.
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { VFile } from 'vfile';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { check } from '../../../cli/commands/check.js';
import type { ExportRefs, PageSampleRefs } from '../../../cli/samples/code-refs.js';
import type { CheckerOptions, SamplePage, SampleResults } from '../../../cli/samples/sample-checker.js';
import type { Diagnostic } from '../../../cli/types.js';
import { FIXTURE_ROOT } from '../api/fixture.js';
import { tempDir } from '../../helpers/run-cli.js';

/** What the fake checker was asked, and what it answers. */
const fake = vi.hoisted(() => ({
  created: [] as CheckerOptions[],
  checked: [] as SamplePage[][],
  closed: 0,
  answer: (pages: SamplePage[]): Partial<SampleResults> => ({ refs: new Map(pages.map((p) => [p.id, {}])) }),
}));

vi.mock('../../../cli/samples/sample-checker.js', () => ({
  createSampleChecker: (options: CheckerOptions) => {
    fake.created.push(options);
    return {
      check: async (pages: SamplePage[]) => {
        fake.checked.push(pages);
        return {
          refs: new Map(),
          exportRefs: {},
          diagnostics: [],
          checked: 0,
          optedOut: 0,
          compilerStarted: false,
          ...fake.answer(pages),
        };
      },
      prestart: () => undefined,
      close: async () => void fake.closed++,
    };
  },
}));

/** The `file.data` each code-block pass saw, by the file it compiled (`(api)` for API fragments). */
const seen = vi.hoisted(() => [] as { file: string; sampleRefs?: PageSampleRefs; exportRefs?: ExportRefs }[]);

vi.mock('../../../cli/markdown/plugins/rehype-code-blocks.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../cli/markdown/plugins/rehype-code-blocks.js')>();
  return {
    ...real,
    rehypeCodeBlocks: (options: Parameters<typeof real.rehypeCodeBlocks>[0]) => {
      const transform = real.rehypeCodeBlocks(options);
      return (tree: Parameters<typeof transform>[0], file: VFile) => {
        seen.push({ file: file.path, sampleRefs: file.data.sampleRefs, exportRefs: file.data.exportRefs });
        return transform(tree, file);
      };
    },
  };
});

const GUIDE = [
  '---',
  'title: Widgets',
  '---',
  '',
  '# Widgets',
  '',
  '```tsx title="App.tsx"',
  "import { Widget } from 'fixture-lib'",
  'new Widget({ size: "small" })',
  '```',
  '',
  '```bash',
  'npm i fixture-lib',
  '```',
  '',
  '```ts nocheck="a fragment"',
  'widget.render()',
  '```',
  '',
].join('\n');
const PROSE = '# Prose\n\nNo code here.\n';
const REFS: PageSampleRefs = {
  somekey: {
    refs: [{ line: 0, start: 9, end: 15, href: '/docs/api/classes/Widget', tip: 0 }],
    tips: [{ signature: 'class Widget' }],
  },
};
const EXPORTS: ExportRefs = { Widget: { href: '/docs/api/classes/Widget' } };

/** A site with fixture-lib's API reference, a guide with code and one without. */
function createSite(config = ''): string {
  const root = tempDir('docsgen-samples-stage-');
  mkdirSync(path.join(root, 'content/docs/guides'), { recursive: true });
  cpSync(path.join(FIXTURE_ROOT, 'node_modules/fixture-lib'), path.join(root, 'node_modules/fixture-lib'), {
    recursive: true,
  });
  writeFileSync(path.join(root, 'content/docs/guides/widgets.md'), GUIDE);
  writeFileSync(path.join(root, 'content/docs/guides/prose.md'), PROSE);
  writeFileSync(
    path.join(root, 'build.config.ts'),
    `export default {\n  title: 'T',\n  url: 'https://example.com',\n  api: { package: 'fixture-lib', sidebar: 'main' },\n${config.includes('home:') ? '' : "  home: { getStartedTo: 'docs/guides/widgets' },\n"}${config}  docs: { sidebars: { main: ['guides/widgets', 'guides/prose'] } },\n};\n`,
  );
  return root;
}

const guidePage = () => fake.checked.flat().find((p) => p.id === 'content/docs/guides/widgets.md')!;
const typeError = (file: string, line: number): Diagnostic => ({
  severity: 'error',
  rule: 'code-sample-type-error',
  message: "Property 'nothere' does not exist on type 'Widget'. (TS2339)",
  file,
  line,
  column: 12,
});

beforeEach(() => {
  fake.created.length = 0;
  fake.checked.length = 0;
  fake.closed = 0;
  fake.answer = (pages) => ({ refs: new Map(pages.map((p) => [p.id, {}])) });
  seen.length = 0;
});

describe('the code samples stage', () => {
  it("gives the checker each page's TypeScript blocks at their lines in the file, front matter counted, opted-out ones included", async () => {
    await check({ root: createSite() });
    expect(fake.created).toHaveLength(1);
    expect(fake.created[0]).toMatchObject({ packageName: 'fixture-lib', timeoutMs: 60_000 });
    expect(fake.created[0]!.setupDir).toMatch(/content[/\\]code-setup$/);
    expect(fake.created[0]!.hrefOf({ kind: 'class', entity: 'Widget', member: 'render' })).toBe(
      '/docs/api/classes/Widget#render',
    );
    expect(guidePage()).toEqual({
      file: 'content/docs/guides/widgets.md',
      id: 'content/docs/guides/widgets.md',
      blocks: [
        {
          lang: 'tsx',
          meta: 'title="App.tsx"',
          code: 'import { Widget } from \'fixture-lib\'\nnew Widget({ size: "small" })',
          line: 8,
          column: 1,
        },
        { lang: 'ts', meta: 'nocheck="a fragment"', code: 'widget.render()', line: 17, column: 1 },
      ],
    });
    expect(fake.checked.flat().find((p) => p.id === 'content/docs/guides/prose.md')!.blocks).toEqual([]);
  });

  it("compiles each page with its own checked blocks' links and the library's exported names", async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, p.id.endsWith('widgets.md') ? REFS : {}])),
      exportRefs: EXPORTS,
    });
    await check({ root: createSite() });
    const guide = seen.find((s) => s.file.endsWith('widgets.md'))!;
    expect(guide.sampleRefs).toEqual(REFS);
    expect(guide.exportRefs).toEqual(EXPORTS);
    expect(seen.find((s) => s.file.endsWith('prose.md'))!.sampleRefs).toEqual({});
  });

  it('reports a type error at its place as a warning by default, and as an error with onCodeSampleErrors: "throw"', async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, {}])),
      diagnostics: pages.some((p) => p.id.endsWith('widgets.md'))
        ? [typeError('content/docs/guides/widgets.md', 9)]
        : [],
    });
    const warned = await check({ root: createSite() });
    expect(warned.ok).toBe(true);
    expect(warned.warnings.filter((w) => w.rule === 'code-sample-type-error')).toEqual([
      expect.objectContaining({ severity: 'warning', line: 9, column: 12 }),
    ]);

    const failing = await check({ root: createSite("  onCodeSampleErrors: 'throw',\n") });
    expect(failing.ok).toBe(false);
    expect(failing.errors).toEqual([
      expect.objectContaining({
        rule: 'code-sample-type-error',
        file: 'content/docs/guides/widgets.md',
        line: 9,
        column: 12,
      }),
    ]);
  });

  it("gives the checker the environment of codeSamples.environment: React Native's by default, the DOM's when set", async () => {
    await check({ root: createSite() });
    await check({ root: createSite("  codeSamples: { environment: 'dom' },\n") });
    expect(fake.created.map((options) => options.environment)).toEqual(['react-native', 'dom']);
  });

  it('counts the blocks checked and opted out, guides and API examples together, and says whether TypeScript started', async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, {}])),
      checked: pages.flatMap((p) => p.blocks).length,
      optedOut: 1,
      compilerStarted: pages.some((p) => p.id.endsWith('widgets.md')),
    });
    const result = await check({ root: createSite('  codeSamples: { apiExamples: {} },\n') });
    const blocks = fake.checked.flat().flatMap((p) => p.blocks).length;
    expect(result.samples).toEqual({ checked: blocks, optedOut: 2, compilerStarted: true });
  });

  it('is not run at all with codeSamples.check: false: no checker, and no page gets sampleRefs', async () => {
    const result = await check({ root: createSite('  codeSamples: { check: false },\n') });
    expect(fake.created).toEqual([]);
    expect(result.samples).toBeUndefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.sampleRefs === undefined && s.exportRefs === undefined)).toBe(true);
  });

  it("checks the home page's code sample at its place in the config, and compiles it with its links", async () => {
    const sample =
      "  home: { getStartedTo: 'docs/guides/widgets', codeSample: { title: 'App.tsx', lang: 'tsx', code: `import { Widget } from 'fixture-lib'\nnew Widget({ size: 'large' })` } },\n";
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, p.file === 'build.config.ts' ? REFS : {}])),
      exportRefs: EXPORTS,
    });
    const root = createSite(sample);
    await check({ root });
    expect(fake.checked.flat().find((p) => p.file === 'build.config.ts')!.blocks).toEqual([
      {
        lang: 'tsx',
        meta: 'title="App.tsx"',
        code: "import { Widget } from 'fixture-lib'\nnew Widget({ size: 'large' })",
        line: 5,
        column: sample.indexOf('import') + 1,
      },
    ]);
    expect(seen.filter((s) => s.file === '(api)' && s.sampleRefs === REFS)).toHaveLength(1);
  });

  it('closes the checker when the build ends, and when it fails', async () => {
    await check({ root: createSite() });
    expect(fake.closed).toBe(1);
    fake.answer = () => {
      throw new Error('the checker broke');
    };
    await expect(check({ root: createSite() })).rejects.toThrow('the checker broke');
    expect(fake.closed).toBe(2);
  });
});

describe('the pages cache with code samples', () => {
  it('compiles a page again when its links change, and reuses it while they do not', async () => {
    const root = createSite();
    let refs: PageSampleRefs = REFS;
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, p.id.endsWith('widgets.md') ? refs : {}])),
      exportRefs: EXPORTS,
    });
    await check({ root });
    seen.length = 0;
    await check({ root });
    expect(seen.filter((s) => s.file.endsWith('.md'))).toEqual([]);

    refs = { somekey: { ...REFS.somekey!, tips: [{ signature: 'class Widget<T>' }] } };
    await check({ root });
    expect(seen.filter((s) => s.file.endsWith('.md')).map((s) => [path.basename(s.file), s.sampleRefs])).toEqual([
      ['widgets.md', refs],
    ]);
  });

  it("compiles every page again when the library's exported names change", async () => {
    const root = createSite();
    let exportRefs: ExportRefs = EXPORTS;
    fake.answer = (pages) => ({ refs: new Map(pages.map((p) => [p.id, {}])), exportRefs });
    await check({ root });
    exportRefs = { ...EXPORTS, createWidget: { href: '/docs/api/functions/createWidget' } };
    seen.length = 0;
    await check({ root });
    expect(
      seen
        .filter((s) => s.file.endsWith('.md'))
        .map((s) => path.basename(s.file))
        .sort(),
    ).toEqual(['prose.md', 'widgets.md']);
    expect(seen.every((s) => s.exportRefs === undefined || Object.keys(s.exportRefs).includes('createWidget'))).toBe(
      true,
    );
  });
});

describe("the API reference's @examples", () => {
  const examplePages = () => fake.checked.flat().filter((p) => p.file.startsWith('node_modules/'));

  it("are checked at their code in the library's source, with apiExamples.setup as their setup", async () => {
    await check({ root: createSite("  codeSamples: { apiExamples: { setup: 'fixture' } },\n") });
    const blocks = examplePages().map((p) => ({ file: p.file, ...p.blocks[0] }));
    expect(blocks).toEqual(
      expect.arrayContaining([
        {
          file: 'node_modules/fixture-lib/src/functions.ts',
          lang: 'ts',
          meta: 'setup=fixture',
          code: "createWidget({ size: 'large' })",
          line: 14,
          column: 4,
        },
        {
          file: 'node_modules/fixture-lib/src/widget.ts',
          lang: 'tsx',
          meta: 'setup=fixture',
          code: "const widget = new Widget({ size: 'small' })",
          line: 19,
          column: 4,
        },
        {
          file: 'node_modules/fixture-lib/src/widget.ts',
          lang: 'ts',
          meta: 'setup=fixture',
          code: 'widget.render(2)',
          line: 43,
          column: 6,
        },
      ]),
    );
    expect(new Set(examplePages().map((p) => p.id)).size).toBe(examplePages().length);
  });

  it('are not checked unless codeSamples.apiExamples is set: the checker never sees them, and their code links exact exported names', async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, {}])),
      exportRefs: EXPORTS,
      diagnostics: pages
        .filter((p) => p.file.startsWith('node_modules/'))
        .map((p) => typeError(p.file, p.blocks[0]!.line)),
    });
    const result = await check({ root: createSite() });
    expect(examplePages()).toEqual([]);
    expect(result.ok).toBe(true);
    expect(
      [...result.errors, ...result.warnings].filter(
        (d) => d.rule.startsWith('code-sample') && d.file?.startsWith('node_modules/'),
      ),
    ).toEqual([]);
    const api = seen.filter((s) => s.file === '(api)');
    expect(api.length).toBeGreaterThan(0);
    for (const fragment of api) expect(fragment).toEqual({ file: '(api)', sampleRefs: undefined, exportRefs: EXPORTS });
  });

  it("are highlighted with their links: every API fragment is compiled with the examples' links", async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, p.file.endsWith('functions.ts') ? REFS : {}])),
      exportRefs: EXPORTS,
    });
    await check({ root: createSite('  codeSamples: { apiExamples: {} },\n') });
    const api = seen.filter((s) => s.file === '(api)');
    expect(api.length).toBeGreaterThan(0);
    for (const fragment of api) expect(fragment).toEqual({ file: '(api)', sampleRefs: REFS, exportRefs: EXPORTS });
  });

  it('report a problem shown on two pages (an inherited member) once, at its place in the source', async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, {}])),
      diagnostics: pages
        .filter((p) => p.blocks[0]?.code === 'widget.render(2)')
        .map((p) => typeError(p.file, p.blocks[0]!.line)),
    });
    const result = await check({
      root: createSite("  onCodeSampleErrors: 'throw',\n  codeSamples: { apiExamples: {} },\n"),
    });
    expect(examplePages().filter((p) => p.blocks[0]?.code === 'widget.render(2)').length).toBe(2);
    expect(result.errors).toEqual([
      expect.objectContaining({
        rule: 'code-sample-type-error',
        file: 'node_modules/fixture-lib/src/widget.ts',
        line: 43,
      }),
    ]);
  });

  it("skipped by apiExamples.skip (an inherited member's with its origin's) are not checked but counted as opted out; a skip that names no example is a warning at its key", async () => {
    fake.answer = (pages) => ({
      refs: new Map(pages.map((p) => [p.id, {}])),
      checked: pages.flatMap((p) => p.blocks).length,
    });
    const root = createSite(
      "  codeSamples: {\n    apiExamples: {\n      skip: {\n        'Widget.render': 'uses a widget made elsewhere',\n        'Widget.paint': 'renamed',\n      },\n    },\n  },\n",
    );
    const result = await check({ root });
    expect(examplePages().map((p) => p.blocks[0]!.code)).not.toContain('widget.render(2)');
    // Widget.render, and FancyWidget.render that inherits it.
    expect(result.samples).toMatchObject({ optedOut: 2 });
    expect(result.warnings.filter((w) => w.rule === 'code-sample-stale-skip')).toEqual([
      expect.objectContaining({
        file: 'build.config.ts',
        line: 10,
        column: 9,
        message: "codeSamples.apiExamples.skip names 'Widget.paint', which has no @example in the API reference",
      }),
    ]);
  });
});
