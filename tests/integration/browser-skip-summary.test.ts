import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-cli.js';

/** Runs vitest itself on one browser test file, as `npm test` would, with this environment added. */
function runVitest(file: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  // Not the variables of the vitest running this test: the child is a run of its own.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'REQUIRE_BROWSER'),
  );
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/vitest/vitest.mjs'), 'run', file], {
    cwd: repoRoot,
    env: { ...inherited, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

describe('npm test without Chromium', () => {
  it('ends its summary with how many browser tests it skipped, and why', async () => {
    const missing = path.join(repoRoot, 'no-such-dir/chromium');
    const { code, output } = await runVitest('tests/e2e/no-javascript.test.ts', { CHROMIUM_PATH: missing });
    expect(code, output).toBe(0);
    const skipped = /Tests\s+(\d+) skipped \((\d+)\)/.exec(output);
    expect(skipped, output).not.toBeNull();
    expect(skipped![1]).toBe(skipped![2]);
    expect(output).toContain(
      `SKIPPED ${skipped![1]} browser tests: Chromium not found at ${missing} (set CHROMIUM_PATH or install chromium)`,
    );
    // After vitest's own summary, where a reader of the log looks last.
    expect(output.lastIndexOf('SKIPPED')).toBeGreaterThan(output.lastIndexOf('Duration'));
  });

  it('fails instead with REQUIRE_BROWSER=1 (CI), naming the path it looked at', async () => {
    const missing = path.join(repoRoot, 'no-such-dir/chromium');
    const { code, output } = await runVitest('tests/e2e/no-javascript.test.ts', {
      CHROMIUM_PATH: missing,
      REQUIRE_BROWSER: '1',
    });
    expect(code).toBe(1);
    expect(output).toContain(`REQUIRE_BROWSER=1 but no Chromium at ${missing}`);
    expect(output).not.toContain('SKIPPED');
  });
});
