import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLinks } from '../../cli/check/check-links.js';
import { explainDraftLinks } from '../../cli/check/draft-links.js';
import { extractHtmlRefs } from '../../cli/check/extract-html-refs.js';
import { configSchema } from '../../cli/config/schema.js';
import { COSTLY_CODE, CostlyCodeError, isCostly, measureCodeCost, measureCompileCost } from '../../cli/markdown/compile-cost.js';
import { planDocs } from '../../cli/routes/plan-docs.js';
import { extractSections } from '../../cli/search/extract-sections.js';
import { cacheControlOf } from '../../cli/serve/content-types.js';
import { parseRequestPath } from '../../cli/serve/request-path.js';
import type { ContentFile, Diagnostic, LinkRef, Route } from '../../cli/types.js';
import { showControlChars } from '../../cli/visible-text.js';
import { compile, preprocessSource } from '../helpers/compile.js';
import { repoRoot } from '../helpers/run-cli.js';

/**
 * Content cannot stall a build: every stage that reads content, run on 1 MB
 * adversarial lines, finishes in a bounded time. Times are CPU time of this
 * process (a busy machine stretches the wall clock, not that), and the bounds
 * are generous: what they catch is the quadratic case, which takes minutes
 * or hours on 1 MB.
 */
const MB = 1024 * 1024;
const pump = (piece: string, size = MB) => piece.repeat(Math.ceil(size / piece.length)).slice(0, size);

/** CPU milliseconds `run` took. */
async function cpuMs(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/** What the issue lists, and more: blanks, heading ids, slashes, directives, tags, code, words, references, escapes, tables. */
const PIECES = [' ', '\t', '#', '{#', '{#a} ', '/', ':::', '<', '`', 'a ', '&#', '\\', '|', '.md#'];
/** Where a piece goes: a paragraph, a heading with an id, an admonition title, a link URL (a word after the piece, as attack strings end). */
const PLACES: Record<string, (x: string) => string> = {
  paragraph: (x) => x,
  heading: (x) => `## Title ${x} end {#id}`,
  admonition: (x) => `:::tip Title ${x} end\n\nText.\n\n:::`,
  'link URL': (x) => `[link](/docs/${x.replace(/[\s()<>]/g, '')}x)`,
};
/** CPU time for a whole page with a 1 MB line: the parser's own cost is a few microseconds per token. */
const ONE_PAGE_BOUND_MS = 5_000;

describe('content cannot stall a build: each stage on 1 MB adversarial lines', () => {
  it('preprocessSource takes milliseconds on any 1 MB line', async () => {
    const slow: string[] = [];
    for (const piece of [...PIECES, '[', '*', '_']) {
      for (const [place, wrap] of Object.entries(PLACES)) {
        for (const format of ['md', 'mdx'] as const) {
          const ms = await cpuMs(() => preprocessSource(wrap(pump(piece)), format));
          if (ms > 200) slow.push(`${JSON.stringify(piece)} in a ${place} (${format}): ${Math.round(ms)} ms`);
        }
      }
    }
    expect(slow).toEqual([]);
  }, 120_000);

  it.each(['md', 'mdx'] as const)('compiling, indexing and link-reading a page with a 1 MB line stays under 5 s, or the page is guarded (%s)', async (format) => {
    const slow: string[] = [];
    const guarded: string[] = [];
    for (const piece of PIECES) {
      for (const [place, wrap] of Object.entries(PLACES)) {
        const source = `# Page\n\n${wrap(pump(piece))}\n\nThe end.\n`;
        // A page the parser is slow on is compiled under a deadline instead (tests/integration/untrusted-stall.test.ts).
        if (isCostly(source, format)) {
          guarded.push(`${JSON.stringify(piece)} in a ${place}`);
          continue;
        }
        let html = '';
        const ms = await cpuMs(async () => {
          html = (await compile(source, format)).html;
          extractSections(`<article><div class="markdown">${html}</div></article>`);
          extractHtmlRefs(html);
        });
        if (ms > ONE_PAGE_BOUND_MS) slow.push(`${JSON.stringify(piece)} in a ${place}: ${Math.round(ms)} ms`);
      }
    }
    expect(slow).toEqual([]);
    // Guarded among these: only 1 MB of escapes, references and tags (linear, but seconds), and MDX expressions.
    const mayBeGuarded = ['<', '&#', '&amp;', '\\', ...(format === 'mdx' ? ['{#', '{#a} ', '{'] : [])];
    expect(guarded.filter((g) => !mayBeGuarded.some((piece) => g.startsWith(`${JSON.stringify(piece)} in`)))).toEqual([]);
    expect(guarded).toContain('"\\\\" in a paragraph');
  }, 600_000);

  it('pages the parser would be slow on are recognised as costly, and compiled where they can be stopped', () => {
    // Unmatched emphasis, strikethrough and brackets: the parser pairs each closer by walking back over the paragraph.
    for (const piece of ['*a **a ', 'a_ ', '~a', '[', ']', '](', '[a](b', '[ (](', 'a]']) expect(isCostly(`# Page\n\n${pump(piece, 64 * 1024)}\n`, 'md'), piece).toBe(true);
    // In MDX, expressions too.
    expect(isCostly(`# Page\n\n${pump('{#a} ', 64 * 1024)}\n`, 'mdx')).toBe(true);
    expect(isCostly(`# Page\n\n${pump('{#a} ', 64 * 1024)}\n`, 'md')).toBe(false);
    // Prose, even 5 MB of it on one line, and a 10,000-row table are not: they stay on the fast path.
    expect(isCostly(`# Big\n\n${pump('Lorem ipsum dolor sit amet, consectetur adipiscing elit. ', 5 * MB)}\n`, 'md')).toBe(false);
    expect(isCostly(`| a | b |\n| - | - |\n${Array.from({ length: 10_000 }, (_, i) => `| row ${i} | value ${i} |`).join('\n')}\n`, 'md')).toBe(false);
    // Nor is any guide of this repository's own site.
    const guides = path.join(repoRoot, 'content/docs/guides');
    for (const name of readdirSync(guides)) expect(isCostly(readFileSync(path.join(guides, name), 'utf8'), name.endsWith('.mdx') ? 'mdx' : 'md'), name).toBe(false);
  });

  it('measures markers per paragraph and names the worst one', () => {
    expect(measureCompileCost('# T\n\na *b* c\n\n- [x](y)\n- z\n\n*a *a *a\n*a\n\nend &amp; \\<')).toEqual({ markers: 4 + 4 + 16, tokens: 3, line: 8 });
    expect(measureCompileCost('')).toEqual({ markers: 0, tokens: 0, line: 1 });
    expect(measureCompileCost('{a} {b}', 'mdx').markers).toBe(16);
    expect(measureCompileCost('{a} {b}', 'md').markers).toBe(0);
    expect(measureCompileCost(pump('[', 5 * MB)).markers).toBe((5 * MB) ** 2);
  });

  it('code costly to highlight stops the fast-path compile at its block, to be compiled where it can be stopped', async () => {
    const limits = { codeBudget: COSTLY_CODE };
    const fence = (lang: string, code: string) => `# Page\n\nText.\n\n\`\`\`${lang}\n${code}\n\`\`\`\n`;
    // One line over 1,000 characters, or many short lines adding up (the sum of squared lengths).
    await expect(compile(fence('cpp', 'a::'.repeat(400)), 'md', undefined, { limits })).rejects.toEqual(expect.objectContaining({ line: 5 }));
    await expect(compile(fence('cpp', 'a::'.repeat(400)), 'md', undefined, { limits })).rejects.toBeInstanceOf(CostlyCodeError);
    const manyLines = Array.from({ length: 12_000 }, (_, i) => `int value${i} = ${i}; // about forty characters`).join('\n');
    await expect(compile(fence('cpp', manyLines), 'md', undefined, { limits })).rejects.toBeInstanceOf(CostlyCodeError);
    // Code no grammar reads costs nothing: plain text and unknown languages.
    for (const lang of ['text', '', 'klingon']) await expect(compile(fence(lang, 'a'.repeat(100_000)), 'md', undefined, { limits })).resolves.toBeDefined();
    // This site's guides stay on the fast path.
    const guides = path.join(repoRoot, 'content/docs/guides');
    for (const name of readdirSync(guides)) {
      const format = name.endsWith('.mdx') ? 'mdx' : 'md';
      await expect(compile(readFileSync(path.join(guides, name), 'utf8'), format, path.join(guides, name), { limits }), name).resolves.toBeDefined();
    }
  }, 60_000);

  it('measures code by its squared line lengths and its longest line', () => {
    expect(measureCodeCost('ab\n\nabcd')).toEqual({ squares: 4 + 0 + 16, longest: 4 });
    expect(measureCodeCost('')).toEqual({ squares: 0, longest: 0 });
  });

  it('the link checker and the draft-link pass take well under a second on a page with 150,000 links', async () => {
    const count = 150_000;
    const links: LinkRef[] = Array.from({ length: count }, (_, i) => ({ url: `./p${i}.md`, href: `/docs/p${i}`, kind: 'link', line: 3, column: 1 + 7 * i }));
    const route: Route = { path: '/docs/big', kind: 'doc', title: 'Big', file: 'content/docs/big.md', content: { html: '', headings: [], links, assets: {}, diagnostics: [] } };
    const refs = { ids: new Set<string>(), refs: links.map((l) => l.href) };
    const config = configSchema.parse({ title: 'T', url: 'https://example.com' });
    let diagnostics: Diagnostic[] = [];
    expect(await cpuMs(() => (diagnostics = checkLinks({ config, pages: [{ route, refs }], files: new Set() })))).toBeLessThan(1_000);
    expect(diagnostics).toHaveLength(count);
    const missing: Diagnostic[] = links.map((l) => ({ severity: 'error', rule: 'broken-markdown-link', message: 'm', file: route.file, line: l.line, column: l.column }));
    let explained: Diagnostic[] = [];
    expect(await cpuMs(() => (explained = explainDraftLinks(missing, { config, routes: [route], drafts: [] })))).toBeLessThan(1_000);
    expect(explained[count - 1]!.target).toBe(`./p${count - 1}.md`);
  });

  it('route planning, request paths, cache headers and diagnostics output take milliseconds on 1 MB values', async () => {
    const config = configSchema.parse({ title: 'T', url: 'https://example.com' });
    const file = { file: 'content/docs/x.md', docPath: 'x.md', id: 'x', format: 'md', body: '', bodyLineOffset: 0, hash: 'h', path: '/site/content/docs/x.md' };
    for (const slug of [`/${pump('/')}x`, `${pump('./')}x`, pump('a/')]) {
      expect(await cpuMs(() => planDocs([{ ...file, frontMatter: { slug } } as ContentFile], config))).toBeLessThan(200);
    }
    for (const raw of [`/${pump('#')}\n#`, `/?${pump('#')}`, `/${pump('%2')}`, `/${pump('/')}`]) expect(await cpuMs(() => parseRequestPath(raw))).toBeLessThan(200);
    expect(await cpuMs(() => cacheControlOf(`assets/a-1.2.3${pump('0')}`))).toBeLessThan(200);
    expect(await cpuMs(() => showControlChars(pump('\x1b\n')))).toBeLessThan(500);
  });
});
