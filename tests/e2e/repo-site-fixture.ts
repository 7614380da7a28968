import path from 'node:path';
import { launchBrowser } from '../helpers/browser.js';
import { startServeProcess } from '../helpers/cli-process.js';
import type { ServedSite } from '../helpers/repo-site.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { oncePerRun } from './once-per-run.js';

/**
 * Like `serveRepoSite` (tests/helpers/repo-site.ts), but this repository's site
 * is built once per vitest run (once-per-run.ts) for all the e2e files that
 * serve it: they only read it, and every build of a run is of the same content
 * with the same compiled CLI, so each file building its own proved nothing
 * more. Each file still gets its own `docsgen serve` and its own Chromium.
 */
export async function serveSharedRepoSite(): Promise<ServedSite> {
  const out = await oncePerRun('repo-site', () => {
    const dir = path.join(tempDir('docsgen-repo-site-'), 'dist');
    const result = runCli(['build', '--out-dir', dir]);
    if (result.code !== 0) throw new Error(`building the site failed (exit ${result.code}):\n${result.stderr}`);
    return dir;
  });
  const [server, browser] = await Promise.all([startServeProcess(out), launchBrowser()]);
  return {
    browser,
    server,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
