/**
 * This repository's site as `docsgen build` makes it: the links and popups of a guide's sample come from the
 * real checker (not crafted refs, as in code-tips.test.ts), so this holds the whole path from the compiler to
 * the reader.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';

describeInBrowser("code samples on this repository's site link into the API, with their types on hover", () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  it("a guide's useCameraDevice links to its page and shows its signature and first doc sentence; device.hasFlash to its anchor", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.origin}/docs/guides/taking-photos`);
    const hook = page.locator('.code-block a.code-ref', { hasText: /^useCameraDevice$/ }).first();
    await expect(hook.getAttribute('href')).resolves.toBe('/docs/api/functions/useCameraDevice');
    const flash = page.locator('.code-block a.code-ref', { hasText: /^hasFlash$/ }).first();
    await expect(flash.getAttribute('href')).resolves.toBe('/docs/api/interfaces/CameraDevice#hasflash');
    await hook.hover();
    const popup = page.locator('.code-popup');
    await popup.waitFor({ state: 'visible' });
    await expect(popup.textContent()).resolves.toContain('useCameraDevice(position: CameraPosition');
    await expect(popup.textContent()).resolves.toContain('Get the best matching Camera device');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'hidden' });
    // The link leads to a page that exists, at an anchor it has.
    await page.goto(`${server.origin}/docs/api/interfaces/CameraDevice`);
    await expect(page.locator('#hasflash').count()).resolves.toBe(1);
    await page.close();
  });
});
