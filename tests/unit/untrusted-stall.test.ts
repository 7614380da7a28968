import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../cli/check/check-links.js';
import { explainDraftLinks } from '../../cli/check/draft-links.js';
import { extractHtmlRefs } from '../../cli/render/extract-html-refs.js';
import { configSchema } from '../../cli/config/schema.js';
import {
  COSTLY_CODE,
  compileDeadlineMs,
  CostlyCodeError,
  isCostly,
  measureCodeCost,
  measureCompileCost,
} from '../../cli/markdown/compile-cost.js';
import { pageTimeoutMs } from '../../cli/markdown/compile-pool.js';
import { planDocs } from '../../cli/routes/plan-docs.js';
import { extractSections } from '../../cli/search/extract-sections.js';
import { cacheControlOf } from '../../cli/serve/content-types.js';
import { parseRequestPath } from '../../cli/serve/request-path.js';
import type { ContentFile, Diagnostic, LinkRef, Route } from '../../cli/types.js';
import { showControlChars } from '../../cli/visible-text.js';
import { compile, preprocessSource } from '../helpers/compile.js';
import { expectLinearGrowth, measureGrowth } from '../helpers/cost-growth.js';
import { repoRoot } from '../helpers/run-cli.js';

/**
 * Content cannot stall a build: every stage that reads content, run on 1 MB
 * adversarial lines (whole pages: 128 KB), costs less than quadratic work on
 * them could (a second), or else at most thirty times what it costs on a tenth
 * of the input (tests/helpers/cost-growth.ts): a busy machine slows a run
 * down, a quadratic stage makes it a hundred times dearer, which takes minutes
 * or hours on 1 MB. No bound fails a test because the machine is slow or busy.
 */
const MB = 1024 * 1024;
const pump = (piece: string, size = MB) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size);
/** A tenth of a megabyte per unit of scale: 100 KB, and 1 MB at the growth helpers' factor of 10. */
const tenths = (scale: number) => Math.round((MB / 10) * scale);
/**
 * The lines whole pages are compiled on: 12.8 KB, and 128 KB at the factor of 10. That is enough to tell: quadratic
 * work on 128 KB takes 16 s (at a nanosecond per pair of characters), linear work a tenth of a second. The CLI
 * builds pages of 1 MB lines, and one of 5 MB, in tests/integration/untrusted-stall.test.ts.
 */
const pageLine = (scale: number) => Math.round((MB / 80) * scale);

/** What the issue lists, and more: blanks, heading ids, slashes, directives, tags, code, words, references, escapes, tables. */
const PIECES = [' ', '\t', '#', '{#', '{#a} ', '/', ':::', '<', '`', 'a ', '&#', '\\', '|', '.md#'];
/** Where a piece goes: a paragraph, a heading with an id, an admonition title, a link URL, a code fence's meta (a word after the piece, as attack strings end). */
const PLACES: Record<string, (x: string) => string> = {
  paragraph: (x) => x,
  heading: (x) => `## Title ${x} end {#id}`,
  admonition: (x) => `:::tip Title ${x} end\n\nText.\n\n:::`,
  'link URL': (x) => `[link](/docs/${x.replace(/[\s()<>]/g, '')}x)`,
  // Split into words, searched for `tab`, `file=` and words docsgen does not read (issue 29).
  'code fence meta': (x) =>
    `\`\`\`ts tab title="a" ${x.replace(/[\n`]/g, '')} live file=./none.ts#L1\nconst a = 1\n\`\`\``,
};
describe('content cannot stall a build: each stage on 1 MB adversarial lines', () => {
  it('preprocessSource costs linear time on any line up to 1 MB', async () => {
    const slow: string[] = [];
    for (const piece of [...PIECES, '[', '*', '_']) {
      for (const [place, wrap] of Object.entries(PLACES)) {
        for (const format of ['md', 'mdx'] as const) {
          const growth = await measureGrowth(
            `${JSON.stringify(piece)} in a ${place} (${format})`,
            (scale) => wrap(pump(piece, tenths(scale))),
            (source) => preprocessSource(source, format),
          );
          if (growth.problem) slow.push(growth.problem);
        }
      }
    }
    expect(slow).toEqual([]);
  });

  it.each(['md', 'mdx'] as const)(
    'compiling, indexing and link-reading a page costs linear time on lines up to 128 KB, or the page is guarded (%s)',
    async (format) => {
      const slow: string[] = [];
      const guarded: string[] = [];
      for (const piece of PIECES) {
        for (const [place, wrap] of Object.entries(PLACES)) {
          const pageOf = (scale: number) => `# Page\n\n${wrap(pump(piece, pageLine(scale)))}\n\nThe end.\n`;
          // A page the parser is slow on is compiled under a deadline instead (tests/integration/untrusted-stall.test.ts).
          if (isCostly(pageOf(10), format)) {
            guarded.push(`${JSON.stringify(piece)} in a ${place}`);
            continue;
          }
          // A 128 KB page compiled in under 1.25 s of CPU passes as it is: quadratic work on it would take 16 s.
          const growth = await measureGrowth(
            `${JSON.stringify(piece)} in a ${place}`,
            pageOf,
            async (source) => {
              const { html } = await compile(source, format);
              extractSections(`<article><div class="markdown">${html}</div></article>`);
              extractHtmlRefs(html);
            },
            { floorMs: 1_250 },
          );
          if (growth.problem) slow.push(growth.problem);
        }
      }
      expect(slow).toEqual([]);
      // Guarded among these: only long runs of escapes, references and tags (linear, but seconds), and MDX expressions.
      const mayBeGuarded = ['<', '&#', '&amp;', '\\', ...(format === 'mdx' ? ['{#', '{#a} ', '{'] : [])];
      expect(guarded.filter((g) => !mayBeGuarded.some((piece) => g.startsWith(`${JSON.stringify(piece)} in`)))).toEqual(
        [],
      );
      expect(guarded).toContain('"\\\\" in a paragraph');
    },
    600_000,
  );

  it('pages the parser would be slow on are recognised as costly, and compiled where they can be stopped', () => {
    // Unmatched emphasis, strikethrough and brackets: the parser pairs each closer by walking back over the paragraph.
    for (const piece of ['*a **a ', 'a_ ', '~a', '[', ']', '](', '[a](b', '[ (](', 'a]'])
      expect(isCostly(`# Page\n\n${pump(piece, 64 * 1024)}\n`, 'md'), piece).toBe(true);
    // In MDX, expressions too.
    expect(isCostly(`# Page\n\n${pump('{#a} ', 64 * 1024)}\n`, 'mdx')).toBe(true);
    expect(isCostly(`# Page\n\n${pump('{#a} ', 64 * 1024)}\n`, 'md')).toBe(false);
    // Prose, even 5 MB of it on one line, and a 10,000-row table are not: they stay on the fast path.
    expect(
      isCostly(`# Big\n\n${pump('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 5 * MB)}\n`, 'md'),
    ).toBe(false);
    expect(
      isCostly(
        `| a | b |\n| - | - |\n${Array.from({ length: 10_000 }, (_, i) => `| row ${i} | value ${i} |`).join('\n')}\n`,
        'md',
      ),
    ).toBe(false);
    // Nor is any guide of this repository's own site.
    const guides = path.join(repoRoot, 'content/docs/guides');
    for (const name of readdirSync(guides))
      expect(isCostly(readFileSync(path.join(guides, name), 'utf8'), name.endsWith('.mdx') ? 'mdx' : 'md'), name).toBe(
        false,
      );
  });

  it('gives a page 10 s to compile, and 10 s more per started MB; DOCSGEN_PAGE_TIMEOUT sets the step', () => {
    // The integration cases stop costly pages with a shorter step (tests/integration/untrusted-stall.test.ts): the default is pinned here.
    expect(pageTimeoutMs({})).toBe(10_000);
    expect(compileDeadlineMs('*a **a '.repeat(7_000), pageTimeoutMs({}))).toBe(20_000);
    expect(compileDeadlineMs('a'.repeat(MB), pageTimeoutMs({}))).toBe(20_000);
    expect(compileDeadlineMs('a'.repeat(MB + 1), pageTimeoutMs({}))).toBe(30_000);
    expect(compileDeadlineMs('a', pageTimeoutMs({ DOCSGEN_PAGE_TIMEOUT: '3' }))).toBe(6_000);
    expect(compileDeadlineMs('a', pageTimeoutMs({ DOCSGEN_PAGE_TIMEOUT: '0.5' }))).toBe(1_000);
    expect(() => pageTimeoutMs({ DOCSGEN_PAGE_TIMEOUT: 'soon' })).toThrow(
      "DOCSGEN_PAGE_TIMEOUT must be a number of seconds greater than 0, not 'soon'",
    );
  });

  it('measures markers per paragraph and names the worst one', () => {
    expect(measureCompileCost('# T\n\na *b* c\n\n- [x](y)\n- z\n\n*a *a *a\n*a\n\nend &amp; \\<')).toEqual({
      markers: 4 + 4 + 16,
      tokens: 3,
      line: 8,
    });
    expect(measureCompileCost('')).toEqual({ markers: 0, tokens: 0, line: 1 });
    expect(measureCompileCost('{a} {b}', 'mdx').markers).toBe(16);
    expect(measureCompileCost('{a} {b}', 'md').markers).toBe(0);
    expect(measureCompileCost(pump('[', 5 * MB)).markers).toBe((5 * MB) ** 2);
  });

  it('code costly to highlight stops the fast-path compile at its block, to be compiled where it can be stopped', async () => {
    const limits = { codeBudget: COSTLY_CODE };
    const fence = (lang: string, code: string) => `# Page\n\nText.\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`;
    // One line over 1,000 characters, or many short lines adding up (the sum of squared lengths).
    await expect(compile(fence('cpp', 'a::'.repeat(400)), 'md', undefined, { limits })).rejects.toEqual(
      expect.objectContaining({ line: 5 }),
    );
    await expect(compile(fence('cpp', 'a::'.repeat(400)), 'md', undefined, { limits })).rejects.toBeInstanceOf(
      CostlyCodeError,
    );
    const manyLines = Array.from({ length: 12_000 }, (_, i) => `int value${i} = ${i}; // about forty characters`).join(
      '\n',
    );
    await expect(compile(fence('cpp', manyLines), 'md', undefined, { limits })).rejects.toBeInstanceOf(CostlyCodeError);
    // Code no grammar reads costs nothing: plain text and unknown languages.
    for (const lang of ['text', '', 'klingon'])
      await expect(compile(fence(lang, 'a'.repeat(100_000)), 'md', undefined, { limits })).resolves.toBeDefined();
    // This site's guides stay on the fast path.
    const guides = path.join(repoRoot, 'content/docs/guides');
    for (const name of readdirSync(guides)) {
      const format = name.endsWith('.mdx') ? 'mdx' : 'md';
      await expect(
        compile(readFileSync(path.join(guides, name), 'utf8'), format, path.join(guides, name), { limits }),
        name,
      ).resolves.toBeDefined();
    }
  });

  it('measures code by its squared line lengths and its longest line', () => {
    expect(measureCodeCost('ab\n\nabcd')).toEqual({ squares: 4 + 0 + 16, longest: 4 });
    expect(measureCodeCost('')).toEqual({ squares: 0, longest: 0 });
  });

  it('the link checker and the draft-link pass cost linear time, up to a page with 150,000 links', async () => {
    const config = configSchema.parse({ title: 'T', url: 'https://example.com' });
    /** A page with 15,000 links per unit of scale, none of which resolves. */
    const bigPage = (scale: number) => {
      const links: LinkRef[] = Array.from({ length: 15_000 * scale }, (_, i) => ({
        url: `./p${i}.md`,
        href: `/docs/p${i}`,
        kind: 'link',
        line: 3,
        column: 1 + 7 * i,
      }));
      const route: Route = {
        path: '/docs/big',
        kind: 'doc',
        title: 'Big',
        file: 'content/docs/big.md',
        content: { html: '', headings: [], links, assets: {}, diagnostics: [] },
      };
      const missing: Diagnostic[] = links.map((l) => ({
        severity: 'error',
        rule: 'broken-markdown-link',
        message: 'm',
        file: route.file,
        line: l.line,
        column: l.column,
      }));
      return { links, route, missing, refs: { ids: new Set<string>(), refs: links.map((l) => l.href) } };
    };
    // What the runs on the largest page found (the last runs measured are on the smaller ones).
    const found = new Map<string, Diagnostic[]>();
    const keep = (name: string, links: LinkRef[], diagnostics: Diagnostic[]) =>
      links.length === 150_000 && found.set(name, diagnostics);
    // Quadratic work on 150,000 links is 22 billion steps, minutes: under 5 s of CPU the largest page passes without
    // measuring the small ones (which makes ten more pages and checks them all: most of this test's cost).
    const floor = { floorMs: 5_000 };
    await expectLinearGrowth(
      'checkLinks',
      bigPage,
      ({ links, route, refs }) =>
        keep('checked', links, checkLinks({ config, pages: [{ route, refs }], files: new Set() })),
      floor,
    );
    expect(found.get('checked')).toHaveLength(150_000);
    await expectLinearGrowth(
      'explainDraftLinks',
      bigPage,
      ({ links, route, missing }) =>
        keep('explained', links, explainDraftLinks(missing, { config, routes: [route], drafts: [] })),
      floor,
    );
    expect(found.get('explained')![149_999]!.target).toBe('./p149999.md');
  });

  it('route planning, request paths, cache headers and diagnostics output cost linear time on values up to 1 MB', async () => {
    const config = configSchema.parse({ title: 'T', url: 'https://example.com' });
    const file = {
      file: 'content/docs/x.md',
      docPath: 'x.md',
      id: 'x',
      format: 'md',
      body: '',
      bodyLineOffset: 0,
      hash: 'h',
      path: '/site/content/docs/x.md',
    };
    const slugs = {
      slashes: (scale: number) => `/${pump('/', tenths(scale))}x`,
      'dot-slashes': (scale: number) => `${pump('./', tenths(scale))}x`,
      folders: (scale: number) => pump('a/', tenths(scale)),
    };
    for (const [name, slug] of Object.entries(slugs)) {
      await expectLinearGrowth(`planDocs on a slug of ${name}`, slug, (value) =>
        planDocs([{ ...file, frontMatter: { slug: value } } as ContentFile], config),
      );
    }
    const paths = {
      '#, newline, #': (scale: number) => `/${pump('#', tenths(scale))}\n#`,
      '?#…': (scale: number) => `/?${pump('#', tenths(scale))}`,
      '%2…': (scale: number) => `/${pump('%2', tenths(scale))}`,
      '/…': (scale: number) => `/${pump('/', tenths(scale))}`,
    };
    for (const [name, raw] of Object.entries(paths))
      await expectLinearGrowth(`parseRequestPath on ${name}`, raw, (value) => parseRequestPath(value));
    await expectLinearGrowth(
      'cacheControlOf',
      (scale) => `assets/a-1.2.3${pump('0', tenths(scale))}`,
      (value) => cacheControlOf(value),
    );
    await expectLinearGrowth(
      'showControlChars',
      (scale) => pump('\x1b\n', tenths(scale)),
      (value) => showControlChars(value),
    );
  });
});
