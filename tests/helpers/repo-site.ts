import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { runCli, tempDir } from './run-cli.js';
import { serveDir } from './static-server.js';

export interface ServedSite {
  browser: Browser;
  server: Awaited<ReturnType<typeof serveDir>>;
  close(): Promise<void>;
}

/** Builds this repository's site with the real CLI into a temp folder, serves it on 127.0.0.1 and launches Chromium. */
export async function serveRepoSite(prefix: string): Promise<ServedSite> {
  const out = path.join(tempDir(prefix), 'dist');
  const result = runCli(['build', '--out-dir', out]);
  if (result.code !== 0) throw new Error(`building the site failed (exit ${result.code}):\n${result.stderr}`);
  const [server, browser] = await Promise.all([serveDir(out), launchBrowser()]);
  return {
    browser,
    server,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
