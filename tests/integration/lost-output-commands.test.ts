/**
 * stdout or stderr going away under `dev`, `serve`, `clear` and `migrate` (issue 27). `dev` used to spin after its
 * next log line and stop answering HTTP; now a server whose log stream goes away closes and exits 2, and every
 * command that meets a closed or full stream ends with 2 and one plain line (on stderr, when it is still there).
 */
import { appendFileSync, cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-process.js';
import { get } from '../helpers/http.js';
import { killLeftovers, runWithLostOutput, type LostStream } from '../helpers/lost-output.js';
import { copySite, repoRoot, runCli, tempDir } from '../helpers/run-cli.js';

afterEach(killLeftovers);

const PLAIN_LINE =
  /^error {2}stdout (was closed before docsgen finished \(EPIPE\)|could not be written \(ENOSPC: no space left on device\)); stopped/m;
const READY = /ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/)/;
const SERVING = /serving .* at (http:\/\/127\.0\.0\.1:\d+\/)/;

describe('dev', () => {
  it.each(['stderr', 'both'] as LostStream[])('%s closed before it is ready: exit 2', async (lose) => {
    const run = await runWithLostOutput(['dev', '--root', copySite('minimal'), '--port', '0'], {
      lose,
      kind: 'closed',
    });
    expect(run.code).toBe(2);
  });

  it.each(['stderr', 'both'] as LostStream[])(
    '%s closed once it serves: its next log line closes the server and it exits 2',
    async (lose) => {
      const root = copySite('minimal');
      let url = '';
      const run = await runWithLostOutput(['dev', '--root', root, '--port', '0'], {
        lose,
        kind: 'closed',
        after: (output) => READY.test(output.stderr),
        then: async (_, output) => {
          url = READY.exec(output.stderr)![1]!;
          // An edit: dev rebuilds the page and logs a line, into the closed pipe.
          appendFileSync(path.join(root, 'content/docs/guides/intro.md'), '\nOne more line.\n');
        },
      });
      expect(run.code).toBe(2);
      await expect(get(url, '/')).rejects.toThrow();
    },
  );

  it('stdout closed: dev writes nothing there, so it keeps serving; SIGTERM still ends it with 0', async () => {
    const root = copySite('minimal');
    const run = await runWithLostOutput(['dev', '--root', root, '--port', '0'], {
      lose: 'stdout',
      kind: 'closed',
      after: (output) => READY.test(output.stderr),
      then: async (child, output) => {
        const url = READY.exec(output.stderr)![1]!;
        expect((await get(url, '/')).status).toBe(200);
        child.kill('SIGTERM');
      },
    });
    expect(run.code).toBe(0);
  });

  it('SIGHUP (its terminal closed) stops it like SIGTERM: exit 0', async () => {
    const dev = spawnCli(['dev', '--root', copySite('minimal'), '--port', '0']);
    await dev.waitFor(READY, 60_000);
    expect(await dev.stop('SIGHUP')).toBe(0);
    expect(dev.stderr()).toContain('SIGHUP: stopping the dev server');
  });
});

describe('serve', () => {
  /**
   * A built site with a file whose real path leaves it: asking for it makes serve log a warning. Built once: serve
   * only reads it, so every case serves the same one.
   */
  let built: string | undefined;
  function builtSite(): string {
    if (built) return built;
    const root = copySite('minimal');
    expect(runCli(['build', '--root', root]).code).toBe(0);
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'dist/secret.txt'));
    return (built = root);
  }

  it('stderr closed before it listens: exit 2', async () => {
    const run = await runWithLostOutput(['serve', '--root', builtSite(), '--port', '0'], {
      lose: 'stderr',
      kind: 'closed',
    });
    expect(run.code).toBe(2);
  });

  it.each(['stderr', 'both'] as LostStream[])(
    '%s closed once it serves: its next warning closes the server and it exits 2',
    async (lose) => {
      let url = '';
      const run = await runWithLostOutput(['serve', '--root', builtSite(), '--port', '0'], {
        lose,
        kind: 'closed',
        after: (output) => SERVING.test(output.stderr),
        then: async (_, output) => {
          url = SERVING.exec(output.stderr)![1]!;
          // Refused (its real path leaves the out dir): serve logs a warning, into the closed pipe, and stops (maybe
          // before it answers).
          await get(url, '/secret.txt').catch(() => undefined);
        },
      });
      expect(run.code).toBe(2);
      await expect(get(url, '/')).rejects.toThrow();
    },
  );

  it('stdout closed: serve keeps serving; SIGTERM still ends it with 0', async () => {
    const run = await runWithLostOutput(['serve', '--root', builtSite(), '--port', '0'], {
      lose: 'stdout',
      kind: 'closed',
      after: (output) => SERVING.test(output.stderr),
      then: async (child, output) => {
        expect((await get(SERVING.exec(output.stderr)![1]!, '/')).status).toBe(200);
        child.kill('SIGTERM');
      },
    });
    expect(run.code).toBe(0);
  });
});

describe('clear', () => {
  /** A site with something in its cache. */
  function cachedSite(): string {
    const root = copySite('minimal');
    mkdirSync(path.join(root, 'node_modules/.cache/docsgen/pages'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules/.cache/docsgen/pages/a.json'), '{}');
    return root;
  }

  it.each([
    ['closed', 'stdout'],
    ['full', 'stdout'],
  ] as const)('stdout %s: the cache is cleared, exit 2 and one plain line on stderr', async (kind, lose) => {
    const root = cachedSite();
    const run = await runWithLostOutput(['clear', '--root', root], { lose, kind });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(PLAIN_LINE);
    expect(run.stderr).not.toContain('bug');
    expect(existsSync(path.join(root, 'node_modules/.cache/docsgen'))).toBe(false);
  });

  it('stderr closed: clear writes only on stdout, so it ends as usual (exit 0)', async () => {
    const run = await runWithLostOutput(['clear', '--root', cachedSite()], { lose: 'stderr', kind: 'closed' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('removed');
  });
});

describe('migrate --dry-run', () => {
  function docusaurusSite(): string {
    const root = tempDir('docsgen-migrate-');
    cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus-migrate'), root, { recursive: true });
    return root;
  }

  it.each([
    ['closed', 'stdout'],
    ['full', 'stdout'],
    ['closed', 'stderr'],
    ['closed', 'both'],
  ] as const)('%s %s: exit 2, nothing written', async (kind, lose) => {
    const root = docusaurusSite();
    const run = await runWithLostOutput(['migrate', '--root', root, '--dry-run'], { lose, kind });
    expect(run.code).toBe(2);
    if (lose === 'stdout') expect(run.stderr).toMatch(PLAIN_LINE);
    expect(run.stderr).not.toContain('bug');
    expect(existsSync(path.join(root, 'build.config.ts'))).toBe(false);
  });
});
