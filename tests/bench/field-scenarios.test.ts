import { existsSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BenchContext } from '../../bench/context.js';
import { selectScenarios } from '../../bench/main.js';
import { measureField } from '../../bench/scenarios/field.js';
import { parseGuide, type PagePlan } from '../../bench/synthetic/copy-page.js';
import { CORPUS_1K } from '../../bench/synthetic/corpus.js';
import { extractCodeBlocks } from '../../bench/synthetic/fences.js';
import { rspressPageSource, starlightPageSource } from '../../bench/synthetic/field-pages.js';
import { FIELD_DIR, generateFieldSite, RSPRESS, STARLIGHT } from '../../bench/synthetic/field-sites.js';
import { generateSyntheticSite, planPages } from '../../bench/synthetic/generate.js';
import { tempDir } from '../helpers/run-cli.js';

const GUIDE = parseGuide(
  'formats',
  [
    '---',
    'id: formats',
    'title: Formats',
    'sidebar_label: Formats',
    'description: Pick a format.',
    'slug: /guides/formats',
    '---',
    "import Tabs from '@theme/Tabs'",
    "import TabItem from '@theme/TabItem'",
    '',
    'See [devices](/docs/guides/devices#pick).',
    '',
    ':::warning[Mind the "gap"]',
    'Text.',
    ':::',
    '',
    ':::tip',
    'Plain.',
    ':::',
    '',
    '<Tabs groupId="platform">',
    '<TabItem value="ios" label="iOS">',
    '',
    '```tsx title="App.tsx" {2}',
    'const a = 1',
    ':::tip[not an admonition]',
    '<TabItem value="x">',
    '```',
    '',
    '</TabItem>',
    '</Tabs>',
  ].join('\n'),
);
const PAGE: PagePlan = { guide: 'formats', copy: 7, id: 'formats-0007', title: 'Formats (copy 7)' };
const exists = (id: string) => id === 'devices-0007';

describe('the field twins of a synthetic page', () => {
  it('gives Rspress its tabs and its {title="…"} container titles, and keeps the code block as it was', () => {
    const source = rspressPageSource(GUIDE, PAGE, exists);
    expect(source.startsWith('---\ntitle: Formats (copy 7)\ndescription: Pick a format.\n---\n')).toBe(true);
    expect(source.replace(/```[\s\S]*?```/, '')).not.toMatch(/@theme|TabItem|^id:|^slug:/m);
    expect(source.match(/^import .*$/gm)).toEqual(["import { Tab, Tabs } from '@rspress/core/theme';"]);
    expect(source).toContain('<Tabs groupId="platform">\n<Tab label="iOS">');
    expect(source).toContain('</Tab>\n</Tabs>');
    expect(source).toContain(':::warning{title="Mind the &quot;gap&quot;"}\nText.\n:::');
    expect(source).toContain(':::tip\nPlain.');
    expect(source).toContain('](/docs/synthetic/devices-0007#pick)');
    expect(extractCodeBlocks(source)).toEqual([
      'const a = 1\n:::tip[not an admonition]\n<TabItem value="x">\n// docsgen bench: copy 7 of formats',
    ]);
    expect(source).toContain('```tsx title="App.tsx" {2}');
  });

  it("gives Starlight its tabs (groupId as syncKey) and asides, Docusaurus's warning as a caution", () => {
    const source = starlightPageSource(GUIDE, PAGE, exists);
    expect(source.match(/^import .*$/gm)).toEqual(["import { TabItem, Tabs } from '@astrojs/starlight/components';"]);
    expect(source).toContain('<Tabs syncKey="platform">\n<TabItem label="iOS">');
    expect(source).toContain(':::caution[Mind the "gap"]\nText.');
    expect(source).not.toContain(':::warning');
    expect(extractCodeBlocks(source)[0]).toContain(':::tip[not an admonition]\n<TabItem value="x">');
  });

  const dir = tempDir('docsgen-bench-field-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each twin with the docsgen sidebar's order and bench/field's node_modules", () => {
    const pages = planPages([GUIDE, parseGuide('devices', '---\ntitle: Devices\n---\nBody.\n')], 24);
    for (const tool of [RSPRESS, STARLIGHT]) {
      const site = generateFieldSite(tool, path.join(dir, tool.name), pages, [
        GUIDE,
        parseGuide('devices', '---\ntitle: Devices\n---\nBody.\n'),
      ]);
      expect(readlinkSync(path.join(site.root, 'node_modules'))).toBe(path.join(FIELD_DIR, 'node_modules'));
      expect(pages.every((page) => existsSync(site.sourceFile(page.id)))).toBe(true);
      const config = readFileSync(
        path.join(site.root, tool.name === 'rspress' ? 'rspress.config.mjs' : 'astro.config.mjs'),
        'utf8',
      );
      const order = [...config.matchAll(/"(Copies [\d–]+|Copy \d+|Formats \d+|Devices \(copy \d+\))"/g)].map(
        (match) => match[1],
      );
      // 24 pages of two guides: copies 1–10 and 11–12, each copy its two pages (a label, else the title).
      expect(order.slice(0, 4)).toEqual(['Copies 1–10', 'Copy 1', 'Formats 1', 'Devices (copy 1)']);
      expect(order.filter((label) => label.startsWith('Copies'))).toEqual(['Copies 1–10', 'Copies 11–12']);
      expect(order.filter((label) => label.startsWith('Copy '))).toHaveLength(12);
    }
  });
});

describe('synthetic-1k-noimg', () => {
  const dir = tempDir('docsgen-bench-noimg-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes socialImages: false into the config only when asked', () => {
    const config = (socialImages?: false) =>
      readFileSync(path.join(generateSyntheticSite({ dir, pages: 2, socialImages }).root, 'build.config.ts'), 'utf8');
    expect(config(false)).toContain('"socialImages": false');
    expect(config()).not.toContain('socialImages');
  });
});

describe('the field scenarios', () => {
  it('are skipped with the install command when their tool is not installed', async () => {
    const context = { log() {}, runs: (n: number) => n } as unknown as BenchContext;
    const absent = { ...RSPRESS, packages: ['@docsgen-bench/not-installed'] };
    const result = await measureField(context, 'rspress-1k', absent, CORPUS_1K, 1);
    expect(result).toEqual({
      name: 'rspress-1k',
      status: 'not available',
      note: 'skipped: not installed (npm install --prefix bench/field)',
      figures: {},
    });
  });

  it('run in the full benchmark but not under --quick unless --only names them', () => {
    expect(selectScenarios(undefined, false)).toEqual(expect.arrayContaining(['rspress-1k', 'starlight-1k']));
    const quick = selectScenarios(undefined, true);
    expect(quick).not.toContain('rspress-1k');
    expect(quick).not.toContain('starlight-1k');
    expect(quick).toContain('synthetic-1k-noimg');
    expect(selectScenarios(['starlight-1k'], true)).toEqual(['starlight-1k']);
  });
});
