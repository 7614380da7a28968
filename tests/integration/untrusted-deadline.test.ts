import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-process.js';
import {
  applyCase,
  buildBaseSite,
  expectBuildOutcome,
  expectNothingLost,
  type BadInputCase,
} from '../helpers/bad-input.js';

/**
 * The catalogue for issue 27's "a hang that ignores SIGTERM": pages the
 * Markdown parser spends minutes and gigabytes on (deep or unclosed
 * directives, a huge table, megabytes of autolinks), built by the real CLI
 * from lib/. Each ends with a located error (structures past a bound are
 * refused before any parser runs; the rest compile on a worker thread with a
 * deadline), and SIGTERM sent while the page is being compiled ends the
 * build at once: the main thread never parses content.
 */
const GUIDES = 'content/docs/guides';
const MB = 1024 * 1024;
const write = (file: string, contents: string) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
const table = (columns: number, rows: number) =>
  `|${' a |'.repeat(columns)}\n|${' - |'.repeat(columns)}\n${`|${' b |'.repeat(columns)}\n`.repeat(rows)}`;
/** The page from the issue: 60 KB of 5,000 nested admonitions. */
const NESTED = `# Nested\n\n${':::note\n'.repeat(5_000)}Deep.\n${':::\n'.repeat(5_000)}`;
/** 2,000 admonitions opened and never closed: each nests in the one before. */
const UNCLOSED = `# Unclosed\n\n${':::note\n'.repeat(2_000)}`;
/** 5 MB of GFM autolinks. */
const AUTOLINKS = `# Links\n\n${'www.a.com '.repeat((5 * MB) / 10)}\n`;

const cases: BadInputCase[] = [
  {
    name: '5,000 nested :::note admonitions (refused before parsing, at the first one too deep)',
    apply: write(`${GUIDES}/nested.md`, NESTED),
    code: 1,
    lines: [
      `error  ${GUIDES}/nested.md:23:1  directives (:::note and other admonitions) are nested too deeply (21 levels; the limit is 20)  [too-deep]`,
      '    hint: close each `:::` block with a line of `:::` before the next one opens, or nest fewer; an admonition opened and never closed holds everything after it',
    ],
  },
  {
    name: '2,000 unclosed :::note lines (refused before parsing)',
    apply: write(`${GUIDES}/unclosed.md`, UNCLOSED),
    code: 1,
    lines: [
      `error  ${GUIDES}/unclosed.md:23:1  directives (:::note and other admonitions) are nested too deeply (21 levels; the limit is 20)  [too-deep]`,
    ],
  },
  {
    name: 'a 2 MB GFM table of 5,000 columns and 200 rows (refused before parsing, at its delimiter row)',
    apply: write(`${GUIDES}/table.md`, `# Table\n\n${table(5_000, 200)}`),
    code: 1,
    lines: [
      `error  ${GUIDES}/table.md:4:1  this table has 5000 columns; the limit is 1000  [too-large]`,
      '    hint: split the table across pages, or publish the data as a file (a CSV in the static folder) and link to it',
    ],
  },
  {
    name: 'a table of 200 columns and 1,000 rows (refused before parsing: more cells than a page may have)',
    apply: write(`${GUIDES}/cells.md`, `# Cells\n\nIntro.\n\n${table(200, 1_000)}`),
    code: 1,
    lines: [
      `error  ${GUIDES}/cells.md:505:1  the tables of this page have more than 100000 cells (each row counts as wide as its table)  [too-large]`,
    ],
  },
  {
    name: '5 MB of www.a.com autolinks (compiled on a worker thread: stopped at its deadline or memory cap, at the paragraph)',
    apply: write(`${GUIDES}/links.md`, AUTOLINKS),
    code: 1,
    lines: [`error  ${GUIDES}/links.md:3:1  compiling this page `, '[too-costly]'],
    absent: ['[broken-link]'],
    // 1 s + 1 s per started MB (6 s) instead of the default 60 s: the stop is the same, sooner (the worker parses
    // until then; the default is pinned in tests/unit/untrusted-stall.test.ts).
    env: { DOCSGEN_PAGE_TIMEOUT: '1' },
  },
];

/** Pages that keep the compiler busy for tens of seconds, within the bounds: SIGTERM is sent while it is. */
const busy: { name: string; apply: (root: string) => void; afterMs?: number }[] = [
  // The worker compiles it until its deadline (60 s); before this change the main thread loaded the compiler first.
  { name: '5 MB of autolinks', apply: write(`${GUIDES}/links.md`, AUTOLINKS), afterMs: 6_000 },
  {
    name: 'admonitions 20 deep around 1 MB of lines',
    apply: write(
      `${GUIDES}/deep.md`,
      `# Deep\n\n${':::note\n'.repeat(20)}${'Some text on a line.\n'.repeat(MB / 21)}${':::\n'.repeat(20)}`,
    ),
  },
  {
    name: '20 unclosed admonitions before 1 MB of lines',
    apply: write(`${GUIDES}/open.md`, `# Open\n\n${':::note\n'.repeat(20)}${'Some text on a line.\n'.repeat(MB / 21)}`),
  },
  {
    name: 'three pages with tables of 99,000 cells',
    apply: (root) =>
      [1, 2, 3].forEach((i) => write(`${GUIDES}/cells-${i}.md`, `# Cells ${i}\n\n${table(99, 998)}`)(root)),
  },
];

describe('content the parser is slow on cannot hang a build or keep signals waiting', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  // Each in a process of its own, as a user runs it: what bounds a page that slips past the limits is the deadline of its worker.
  describe.concurrent('exit code, located error, previous dist/ and sources intact', () => {
    it.each(cases)('$name', (c) => expectBuildOutcome(base, { ...c, process: true }), 300_000);
  });

  describe.concurrent('SIGTERM while such a page compiles ends the build with 143, previous output byte for byte, no temporary folder or lock', () => {
    it.each(busy)(
      '$name',
      async ({ name, apply, afterMs = 4_000 }) => {
        const applied = applyCase(base, { name, apply, code: 1, lines: [] });
        const cli = spawnCli(['build', '--root', applied.root]);
        await cli.waitFor(/▸ markdown/, 120_000);
        // Into the pages' compile (each takes longer than this, and the compiler loads in about a second): the parser is
        // at work when the signal comes. Waiting longer proves nothing more and keeps a core busy meanwhile.
        await new Promise((resolve) => setTimeout(resolve, afterMs));
        cli.child.kill('SIGTERM');
        // Generous: the build ends at once; only a thread that ignores the signal for the whole parse exceeds it.
        const code = await Promise.race([
          cli.exited,
          new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
        ]);
        if (code === 'hung') cli.child.kill('SIGKILL');
        expect(code, cli.stderr()).toBe(143);
        expectNothingLost(applied, { dist: true });
      },
      300_000,
    );
  });
});
