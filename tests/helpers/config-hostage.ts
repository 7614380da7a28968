import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';
import { applyCase, expectNothingLost, expectPinnedLines, runCase, type BadInputCase } from './bad-input.js';
import { repoRoot, tempDir } from './run-cli.js';

/** `export default { ... }` of the minimal site, with more keys (and the sidebar of its two guides unless `sidebars` is given). */
export const minimalConfig = (extra = '', sidebars = "main: ['guides/intro', 'guides/second']") =>
  `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  ${extra}\n  docs: { sidebars: { ${sidebars} } },\n};\n`;

export interface TimedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the start to the exit. */
  ms: number;
  /** Milliseconds from the summary line (`✔ …` or `✘ …`) to the exit, when one was printed. */
  afterSummary?: number;
}

// A child still running when the test process ends (a test that timed out) is killed, not left behind.
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A running CLI: the child, and a promise of how it ended (SIGKILLed after `killAfter` ms, so a hang fails a test instead of stalling it). */
export function startCli(
  args: string[],
  options: { env?: Record<string, string>; killAfter?: number } = {},
): { child: ChildProcess; done: Promise<TimedRun> } {
  const start = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let summaryAt: number | undefined;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (summaryAt === undefined && /^[✔✘] /m.test(stderr)) summaryAt = performance.now();
  });
  running.add(child);
  const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfter ?? 90_000);
  const done = new Promise<TimedRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      running.delete(child);
      clearTimeout(killer);
      const end = performance.now();
      resolve({
        code,
        signal,
        stdout,
        stderr,
        ms: end - start,
        afterSummary: summaryAt === undefined ? undefined : end - summaryAt,
      });
    });
  });
  return { child, done };
}

/** Resolves once a file exists (polled), or rejects after `timeout` ms. */
export async function waitForFile(file: string, timeout = 60_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!existsSync(file)) {
    if (Date.now() > until) throw new Error(`${file} never appeared`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A bad-input case whose `env` sets DOCSGEN_CONFIG_TIMEOUT or NODE_OPTIONS. */
export type HostageCase = BadInputCase;

/**
 * expectBuildOutcome (tests/helpers/bad-input.ts) for configs that misbehave:
 * the same promises (exit code, pinned lines, no stack trace, sources and
 * previous dist/ intact, no lock or temporary folder next to the out dir),
 * with an environment, a run that ends by itself (a hang is killed after
 * 90 s, and fails here), and a TMPDIR of its own that must still be empty
 * afterwards (docsgen writes nothing there).
 */
export async function expectHostageOutcome(base: string, c: HostageCase): Promise<TimedRun> {
  const applied = applyCase(base, c);
  const tmp = tempDir('docsgen-hostage-tmp-');
  const run = await runCase(
    c,
    () => startCli(['build', '--root', applied.root, ...applied.args], { env: { TMPDIR: tmp, ...c.env } }).done,
  );
  expect(run.signal, `the run hung and was killed:\n${run.stderr}`).toBeNull();
  expectPinnedLines(run.stderr, c, applied.root);
  expect(run.code, run.stderr).toBe(c.code);
  expectNothingLost(applied, { dist: c.code !== 0 });
  expect(readdirSync(tmp)).toEqual([]);
  c.check?.(applied.root);
  return run;
}

/**
 * A module for `NODE_OPTIONS=--import=<it>` that does `action` (JavaScript) in
 * the docsgen process once the config stage is over: a stand-in for a bug in
 * docsgen or a library, at a known moment.
 */
export function injectAfterConfig(action: string): string {
  const file = path.join(tempDir('docsgen-hostage-inject-'), 'inject.mjs');
  writeFileSync(
    file,
    `const write = process.stderr.write.bind(process.stderr);\nlet fired = false;\nprocess.stderr.write = (chunk, ...rest) => {\n  const result = write(chunk, ...rest);\n  if (!fired && String(chunk).includes('• config')) {\n    fired = true;\n    setImmediate(() => { ${action} });\n  }\n  return result;\n};\n`,
  );
  return `--import=${pathToFileURL(file).href}`;
}
