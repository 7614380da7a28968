/**
 * cli/interrupt.ts ends the process, so it is tested in a child process: the module is bundled with a small driver
 * that registers the cleanups a case needs, then signals are sent to it. Whatever a cleanup does, a stop is bounded,
 * and a second signal ends the process at once.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from '../helpers/run-cli.js';

/** What the driver does before it says `ready`. */
const DRIVER = `
import { onInterrupt, waitForShutdown } from './interrupt.ts';
const mode = process.argv[2];
// Work that goes on while the run stops (a worker thread, a server): it never lets the event loop end by itself.
setInterval(() => undefined, 1000);
if (mode === 'never-settles') onInterrupt(() => (process.stdout.write('cleaning\\n'), new Promise(() => undefined)));
if (mode === 'settles') onInterrupt(() => new Promise((resolve) => setTimeout(resolve, 50)).then(() => process.stdout.write('cleaned\\n')));
if (mode === 'server') waitForShutdown().then((shutdown) => process.stdout.write(JSON.stringify(shutdown) + '\\n'));
process.stdout.write('ready\\n');
`;

/** The bundle with STOP_BOUND_MS as given (10 minutes makes "it ended" mean "something other than the bound ended it"). */
async function bundle(boundMs: number): Promise<string> {
  const dir = tempDir('docsgen-interrupt-');
  const source = readFileSync(path.join(repoRoot, 'cli/interrupt.ts'), 'utf8').replace(
    'STOP_BOUND_MS = 5_000',
    `STOP_BOUND_MS = ${boundMs}`,
  );
  expect(source).toContain(`STOP_BOUND_MS = ${boundMs}`);
  writeFileSync(path.join(dir, 'interrupt.ts'), source);
  writeFileSync(path.join(dir, 'driver.ts'), DRIVER);
  const out = path.join(dir, 'driver.mjs');
  await build({
    entryPoints: [path.join(dir, 'driver.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'warning',
  });
  return out;
}

const running = new Set<ReturnType<typeof spawn>>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

/**
 * Starts the driver, waits for `ready`, and sends the signals, each after the driver wrote something since the last
 * (signals sent together may arrive as one). Resolves with how it ended ('hung' after 30 s).
 */
async function stopWith(
  script: string,
  mode: string,
  signals: NodeJS.Signals[],
): Promise<{ code: number | string; stdout: string }> {
  const child = spawn(process.execPath, [script, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  let stdout = '';
  let waiting: (() => void) | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    waiting?.();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const written = (length: number) =>
    new Promise<void>((resolve) => (waiting = () => stdout.length > length && resolve()));
  await written(0);
  for (const [i, signal] of signals.entries()) {
    const length = stdout.length;
    child.kill(signal);
    if (i < signals.length - 1) await Promise.race([written(length), exited]);
  }
  const code = await Promise.race([
    exited,
    new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
  ]);
  return { code, stdout };
}

describe('stopping the process', () => {
  let bounded: string;
  let unbounded: string;
  beforeAll(async () => {
    [bounded, unbounded] = await Promise.all([bundle(5_000), bundle(600_000)]);
  });

  it("runs the cleanups, then exits with the signal's code (SIGINT 130, SIGTERM 143, SIGHUP 129)", async () => {
    expect(await stopWith(bounded, 'settles', ['SIGINT'])).toEqual({ code: 130, stdout: 'ready\ncleaned\n' });
    expect((await stopWith(bounded, 'settles', ['SIGTERM'])).code).toBe(143);
    expect((await stopWith(bounded, 'settles', ['SIGHUP'])).code).toBe(129);
  });

  it('exits after its bound when a cleanup never settles, though other work keeps the event loop busy', async () => {
    expect((await stopWith(bounded, 'never-settles', ['SIGTERM'])).code).toBe(143);
  });

  it('undoes a staged output at the bound when its cleanup cannot finish (a machine too busy to remove a folder in 5 s)', async () => {
    const dir = tempDir('docsgen-staged-stop-');
    const target = path.join(dir, 'dist');
    mkdirSync(target);
    writeFileSync(path.join(target, 'index.html'), 'previous output');
    const driver = path.join(dir, 'staged.ts');
    // A write that never finishes keeps the cleanup waiting (it waits for writes in flight) past the 5 s bound.
    writeFileSync(
      driver,
      `import { createStagedFolder } from ${JSON.stringify(path.join(repoRoot, 'cli/write/staged-folder.ts'))};
const staged = createStagedFolder(${JSON.stringify(target)}, 'test', (error) => error as Error);
await staged.make();
const file = await staged.place('guide/index.html');
await staged.run(async () => { (await import('node:fs')).writeFileSync(file, 'new'); await new Promise(() => undefined); });
setInterval(() => undefined, 1000);
process.stdout.write('ready\\n');
`,
    );
    const script = path.join(dir, 'staged.mjs');
    await build({
      entryPoints: [driver],
      bundle: true,
      format: 'esm',
      platform: 'node',
      outfile: script,
      logLevel: 'warning',
    });
    expect((await stopWith(script, '', ['SIGTERM'])).code).toBe(143);
    // Only the previous output is left: the staged folder was removed by the last resort.
    expect(readdirSync(dir).filter((name) => !name.startsWith('staged'))).toEqual(['dist']);
    expect(readFileSync(path.join(target, 'index.html'), 'utf8')).toBe('previous output');
  });

  it('exits at once on a second signal (Ctrl+C twice), whatever the cleanups are doing', async () => {
    // With a bound of 10 minutes, only the second signal can end it before the 30 s this test waits.
    expect(await stopWith(unbounded, 'never-settles', ['SIGINT', 'SIGINT'])).toEqual({
      code: 130,
      stdout: 'ready\ncleaning\n',
    });
  });

  it('tells a server command which signal stopped it, and ends it at once on a second one', async () => {
    const first = await stopWith(bounded, 'server', ['SIGHUP']);
    // The driver never closes anything: the bound ends it, with 0 (a server stopped by a signal succeeds).
    expect(first).toEqual({ code: 0, stdout: 'ready\n{"signal":"SIGHUP"}\n' });
    expect((await stopWith(unbounded, 'server', ['SIGTERM', 'SIGTERM'])).code).toBe(0);
  });
});
