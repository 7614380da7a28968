/**
 * Types can be written to keep the compiler busy for minutes: a check runs
 * on a worker thread that is stopped at the time limit, and the blocks it
 * did not finish get an error at their fence instead of a hung build.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleChecker } from '../../../cli/samples/sample-checker.js';
import { hrefOf, LIBRARY, md, pageOf, REPO, repoChecker, SETUP_DIR, tempCache } from './checker-fixture.js';

/**
 * A union of every tuple of sixteen bits: 65,536 members built by a
 * doubling recursion, about ten seconds of compiler time each, ten times
 * over (different start tuples, so nothing is shared).
 */
const SLOW = Array.from({ length: 10 }, (_, i) => `export const x${i}: number = null! as Bits<16, [${i}]>`);
const BITS =
  "type Bits<N extends number, A extends unknown[] = []> = A['length'] extends N ? A : Bits<N, [...A, 0]> | Bits<N, [...A, 1]>";

const caches = tempCache();
afterAll(() => caches.remove());

const slowPage = () =>
  pageOf(
    'content/docs/guides/slow.mdx',
    md('# Slow', '', '```ts', BITS, ...SLOW, '```', '', '```ts', BITS, ...SLOW, '```'),
  );
const quickPage = () => pageOf('content/docs/guides/quick.mdx', md('```ts', "const n: number = 'one'", '```'));

describe('the time limit of type-checking', () => {
  it('stops a check that takes too long, with an error at each unfinished block, and starts afresh for the next check', async () => {
    // The checker reads its time limit at each check: 3 s for the checks that must be stopped, a minute for the one
    // that must finish, since a fresh compiler thread loads TypeScript within its check's time (seconds, on a busy machine).
    const options = {
      root: REPO,
      packageName: LIBRARY,
      setupDir: SETUP_DIR,
      timeoutMs: 3000,
      cache: caches.cache(),
      hrefOf,
    };
    const checker = createSampleChecker(options);
    try {
      const stopped = await checker.check([slowPage()]);
      // The fences: line 3, and line 17 after the first block's ten slow lines.
      expect(stopped.diagnostics).toEqual(
        [3, 17].map((line) => ({
          severity: 'error',
          rule: 'code-sample-type-error',
          message: 'type-checking stopped after 3 s',
          file: 'content/docs/guides/slow.mdx',
          line,
          column: 1,
          hint: 'simplify the types this sample makes the compiler work out, or mark the block nocheck="reason"',
          block: line,
        })),
      );
      expect(stopped.checked).toBe(0);

      options.timeoutMs = 60_000;
      const next = await checker.check([quickPage()]);
      options.timeoutMs = 3000;
      expect(next.compilerStarted).toBe(true);
      expect(next.diagnostics.map((d) => d.message)).toEqual([
        "Type 'string' is not assignable to type 'number'. (TS2322)",
      ]);

      // A stopped check is not cached: the same page is compiled (and stopped) again.
      const again = await checker.check([slowPage()]);
      expect(again.compilerStarted).toBe(true);
      expect(again.diagnostics.map((d) => d.message)).toEqual([
        'type-checking stopped after 3 s',
        'type-checking stopped after 3 s',
      ]);
    } finally {
      await checker.close();
    }
  });

  it('ends a running check when the checker is closed', async () => {
    const fresh = tempCache();
    const checker = repoChecker(fresh.cache(), { timeoutMs: 600_000 });
    const quick = await checker.check([quickPage()]);
    expect(quick.compilerStarted).toBe(true);
    const running = checker.check([slowPage()]);
    await checker.close();
    const stopped = await running;
    fresh.remove();
    expect(stopped.diagnostics.map((d) => d.message)).toEqual([
      'type-checking was stopped before it finished',
      'type-checking was stopped before it finished',
    ]);
  });

  it('never keeps the process alive: a script that checks and does not close the checker exits', async () => {
    // A script of its own (bundled from the sources next to docsgen's node_modules, where its imports resolve):
    // if the compiler's thread held the event loop, it would never exit, and this test would time out.
    const dir = path.join(REPO, 'node_modules', '.cache', 'docsgen-tests');
    mkdirSync(dir, { recursive: true });
    const script = path.join(dir, `keep-alive-${process.pid}.mjs`);
    const fresh = tempCache();
    const { build } = await import('esbuild');
    await build({
      stdin: {
        contents: [
          `import { DiskCache } from ${JSON.stringify(path.join(REPO, 'cli/cache/disk-cache.ts'))};`,
          `import { createSampleChecker } from ${JSON.stringify(path.join(REPO, 'cli/samples/sample-checker.ts'))};`,
          `const checker = createSampleChecker({ root: ${JSON.stringify(REPO)}, packageName: 'react-native-vision-camera', setupDir: ${JSON.stringify(REPO)}, timeoutMs: 60000, cache: new DiskCache(${JSON.stringify(fresh.dir)}), hrefOf: () => '/' });`,
          `const results = await checker.check([{ file: 'a.md', id: 'a', blocks: [{ lang: 'ts', meta: '', code: 'export const n = 1', line: 2, column: 1 }] }]);`,
          'console.log(JSON.stringify({ checked: results.checked, compilerStarted: results.compilerStarted }));',
        ].join('\n'),
        resolveDir: REPO,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      outfile: script,
      logLevel: 'warning',
    });
    const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(JSON.parse(out)).toEqual({ checked: 1, compilerStarted: true });
    } finally {
      if (child.exitCode === null) child.kill();
      rmSync(script, { force: true });
      fresh.remove();
    }
  });
});
