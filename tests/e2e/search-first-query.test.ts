import { gzipSync } from 'node:zlib';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';

/** Issue 16: everything fetched from opening search to the first results, gzipped. */
const FIRST_QUERY_BUDGET = 60 * 1024;
/** The lazy chunk with React and the interactive components (client/load-islands.ts). */
const ISLANDS_CHUNK = /\/chunks\/hydrate-islands\.[^/]+\.js$/;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describeInBrowser('search: the first query needs no React (this repository site)', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  /** A page the reader has been reading a while (its idle prefetches done), in a fresh context (nothing cached). */
  async function readingPage(
    viewport: { width: number; height: number },
    path = '/docs/guides/taking-photos',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE });
    const page = await context.newPage();
    await page.goto(`${server.origin}${path}`);
    await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
    await waitPastIdleWork(page);
    return page;
  }

  /**
   * Every request the page makes from now on (one still in flight from before is not the first query's), except
   * the router's prefetches of other pages' HTML: on a busy machine the last of them can start after the page
   * looked idle, and they are the cost of reading on, not of searching.
   */
  function recordRequests(page: Page): Request[] {
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.headers().accept !== 'text/html') requests.push(request);
    });
    return requests;
  }

  /** Gzipped size of each response body (a redirect or a failed request has none), by path. */
  async function gzippedSizes(requests: Request[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    for (const request of requests) {
      const response = await request.response();
      const redirect = !response || (response.status() >= 300 && response.status() < 400);
      sizes.set(new URL(request.url()).pathname, redirect ? 0 : gzipSync(await response.body()).length);
    }
    return sizes;
  }

  const total = (sizes: Map<string, number>) => [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const fetchedIslands = (requests: Request[]) =>
    requests.map((request) => request.url()).filter((url) => ISLANDS_CHUNK.test(url));
  /** True once React has hydrated an island (it attaches its fiber to the DOM nodes it owns). */
  const hydrated = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('[data-island] *')].some((node) =>
        Object.keys(node).some((key) => key.startsWith('__reactFiber')),
      ),
    );
  const waitForResults = (page: Page) =>
    page.waitForFunction(
      () =>
        document.querySelector('.search-option, .search-no-results, .search-error') &&
        !document.querySelector('.search-modal-form[aria-busy]'),
    );

  const paths = [
    {
      name: 'Ctrl+K at 1280 px',
      viewport: DESKTOP,
      query: 'takePhoto',
      open: (page: Page) => page.keyboard.press('Control+k'),
    },
    { name: '"/" at 1280 px', viewport: DESKTOP, query: 'camera', open: (page: Page) => page.keyboard.press('/') },
    {
      name: 'the navbar button at 1280 px',
      viewport: DESKTOP,
      query: 'frame processor',
      open: (page: Page) => page.locator('a.search-button').click(),
    },
    {
      name: 'the navbar button tapped at 390 px',
      viewport: PHONE,
      query: 'usecameradevice',
      open: (page: Page) => page.locator('a.search-button').tap(),
    },
  ];

  it.each(paths)(
    'opened with $name, the first query fetches no React and at most 60 KB gzipped',
    async ({ viewport, query, open }) => {
      const page = await readingPage(viewport);
      const requests = recordRequests(page);
      await open(page);
      await page.locator('.search-modal-input').fill(query);
      await waitForResults(page);
      await expect(page.locator('.search-option').count()).resolves.toBeGreaterThan(0);
      const sizes = await gzippedSizes(requests);
      expect(total(sizes), `fetched for "${query}": ${JSON.stringify(Object.fromEntries(sizes))}`).toBeLessThanOrEqual(
        FIRST_QUERY_BUDGET,
      );
      expect(fetchedIslands(requests)).toEqual([]);
      await expect(hydrated(page)).resolves.toBe(false);
      await page.context().close();
    },
  );

  it("keeps what is typed while the modal's code loads, and loads no React meanwhile", async () => {
    const page = await readingPage(DESKTOP);
    const requests = recordRequests(page);
    let typed!: () => void;
    const typing = new Promise<void>((resolve) => (typed = resolve));
    await page.route('**/chunks/search-modal.*.js', async (route) => {
      await typing;
      await route.continue();
    });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('camera');
    typed();
    await page.locator('.search-modal-input').waitFor();
    await expect(page.locator('.search-modal-input').inputValue()).resolves.toBe('camera');
    await waitForResults(page);
    await expect(page.locator('.search-option').count()).resolves.toBeGreaterThan(0);
    expect(fetchedIslands(requests)).toEqual([]);
    await page.context().close();
  });

  it('typing on the search page loads no React', async () => {
    const page = await readingPage(DESKTOP, '/search');
    const requests = recordRequests(page);
    await page.locator('#search-page-input').click();
    await page.keyboard.type('camera');
    await page.locator('.search-page-list .search-hit').first().waitFor();
    expect(fetchedIslands(requests)).toEqual([]);
    await expect(hydrated(page)).resolves.toBe(false);
    await page.context().close();
  });

  it.each([
    { name: '1280 px', viewport: DESKTOP },
    { name: '390 px', viewport: PHONE },
  ])(
    'after a search at $name, the islands hydrate on the first interaction with the page, replaying a click made before',
    async ({ viewport }) => {
      const page = await readingPage(viewport);
      const requests = recordRequests(page);
      await page.keyboard.press('Control+k');
      await page.locator('.search-modal-input').fill('camera');
      await waitForResults(page);
      await page.keyboard.press('Escape');
      await expect(page.locator('.search-modal').isVisible()).resolves.toBe(false);
      expect(fetchedIslands(requests)).toEqual([]);
      // This click is the first interaction with the page: it is held until React has hydrated the toggle, then replayed.
      await page.click('.color-toggle');
      await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
      expect(fetchedIslands(requests)).toHaveLength(1);
      await expect(hydrated(page)).resolves.toBe(true);
      // Tabs (plain DOM) and an island's own state work as before.
      await page.locator('.tabs-container[data-group-id="platform"] [role=tab]').nth(1).click();
      await expect(
        page.locator('.tabs-container[data-group-id="platform"] [role=tab]').nth(1).getAttribute('aria-selected'),
      ).resolves.toBe('true');
      if (viewport === PHONE) {
        await page.click('.navbar-toggle');
        await expect(page.getAttribute('.navbar-toggle', 'aria-expanded')).resolves.toBe('true');
      } else {
        await page.click('.color-toggle');
        await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
      }
      await page.context().close();
    },
  );
});
