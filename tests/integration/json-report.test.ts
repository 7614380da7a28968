import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_GIT_NOTICE } from '../helpers/git-site.js';
import { applyCase, buildBaseSite, expectNothingLost, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';
import type { JsonReport } from '../../cli/report/json-report.js';

// Every run here goes through the CLI's main() in the test process (in-process-cli.ts): the reports, the exit code
// and what stays on disk are the point, and main() prints them as a process would.

/** stdout must be exactly one JSON document: parsing it whole is the test. */
const parse = (stdout: string): JsonReport => JSON.parse(stdout) as JsonReport;

/** A bad-input case run as `build --format json`: its report, with everything the catalogue promises checked. */
async function buildJson(base: string, c: BadInputCase) {
  const applied = applyCase(base, c);
  const run = await runCliInProcess(['build', '--root', applied.root, '--format', 'json', ...applied.args]);
  expect(run.code, run.stderr).toBe(c.code);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expectNothingLost(applied, { dist: c.code !== 0 });
  return { report: parse(run.stdout), root: applied.root, stderr: run.stderr };
}

/** second.md of the minimal site with a broken link added (its `## Details` is linked from the intro). */
const breakSecond = (root: string) => {
  const file = path.join(root, 'content/docs/guides/second.md');
  writeFileSync(file, readFileSync(file, 'utf8') + '\nSee [gone](/docs/gone).\n');
};
const BROKEN_LINE = 9;

const ok: BadInputCase = { name: 'a clean site', apply: () => undefined, code: 0, lines: [] };

describe('build --format json', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it('a build that succeeds: one document with the schema version, no problems, and a summary of pages, time and stages', async () => {
    const { report, root, stderr } = await buildJson(base, ok);
    expect(report).toEqual({
      schemaVersion: 1,
      command: 'build',
      ok: true,
      exitCode: 0,
      errors: [],
      warnings: [],
      notices: [],
      summary: {
        pages: 6,
        errors: 0,
        warnings: 0,
        seconds: expect.any(Number),
        stages: expect.any(Array),
        outDir: path.join(root, 'dist'),
        samples: null,
      },
    });
    expect(report.summary.stages.map((s) => s.name)).toEqual(
      expect.arrayContaining(['config', 'content', 'markdown', 'render', 'check links', 'write']),
    );
    expect(report.summary.stages.at(-1)?.name).toBe('write');
    // People still see the stages, on stderr.
    expect(stderr).toMatch(/^• write +\d+ ms {2}\(\d+\.\d–\d+\.\d s\)$/m);
  });

  it('content errors: exit 1, each error with its severity, place and hint; nothing written', async () => {
    const { report } = await buildJson(base, {
      name: 'a broken link',
      apply: breakSecond,
      code: 1,
      lines: [],
    });
    expect(report).toMatchObject({
      ok: false,
      exitCode: 1,
      summary: { pages: 6, errors: 1, warnings: 0, outDir: null },
    });
    expect(report.errors).toEqual([
      {
        severity: 'error',
        rule: 'broken-link',
        message: 'broken link → /docs/gone',
        file: 'content/docs/guides/second.md',
        line: BROKEN_LINE,
        column: 5,
        route: '/docs/guides/second',
        target: '/docs/gone',
        hint: 'no page or file has this path; fix the link or create the page',
      },
    ]);
  });

  it('an invalid config: exit 2, and still one document, with each key at its place and the failure with its hint', async () => {
    const { report } = await buildJson(base, {
      name: 'an unknown config key',
      apply: (root) =>
        writeFileSync(
          path.join(root, 'build.config.ts'),
          "export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  sidebarz: {},\n};\n",
        ),
      code: 2,
      lines: [],
    });
    expect(report).toMatchObject({
      ok: false,
      exitCode: 2,
      warnings: [],
      summary: { pages: null, errors: 2, outDir: null },
    });
    // Sorted by place: the failure, which has none, comes first.
    expect(report.errors).toEqual([
      {
        severity: 'error',
        rule: 'fatal',
        message: 'invalid config in build.config.ts',
        file: null,
        line: null,
        column: null,
        route: null,
        target: null,
        hint: "see the config reference in docsgen's documentation (docs/reference/config)",
      },
      {
        severity: 'error',
        rule: 'invalid-config',
        message: "(root): unknown key 'sidebarz'",
        file: 'build.config.ts',
        line: 4,
        column: 3,
        route: null,
        target: null,
        hint: null,
      },
    ]);
    expect(report.summary.stages.map((s) => s.name)).toEqual(['config']);
  });

  it('an out dir it refuses (the environment, before building): exit 2 with the reason and hint as JSON', async () => {
    const { report, root } = await buildJson(base, {
      name: 'out dir is content/',
      apply: () => ['--out-dir', 'content'],
      code: 2,
      lines: [],
    });
    expect(report.errors).toEqual([
      expect.objectContaining({
        rule: 'fatal',
        message: expect.stringContaining(`refusing to write the site to ${path.join(root, 'content')}`),
        hint: expect.stringContaining('choose an out dir of its own'),
      }),
    ]);
  });

  it('a missing --root and a usage error: exit 2 with JSON on stdout, for build and check', async () => {
    const missing = path.join(tempDir(), 'nowhere');
    for (const command of ['build', 'check']) {
      const gone = await runCliInProcess([command, '--root', missing, '--format', 'json']);
      expect(gone.code).toBe(2);
      expect(parse(gone.stdout)).toMatchObject({
        command,
        ok: false,
        exitCode: 2,
        errors: [{ rule: 'fatal', message: `the site root ${missing} does not exist` }],
        summary: { pages: null },
      });
      const usage = await runCliInProcess([command, '--format=json', '--no-such-option']);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain("error: unknown option '--no-such-option'");
      expect(parse(usage.stdout)).toMatchObject({
        command,
        exitCode: 2,
        errors: [
          {
            rule: 'fatal',
            message: "unknown option '--no-such-option'",
            hint: `run docsgen ${command} --help for the options`,
          },
        ],
      });
    }
    expect(existsSync(missing)).toBe(false);
  });

  it('check --format json has the same shape, without an out dir', async () => {
    const report = parse((await runCliInProcess(['check', '--root', base, '--format', 'json'])).stdout);
    // The copy is outside git: check notes the pages have no last-updated dates (build does not).
    expect(report).toMatchObject({
      schemaVersion: 1,
      command: 'check',
      ok: true,
      exitCode: 0,
      errors: [],
      warnings: [],
      notices: [OUTSIDE_GIT_NOTICE],
      summary: { pages: 6, errors: 0, warnings: 0, outDir: null },
    });
    expect(report.summary.stages.map((s) => s.name)).not.toContain('write');
  });

  it('build --format github prints annotations on stdout', async () => {
    const applied = applyCase(base, { name: 'broken', apply: breakSecond, code: 1, lines: [] });
    const run = await runCliInProcess(['build', '--root', applied.root, '--format', 'github']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(
      `::error file=content/docs/guides/second.md,line=${BROKEN_LINE},col=5,title=broken-link::broken link → /docs/gone\n`,
    );
  });
});
