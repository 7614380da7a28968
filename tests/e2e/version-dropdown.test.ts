/**
 * The docs version dropdown and banner in a browser, at a desktop and a phone
 * width: the dropdown opens from the keyboard before any script runs (a
 * <details> menu), lists every version and leads to the same doc in another
 * version; on a phone the mobile menu lists the versions too.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { buildFixture } from '../helpers/docusaurus-fixtures.js';

describeInBrowser('the docs version dropdown and banner', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    const built = await buildFixture('versions');
    expect(built.code, built.stderr).toBe(0);
    server = await startServeProcess(built.dist);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens from the keyboard at 1280 px without JavaScript and leads to the same doc in another version', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides/setup`);
    const summary = page.locator('.navbar-versions > summary');
    await expect(summary.isVisible()).resolves.toBe(true);
    await summary.focus();
    await page.keyboard.press('Enter');
    const links = page.locator('.navbar-versions .navbar-versions-link');
    await expect(links.allTextContents()).resolves.toEqual(['Canary', '2.0.x', '1.0']);
    await expect(
      page.locator('.navbar-versions .navbar-versions-link[aria-current="page"]').textContent(),
    ).resolves.toBe('2.0.x');
    await links.filter({ hasText: '1.0' }).click();
    await page.waitForURL(/\/docs\/legacy\/guides\/setup$/);
    const banner = page.locator('aside.version-banner[role="note"]');
    await expect(banner.isVisible()).resolves.toBe(true);
    await expect(banner.textContent()).resolves.toContain('no longer actively maintained');
    await banner.locator('a').click();
    await page.waitForURL(/\/docs\/guides\/setup$/);
    await context.close();
  });

  it('lists the versions in the mobile menu at 390 px, and shows the banner within the width', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/next/intro`);
    const banner = page.locator('aside.version-banner');
    const box = await banner.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await expect(page.locator('.navbar-versions').isVisible()).resolves.toBe(false);
    await page.locator('.navbar-toggle').click();
    await page.locator('.mobile-menu-back').click();
    const versions = page.locator('.mobile-menu-versions');
    await versions.locator('summary').click();
    await expect(versions.locator('a').allTextContents()).resolves.toEqual(['Canary', '2.0.x', '1.0']);
    await versions.locator('a', { hasText: '2.0.x' }).click();
    await page.waitForURL(/\/docs\/intro$/);
    await context.close();
  });
});
