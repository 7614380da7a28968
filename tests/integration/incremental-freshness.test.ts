import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheDirOf } from '../../cli/cache/cache-folder.js';
import type { Diagnostic } from '../../cli/types.js';
import { MARKER_FILE } from '../../cli/files/output-names.js';
import { snapshotTree } from '../helpers/bad-input.js';
import { copyDocsgen, runDocsgenCopy } from '../helpers/docsgen-copy.js';
import {
  API_EDITS,
  buildCold,
  buildWarm,
  createFreshnessSite,
  differences,
  EDITS,
  seededRandom,
  type BuildOutcome,
  type Edit,
} from '../helpers/freshness.js';
import { tempDir } from '../helpers/run-cli.js';

/**
 * Every cache must be correct before it is fast: after any change to any input,
 * a warm build (cache and previous output kept) writes the same out dir, byte
 * for byte, and says the same diagnostics as a cold build of the same tree.
 */

const last = <T>(items: T[]) => items[items.length - 1];

// A site changed one kind after another (in this order): a fresh site per kind would cost a cold build each. A copy
// of a built site cannot stand in for a fresh one: its cached pages name their images by the original's absolute
// paths, which the copy's build refuses as outside its root. The site's own edits run on a site without an API
// reference (a cold build of one reads the library with TypeDoc and checks its samples: ten times the cost); the
// library's edits on one with it; the random sequences below mix both kinds on a site with an API reference.
function changeOneKindAtATime(kinds: Record<string, Edit>, options: { api: boolean }): void {
  let root: string;
  let before: BuildOutcome;
  beforeAll(async () => {
    root = createFreshnessSite(options);
    before = await buildWarm(root);
    expect(before.ok).toBe(true);
  });

  it.each(Object.entries(kinds))('to %s', async (_, apply) => {
    apply(root, 1, last);
    const warm = await buildWarm(root);
    expect(differences(warm, await buildCold(root))).toEqual([]);
    // The change shows: a build that ignored it would pass the comparison only if the cold one ignored it too.
    expect(warm).not.toEqual(before);
    before = warm;
  });
}

describe('a warm build equals a cold build after one change', () => {
  describe('of the site', () => changeOneKindAtATime(EDITS, { api: false }));
  describe('of the documented library', () => changeOneKindAtATime(API_EDITS, { api: true }));
});

describe('a warm build equals a cold build after a random sequence of changes', () => {
  const seed = Number(process.env.DOCSGEN_FRESHNESS_SEED) || Math.floor(Math.random() * 2 ** 31);
  // Each step costs a cold build with an API reference (TypeDoc and the samples' checker, from nothing): six steps
  // mix every kind with the others, and each run draws a new seed, so runs over time cover more sequences.
  const steps = 6;

  it(`seed ${seed} (replay with DOCSGEN_FRESHNESS_SEED=${seed})`, async () => {
    const random = seededRandom(seed);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
    const kinds = Object.entries({ ...EDITS, ...API_EDITS }) as [string, Edit][];
    const root = createFreshnessSite({ api: true });
    expect((await buildWarm(root)).ok).toBe(true);
    const done: string[] = [];
    for (let step = 1; step <= steps; step++) {
      const [kind, apply] = pick(kinds);
      apply(root, step, pick);
      done.push(`${step}. ${kind}`);
      const warm = await buildWarm(root);
      const found = differences(warm, await buildCold(root));
      expect(found, `seed ${seed} (DOCSGEN_FRESHNESS_SEED=${seed}), after:\n${done.join('\n')}`).toEqual([]);
    }
    // Twelve builds with an API reference in one test: a bound for a hang, wide enough for a machine busy with other
    // work (the default 180 s was reached with three other test runs beside it).
  }, 600_000);
});

describe('a warm build equals a cold build after a change to docsgen itself', () => {
  /** A build by a copy of docsgen's CLI, as `--format json` reports it, and its out dir. */
  const runBuild = (docsgen: string, root: string, args: string[] = []): BuildOutcome => {
    const { code, stdout, stderr } = runDocsgenCopy(docsgen, ['build', '--root', root, '--format', 'json', ...args]);
    expect(code, stderr).toBe(0);
    const report = JSON.parse(stdout) as { ok: boolean; errors: Diagnostic[]; warnings: Diagnostic[] };
    const files = snapshotTree(path.join(root, 'dist'));
    delete files[MARKER_FILE];
    const diagnostics = JSON.parse(
      JSON.stringify([...report.errors, ...report.warnings])
        .split(root)
        .join('<root>'),
    ) as Diagnostic[];
    return { ok: report.ok, files, diagnostics };
  };
  const cold = (docsgen: string, root: string) => {
    const copy = tempDir('docsgen-cold-');
    cpSync(root, copy, { recursive: true, filter: (from) => !/[/\\](dist|\.cache)$/.test(from) });
    const outcome = runBuild(docsgen, copy, ['--no-cache']);
    rmSync(copy, { recursive: true, force: true });
    return outcome;
  };
  const edit = (file: string, from: string, to: string) => {
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(from);
    writeFileSync(file, text.replace(from, to));
  };

  // Templates and the theme's CSS are docsgen's own code, not the site's: a site cannot change them. A private
  // copy of docsgen is edited instead, as a maintainer (or an upgrade) would, and compiles itself on its next run.
  it('to a template, then to the theme CSS', () => {
    const docsgen = copyDocsgen();
    const root = createFreshnessSite();
    const before = runBuild(docsgen, root);

    // The page frame every page has (the freshness site has no footer to draw).
    edit(
      path.join(docsgen, 'templates/theme/Layout.tsx'),
      '<div className="page" id="main" tabIndex={-1}>',
      '<div className="page" id="main" tabIndex={-1} data-edited="template">',
    );
    const afterTemplate = runBuild(docsgen, root);
    expect(differences(afterTemplate, cold(docsgen, root))).toEqual([]);
    expect(afterTemplate).not.toEqual(before);

    edit(
      path.join(docsgen, 'templates/styles/tokens.css'),
      '--dg-primary: var(--ifm-color-primary, #5b3fd9);',
      '--dg-primary: var(--ifm-color-primary, #3f7ad9);',
    );
    const afterCss = runBuild(docsgen, root);
    expect(differences(afterCss, cold(docsgen, root))).toEqual([]);
    expect(afterCss).not.toEqual(afterTemplate);
  });
});

describe('a warm build after the out dir was removed', () => {
  it('writes every file again, the search index merged from the cached pages, as a cold build does', async () => {
    const root = createFreshnessSite();
    expect((await buildWarm(root)).ok).toBe(true);
    // The cache says the search files are unchanged, but there is no previous output to keep them from.
    rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    const warm = await buildWarm(root);
    expect(warm.ok).toBe(true);
    expect(differences(warm, await buildCold(root))).toEqual([]);
  });
});

describe('a warm build after a build was killed while caching rendered pages', () => {
  it('renders the pages whose cached HTML was cut short again, as a cold build does', async () => {
    const root = createFreshnessSite();
    expect((await buildWarm(root)).ok).toBe(true);
    // What kill -9 leaves behind: each page's description written, its HTML cut short (or not written at all).
    const shells = path.join(cacheDirOf(root), 'shells');
    const texts = readdirSync(shells, { recursive: true, withFileTypes: true }).filter((entry) =>
      entry.name.endsWith('.txt'),
    );
    expect(texts.length).toBeGreaterThan(0);
    texts.forEach((entry, i) => {
      const file = path.join(entry.parentPath, entry.name);
      if (i % 2) rmSync(file);
      else writeFileSync(file, readFileSync(file, 'utf8').slice(0, 100));
    });
    rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    const warm = await buildWarm(root);
    expect(warm.ok).toBe(true);
    expect(differences(warm, await buildCold(root))).toEqual([]);
  });
});
