/**
 * `docsgen check` and `docsgen build` type-check the TypeScript samples of
 * the guides and the library's own `@example`s, with the CLI's main() and the
 * real checker, on a small site documenting tests/fixtures/api's fixture-lib.
 * Every run is in this test process (in-process-cli.ts): what is checked
 * here is the report, the exit code and the pages, not how a process behaves.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../cli/report/json-report.js';
import { cloneSite, expectBuildOutcome } from '../helpers/bad-input.js';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

const INTRO = 'content/docs/guides/intro.md';
const INTRO_HEAD =
  '---\ntitle: Introduction\nslug: /guides\n---\n\nWelcome. Read the [second page](./second.md#details) next.\n\n';

/** The minimal site documenting fixture-lib, built once (its caches warm, its dist/ there), for each test to copy. */
let base: string;
beforeAll(async () => {
  base = copySite('minimal');
  installFixtureLib(base);
  editConfig(base, (text) => text.replace('  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`));
  const built = await runCliInProcess(['build', '--root', base]);
  if (built.code !== 0) throw new Error(`the base site did not build:\n${built.stderr}`);
});

function editConfig(root: string, change: (text: string) => string): void {
  const file = path.join(root, 'build.config.ts');
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

/** A copy of the base site whose intro guide ends with these Markdown lines. */
function siteWithIntro(...lines: string[]): string {
  const root = cloneSite(base);
  writeFileSync(path.join(root, INTRO), INTRO_HEAD + lines.join('\n') + '\n');
  return root;
}

/** The line of the intro where the n-th line given to siteWithIntro is. */
const introLine = (n: number) => INTRO_HEAD.split('\n').length - 1 + n;

async function checkJson(root: string): Promise<{ code: number | null; report: JsonReport }> {
  const { code, stdout } = await runCliInProcess(['check', '--root', root, '--format', 'json']);
  return { code, report: JSON.parse(stdout) as JsonReport };
}

const BAD_CALL = ['```ts', "import { Widget } from 'fixture-lib'", '', "new Widget({ size: 'small' }).paint()", '```'];

describe('docsgen check type-checks the code samples', () => {
  it("with onCodeSampleErrors: 'throw', fails at the file, line and column of a call to a method that does not exist, with TypeScript's message and code", async () => {
    const root = siteWithIntro(...BAD_CALL);
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(1);
    expect(stdout).toContain(
      `error    ${INTRO}:${introLine(4)}:31  Property 'paint' does not exist on type 'Widget'. (TS2339)  [code-sample-type-error]`,
    );
    expect(stdout).toMatch(/✘ 1 error, 1 warning in \d+ pages, 3 code samples type-checked, 2 opted out/);
  });

  it('is a warning without onCodeSampleErrors (its default)', async () => {
    const root = siteWithIntro(...BAD_CALL);
    editConfig(root, (text) => text.replace("  onCodeSampleErrors: 'throw',\n", ''));
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(0);
    expect(stdout).toContain(
      `warning  ${INTRO}:${introLine(4)}:31  Property 'paint' does not exist on type 'Widget'. (TS2339)  [code-sample-type-error]`,
    );
  });

  it('passes a fragment whose setup is hidden above a cut line, or in a setup file', async () => {
    const root = siteWithIntro(
      '```ts',
      "import { Widget } from 'fixture-lib'",
      "const widget = new Widget({ size: 'small' })",
      '// ---cut---',
      'widget.render(2)',
      '```',
      '',
      '```ts setup=fixture-lib',
      "createWidget('large').render()",
      '```',
    );
    const { code, report } = await checkJson(root);
    expect(report.errors, JSON.stringify(report.errors)).toEqual([]);
    expect(code).toBe(0);
    expect(report.summary.samples).toEqual({ checked: 4, optedOut: 2, compilerStarted: true });
    // The page shows the fragment alone: neither the lines above the cut, nor the marker, nor the setup file.
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const html = readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8');
    const codeText = [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)]
      .map((m) => m[1].replace(/<[^>]+>/g, ''))
      .join('\n');
    expect(codeText).toContain('widget.render(2)');
    expect(codeText).toContain("createWidget('large').render()");
    expect(codeText).not.toContain('new Widget');
    expect(codeText).not.toContain('---cut---');
    expect(codeText).not.toContain('import {');
  });

  it('leaves an opted-out block unchecked and counts it', async () => {
    const root = siteWithIntro(
      '```ts nocheck="shows a method the reader writes"',
      "new Widget({ size: 'small' }).paint()",
      '```',
    );
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(/✔ 0 errors, 1 warning in \d+ pages, 2 code samples type-checked, 3 opted out/);
  });

  it('does not start the compiler in a second check of the same samples', async () => {
    const root = siteWithIntro('```ts', "import { createWidget } from 'fixture-lib'", "createWidget('small')", '```');
    const first = await checkJson(root);
    expect(first.report.summary.samples).toMatchObject({ checked: 3, compilerStarted: true });
    const second = await checkJson(root);
    expect(second.report.summary.samples).toEqual({ checked: 3, optedOut: 2, compilerStarted: false });
    expect(second.report.errors).toEqual(first.report.errors);
  });

  it('checks again, with no cache to clear, when the library is edited in place with its version unchanged', async () => {
    const root = siteWithIntro(
      '```ts',
      "import { Widget } from 'fixture-lib'",
      '',
      "new Widget({ size: 'small' }).render()",
      '```',
    );
    expect((await checkJson(root)).code).toBe(0);
    const source = path.join(root, 'node_modules/fixture-lib/src/widget.ts');
    const original = readFileSync(source, 'utf8');
    writeFileSync(source, original.replace(/\brender\(/g, 'draw('));
    const renamed = await checkJson(root);
    expect(renamed.report.errors.map((e) => e.message)).toContain(
      "Property 'render' does not exist on type 'Widget'. (TS2339)",
    );
    writeFileSync(source, original);
    const restored = await checkJson(root);
    expect(restored.code, JSON.stringify(restored.report.errors)).toBe(0);
  });

  it('never starts the compiler with codeSamples.check: false, and checks nothing', async () => {
    const root = siteWithIntro(...BAD_CALL);
    editConfig(root, (text) =>
      text.replace('codeSamples: { apiExamples:', 'codeSamples: { check: false, apiExamples:'),
    );
    const { code, report } = await checkJson(root);
    expect(code, JSON.stringify(report.errors)).toBe(0);
    expect(report.summary.samples).toBeNull();
    expect(report.warnings.map((w) => w.rule)).not.toContain('code-sample-stale-skip');
  });
});

describe('codeSamples.setupDir', () => {
  it('is refused outside the site root, as a config error at its place (exit 2), before anything is read', async () => {
    const root = cloneSite(base);
    editConfig(root, (text) =>
      text.replace('codeSamples: { apiExamples:', "codeSamples: { setupDir: '../shared-setups', apiExamples:"),
    );
    const { code, stderr } = await runCliInProcess(['check', '--root', root]);
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(
      /error {2}build\.config\.ts:\d+:\d+ {2}codeSamples\.setupDir: '\.\.\/shared-setups' is outside the site root, where docsgen never reads code sample setups {2}\[invalid-config\]/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe("the library's @examples", () => {
  it("report an error at the example's line in the library's source", async () => {
    const root = cloneSite(base);
    editConfig(root, (text) => text.replace(", skip: { 'Widget.render': 'uses a widget made elsewhere' }", ''));
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(1);
    expect(stdout).toContain(
      "error    node_modules/fixture-lib/src/widget.ts:43:6  Cannot find name 'widget'. Did you mean 'Widget'? (TS2552)  [code-sample-type-error]",
    );
    // Widget.render's example, and FancyWidget's inherited copy of it, are one problem.
    expect(stdout.match(/widget\.ts:43:6/g)).toHaveLength(1);
  });

  it('warn at a skip that names no example, so a stale opt-out does not hide', async () => {
    const root = cloneSite(base);
    editConfig(root, (text) =>
      text.replace(
        "'Widget.render': 'uses a widget made elsewhere'",
        "'Widget.render': 'uses a widget made elsewhere', 'Widget.paint': 'renamed since'",
      ),
    );
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(0);
    expect(stdout).toMatch(
      /warning {2}build\.config\.ts:\d+:\d+ {2}codeSamples\.apiExamples\.skip names 'Widget\.paint', which has no @example in the API reference {2}\[code-sample-stale-skip\]/,
    );
  });
});

describe('docsgen build with a sample that does not compile', () => {
  it('fails with exit 1 at the sample, no stack trace, the previous dist/ and every source as they were', async () => {
    await expectBuildOutcome(base, {
      name: 'a sample calling a method that does not exist',
      apply: (root) => {
        mkdirSync(path.join(root, 'content/docs/guides'), { recursive: true });
        writeFileSync(path.join(root, INTRO), INTRO_HEAD + BAD_CALL.join('\n') + '\n');
      },
      code: 1,
      lines: [
        `error  ${INTRO}:${introLine(4)}:31  Property 'paint' does not exist on type 'Widget'. (TS2339)  [code-sample-type-error]`,
        '✘ build failed; the previous output was left untouched, 1 errors, 1 warnings, 3 code samples type-checked, 2 opted out',
      ],
    });
  });

  it('says how many samples it checked in its summary line', async () => {
    const root = cloneSite(base);
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).toMatch(
      /✔ \d+ pages written to .*, 0 errors, 1 warnings, 2 code samples type-checked, 2 opted out, [\d.]+ s/,
    );
  });
});
