import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashRounds, timeNodeWorkload } from '../../bench/calibration.js';
import { reportedSeconds, type BenchContext } from '../../bench/context.js';
import {
  addPage,
  changeNothing,
  editParagraph,
  middlePage,
  removePage,
  renamePage,
  sourceFile,
} from '../../bench/incremental/site-edits.js';
import { selectScenarios } from '../../bench/main.js';
import type { ProcessMeasurement } from '../../bench/measure.js';
import { measureSyntheticDev } from '../../bench/scenarios/dev.js';
import { measureIncremental } from '../../bench/scenarios/incremental.js';
import { hugoAvailable, runOnCorpus, syntheticCorpus } from '../../bench/synthetic/corpus.js';
import { REPO_ROOT } from '../../bench/synthetic/generate.js';
import { describeInBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/run-cli.js';

/** The 1k scenarios' code on 12 pages: the same edits and checks, in seconds. */
const TINY = { name: 'synthetic-tiny', pages: 12 };
const SLOW = 240_000;

/** Every file of the site's sources (config and content) with its text, to compare the tree before and after. */
function sources(root: string): Map<string, string> {
  const files = new Map<string, string>([
    ['build.config.ts', readFileSync(path.join(root, 'build.config.ts'), 'utf8')],
  ]);
  for (const entry of readdirSync(path.join(root, 'content'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files.set(
        path.relative(root, path.join(entry.parentPath, entry.name)),
        readFileSync(path.join(entry.parentPath, entry.name), 'utf8'),
      );
  }
  return files;
}

describe('incremental benchmark scenarios (issue 16 §1)', () => {
  const dir = tempDir('docsgen-bench-incremental-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const context: BenchContext = {
    repoRoot: REPO_ROOT,
    docsgenRoot: REPO_ROOT,
    tmpDir: dir,
    runs: () => 1,
    edits: 1,
    log: () => {},
  };
  const corpus = syntheticCorpus(context, TINY);
  const generated = sources(corpus.site.root);

  it('times the build right after a paragraph edit, with its stages and its ratio to Hugo, and puts the page back', {
    timeout: SLOW,
  }, async () => {
    const result = await measureIncremental(context, {
      name: 'tiny-body-edit',
      corpus: TINY,
      edit: editParagraph,
      defaultRuns: 1,
    });
    expect(result.status, result.note).toBe('ok');
    expect(result.figures.wallS).toBeGreaterThan(0);
    expect(result.details).toMatchObject({
      command: 'build',
      stages: { markdown: expect.any(Number), render: expect.any(Number) },
    });
    if (hugoAvailable()) {
      expect(result.figures.hugoWallS).toBeGreaterThan(0);
      // Figures are rounded to milliseconds, and Hugo builds 12 pages in about 0.1 s.
      const { wallS, hugoWallS, docsgenPerHugo } = result.figures as Record<string, number>;
      expect(Math.abs(docsgenPerHugo / (wallS / hugoWallS) - 1)).toBeLessThan(0.02);
    } else expect(result.note).toContain('hugo not installed');
    expect(sources(corpus.site.root)).toEqual(generated);
  });

  it('times check on a warm cache', { timeout: SLOW }, async () => {
    const result = await measureIncremental(context, {
      name: 'tiny-check',
      corpus: TINY,
      edit: changeNothing,
      command: 'check',
      defaultRuns: 1,
    });
    expect(result.status, result.note).toBe('ok');
    expect(result.figures.wallS).toBeGreaterThan(0);
    expect(result.details).toMatchObject({ command: 'check' });
  });

  it('reports each edit missing from the output until a build shows it, and restores the sources as generated', {
    timeout: SLOW,
  }, async () => {
    const { site } = corpus;
    const edits = [editParagraph(site), renamePage(site), addPage(site), removePage(site, 1)];
    const preparedChecks = edits.map((edit) => edit.prepare());
    const prepared = await runOnCorpus(context, corpus, ['build']);
    expect(prepared.exitCode, prepared.stderr.slice(-2000)).toBe(0);
    expect(preparedChecks.map((check) => check())).toEqual([undefined, undefined, undefined, undefined]);

    const checks = edits.map((edit) => edit.apply(1));
    for (const check of checks) expect(check()).toEqual(expect.any(String));
    const built = await runOnCorpus(context, corpus, ['build']);
    expect(built.exitCode, built.stderr.slice(-2000)).toBe(0);
    expect(checks.map((check) => check())).toEqual([undefined, undefined, undefined, undefined]);

    for (const edit of edits) edit.restore();
    expect(sources(site.root)).toEqual(generated);
  });

  it('renames a page by its title and sidebar label lines only, with a new word each run', () => {
    const file = sourceFile(corpus.site, middlePage(corpus.site).id);
    const before = readFileSync(file, 'utf8').split('\n');
    const rename = renamePage(corpus.site);
    try {
      rename.apply(1);
      const first = readFileSync(file, 'utf8').split('\n');
      rename.apply(2);
      const second = readFileSync(file, 'utf8').split('\n');
      expect(first.length).toBe(before.length);
      const changed = before.flatMap((line, i) => (line === first[i] ? [] : [line.split(':')[0]]));
      expect(changed).toEqual(['title', 'sidebar_label']);
      expect(second).not.toEqual(first);
    } finally {
      rename.restore();
    }
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(before);
  });
});

describe('benchmark calibration, figures and selection', () => {
  it("reads docsgen's own duration from the summary line of build and check, not from a progress heartbeat", () => {
    const seconds = (stderr: string, stdout = '') => reportedSeconds({ stderr, stdout } as ProcessMeasurement);
    expect(seconds('  markdown 300/1000 (5 s)\n✔ 1000 pages written to dist, 0 errors, 0 warnings, 68.12 s\n')).toBe(
      68.12,
    );
    expect(
      seconds('  markdown 300/1000 (5 s)\n• check links  2 ms\n', '✔ 0 errors, 0 warnings in 15 pages (0.35 s)\n'),
    ).toBe(0.35);
    expect(
      seconds('✔ 100 pages written to dist, 0 errors, 1 warning, 79 code samples type-checked, 16 opted out, 0.48 s\n'),
    ).toBe(0.48);
    expect(
      seconds('', '✔ 0 errors, 1 warning in 100 pages, 79 code samples type-checked, 16 opted out (0.33 s)\n'),
    ).toBe(0.33);
    expect(seconds('  markdown 300/1000 (5 s)\n')).toBeNull();
  });

  it('hashes the same fixed buffer to the same checksum every time, so the workload never drifts between runs', () => {
    const small = timeNodeWorkload(4096, 2, 2);
    expect(small.ms).toBeGreaterThan(0);
    expect(timeNodeWorkload(4096, 2, 2).checksum).toBe(small.checksum);
    // FNV-1a of the bytes 1, 2, 3: a change to the workload changes what every recorded figure means.
    expect(hashRounds(new Uint8Array([1, 2, 3]), 1)).toBe(0x56cf37ab);
  });

  it('leaves the 10k scenarios out of --quick unless --only names them, and keeps the 1k incremental ones in', () => {
    const quick = selectScenarios(undefined, true);
    expect(quick).toEqual(
      expect.arrayContaining([
        'synthetic-1k',
        '1k-warm',
        '1k-check',
        '1k-body-edit',
        '1k-title-edit',
        '1k-page-added',
        '1k-page-removed',
      ]),
    );
    expect(quick.filter((name) => name.includes('10k'))).toEqual([]);
    expect(selectScenarios(['dev-10k', '1k-warm'], true)).toEqual(['1k-warm', 'dev-10k']);
    expect(selectScenarios(undefined, false)).toEqual(expect.arrayContaining(['synthetic-10k', '10k-warm', 'dev-10k']));
  });
});

describeInBrowser('dev on a synthetic corpus (dev-10k on 12 pages)', () => {
  const dir = tempDir('docsgen-bench-dev-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the middle page with warm caches and times an edit of it reaching the browser', {
    timeout: SLOW,
  }, async () => {
    const context: BenchContext = {
      repoRoot: REPO_ROOT,
      docsgenRoot: REPO_ROOT,
      tmpDir: dir,
      runs: () => 1,
      edits: 1,
      log: () => {},
    };
    const result = await measureSyntheticDev(context, 'dev-tiny', TINY);
    expect(result.status, result.note).toBe('ok');
    expect(result.figures.readyS).toBeGreaterThan(0);
    expect(result.figures.editMs).toEqual(expect.any(Number));
  });
});
