/**
 * docsgen's own files deleted under a running build (issue 27): `npm run compile` empties lib/ before writing it
 * again, `npm install` replaces the package, a test removes its copy of docsgen. Builds caught like that used to run
 * for many minutes at 40% CPU and 4.4 GB. Now the first module that cannot be loaded (a worker thread's script, a
 * chunk imported on first use) stops the build with one clear error and exit 2; nothing is retried.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftovers, snapshotTree } from '../helpers/bad-input.js';
import { copyDocsgen, runDocsgenCopy } from '../helpers/docsgen-copy.js';
import { copySite } from '../helpers/run-cli.js';

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Runs a build with the copy of docsgen, and calls `midway` once stderr matches `when`; resolves with the exit code ('hung' after 60 s) and stderr. */
function buildWith(
  docsgen: string,
  root: string,
  when: RegExp,
  midway: () => void,
): Promise<{ code: number | string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [path.join(docsgen, 'bin/docsgen.mjs'), 'build', '--root', root, '--no-cache'],
    { env: { ...process.env, NO_COLOR: '1', DOCSGEN_WORKERS: '2' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  children.push(child);
  let stderr = '';
  let done = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    if (!done && when.test(stderr)) {
      done = true;
      midway();
    }
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ code: 'hung', stderr });
    }, 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? 'unknown', stderr });
    });
  });
}

describe('docsgen files deleted while a build runs', () => {
  it('lib/ emptied once the pages are compiled (its worker scripts and chunks gone): exit 2, one clear error, the previous output intact', async () => {
    const docsgen = copyDocsgen();
    const root = copySite('minimal');
    const first = runDocsgenCopy(docsgen, ['build', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    writeFileSync(path.join(root, 'content/docs/guides/added.md'), '# Added\n');
    const dist = snapshotTree(path.join(root, 'dist'));

    const run = await buildWith(docsgen, root, /• markdown /, () =>
      rmSync(path.join(docsgen, 'lib'), { recursive: true, force: true }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^error {2}docsgen's files were removed or replaced while it ran: lib\/\S+\.js is missing$/m,
    );
    expect(run.stderr).toContain(
      'hint: wait for whatever rebuilds or reinstalls docsgen (npm run compile, npm install) to finish, or reinstall it, then run the command again',
    );
    expect(run.stderr).not.toContain('bug');
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    expect(leftovers(root)).toEqual([]);
  });
});
