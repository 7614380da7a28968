import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { copySite, runCli, tempDir } from './run-cli.js';
import { startServeProcess, type ServerProcess } from './cli-process.js';

export interface ServedSite {
  browser: Browser;
  /** `docsgen serve` on the built site. */
  server: ServerProcess;
  close(): Promise<void>;
}

/** Builds this repository's site with the real CLI into a temp folder, serves it with `docsgen serve` and launches Chromium. */
export async function serveRepoSite(prefix: string): Promise<ServedSite> {
  const out = path.join(tempDir(prefix), 'dist');
  const result = runCli(['build', '--out-dir', out]);
  if (result.code !== 0) throw new Error(`building the site failed (exit ${result.code}):\n${result.stderr}`);
  return serveBuilt(out);
}

/**
 * The same for a copy of a fixture site from tests/sites: `prepare` may change
 * its sources before the build, `finish` its output after it.
 */
export async function serveFixtureSite(name: string, options: { prepare?: (root: string) => void; finish?: (dist: string) => void } = {}): Promise<ServedSite> {
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
