/**
 * Issue 32: a pointer crossing the page on its way to the search button (over the sidebar's links, the navbar and
 * its buttons) loads no React: neither the theme's islands nor a `client: true` component out of view, which loads
 * when it is scrolled to. And no page prefetches the search page, whose button every page has: readers search in
 * the modal, and the page is fetched when one goes there.
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { runCli, tempDir } from '../helpers/run-cli.js';

/** The theme's islands chunk (React, the navbar, the table of contents) and the Counter component's chunk. */
const ISLAND_CODE = /\/assets\/chunks\/hydrate-islands\.|\/assets\/components\/Counter\./;
const SEARCH_PAGE = /^\/base\/search(\/|\.html)?$|\/search-page\./;

/** True once React has hydrated something on the page (it attaches its fiber to the DOM nodes it owns). */
const hydrated = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-island] *, docsgen-island *')].some((node) =>
      Object.keys(node).some((key) => key.startsWith('__reactFiber')),
    ),
  );

/** Moves the pointer to the middle of each element in turn, through the points between. */
async function pointAt(page: Page, selectors: string[]): Promise<void> {
  for (const selector of selectors) {
    const box = (await page.locator(selector).first().boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  }
}

describeInBrowser('the pointer on its way to the search button', () => {
  let browser: Browser;
  let site: ServerProcess;

  beforeAll(async () => {
    const root = tempDir('docsgen-pointer-on-the-way-');
    cpSync(path.join(fixturesDir, 'client-components'), root, { recursive: true });
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    [site, browser] = await Promise.all([startServeProcess(path.join(root, 'dist')), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it.each(['/base/docs/counter', '/base/docs/intro', '/base/'])(
    'on %s, hovering the way to the search button and opening search loads no island and not the search page',
    async (start) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${site.origin}${start}`);
      await waitPastIdleWork(page);
      await page.mouse.move(700, 600);
      const sidebar = start === '/base/' ? [] : ['.sidebar a.menu-link[href$="/intro"]', '.sidebar a[href$="/card"]'];
      await pointAt(page, [...sidebar, '.navbar-brand', '.color-toggle', 'a.search-button']);
      await waitPastIdleWork(page);
      expect(requested.filter((url) => ISLAND_CODE.test(url))).toEqual([]);
      expect(requested.filter((url) => SEARCH_PAGE.test(url))).toEqual([]);
      await expect(hydrated(page)).resolves.toBe(false);
      // Prefetching is on: the other pages' links were prefetched (in view or hovered), the search page's alone not.
      expect(requested).toContain(start === '/base/' ? '/base/docs/intro' : '/base/docs/card');

      await page.locator('a.search-button').click();
      await page.locator('.search-modal-input').fill('counter');
      await page.locator('.search-option').first().waitFor();
      await waitPastIdleWork(page);
      expect(requested.filter((url) => ISLAND_CODE.test(url) || SEARCH_PAGE.test(url))).toEqual([]);
      await expect(hydrated(page)).resolves.toBe(false);
      await context.close();
    },
  );

  it('the out-of-view component loads once scrolled to, and the theme islands on the first press', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.origin}/base/docs/counter`);
    await waitPastIdleWork(page);
    await pointAt(page, ['.sidebar a[href$="/intro"]', '.color-toggle']);
    expect(requested.filter((url) => ISLAND_CODE.test(url))).toEqual([]);
    // A press on the toggle is an interaction: it is held until React has hydrated the toggle, then replayed.
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(requested.filter((url) => /hydrate-islands\./.test(url))).toHaveLength(1);
    expect(requested.filter((url) => /\/components\/Counter\./.test(url))).toEqual([]);
    await page.locator('.counter > button').scrollIntoViewIfNeeded();
    await expect.poll(() => requested.some((url) => /\/assets\/components\/Counter\./.test(url))).toBe(true);
    await context.close();
  });
});
