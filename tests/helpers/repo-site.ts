import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { copySite, runCli, tempDir } from './run-cli.js';
import { startServeProcess, type ServerProcess } from './cli-process.js';
import { oncePerRun } from './once-per-run.js';

export interface ServedSite {
  browser: Browser;
  /** `docsgen serve` on the built site. */
  server: ServerProcess;
  close(): Promise<void>;
}

/**
 * Serves this repository's site with `docsgen serve` and launches Chromium.
 * The site is built once per vitest run (once-per-run.ts) for every test file
 * that serves it: they only read it, and every build of a run is of the same
 * content with the same compiled CLI. Each file gets its own server and browser.
 */
export async function serveRepoSite(): Promise<ServedSite> {
  const out = await oncePerRun('repo-site', () => {
    const dir = path.join(tempDir('docsgen-repo-site-'), 'dist');
    const result = runCli(['build', '--out-dir', dir]);
    if (result.code !== 0) throw new Error(`building the site failed (exit ${result.code}):\n${result.stderr}`);
    return dir;
  });
  return serveBuilt(out);
}

/**
 * The same for a copy of a fixture site from tests/sites: `prepare` may change
 * its sources before the build, `finish` its output after it.
 */
export async function serveFixtureSite(
  name: string,
  options: { prepare?: (root: string) => void; finish?: (dist: string) => void } = {},
): Promise<ServedSite> {
  const root = copySite(name);
  options.prepare?.(root);
  const result = runCli(['build', '--root', root]);
  if (result.code !== 0) throw new Error(`building ${name} failed (exit ${result.code}):\n${result.stderr}`);
  const out = path.join(root, 'dist');
  options.finish?.(out);
  return serveBuilt(out);
}

async function serveBuilt(out: string): Promise<ServedSite> {
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
