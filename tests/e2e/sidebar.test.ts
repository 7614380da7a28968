import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';

describeInBrowser('sidebar categories', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'build.config.ts'),
      "export default { title: 'Minimal', url: 'https://example.com', docs: { sidebars: { main: ['guides/intro', { type: 'category', label: 'More', collapsed: true, items: ['guides/second'] }] } } };\n",
    );
    expect(runCli(['build', '--root', root]).code).toBe(0);
    [server, browser] = await Promise.all([startServeProcess(path.join(root, 'dist')), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a collapsed category away from the page loads its items when opened', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.origin}/docs/guides`);
    const category = page.locator('aside.sidebar details', { hasText: 'More' });
    expect(await category.locator('a', { hasText: 'Second Page' }).count()).toBe(0);
    await category.locator('summary').click();
    await category.locator('a', { hasText: 'Second Page' }).waitFor();
    await category.locator('a', { hasText: 'Second Page' }).click();
    await page.waitForURL(/\/docs\/guides\/second$/);
    // On its own page the category is open and the page is marked, straight from the server.
    await expect(page.locator('aside.sidebar a[aria-current="page"]').textContent()).resolves.toBe('Second Page');
    await page.close();
  });
});
