import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';

describeInBrowser('reading without JavaScript', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    const root = copySite('minimal');
    expect(runCli(['build', '--root', root]).code).toBe(0);
    server = await startServeProcess(path.join(root, 'dist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('reads a guide and follows a sidebar link', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Introduction');
    await expect(page.locator('.markdown p').first().textContent()).resolves.toContain('Welcome.');
    await page.locator('.sidebar a', { hasText: 'Second Page' }).click();
    await page.waitForURL(/\/docs\/guides\/second$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Second Page');
    await expect(page.locator('.sidebar a[aria-current="page"]').textContent()).resolves.toBe('Second Page');
    await context.close();
  });

  it('sends /docs to the main doc with a static redirect', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs`);
    await page.waitForURL(/\/docs\/guides$/);
    await expect(page.locator('h1').textContent()).resolves.toBe('Introduction');
    await context.close();
  });
});
