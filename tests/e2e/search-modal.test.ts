import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';

const countWords = (text: string) => text.split(/\s+/).filter((word) => word && word !== '…').length;

describeInBrowser('search modal (local index, this repository site)', () => {
  let browser: Browser;
  let server: ServedSite['server'];

  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  async function openPage(options: { width?: number } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides/taking-photos`);
    await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
    return page;
  }
  const dialog = (page: Page) => page.locator('.search-modal[role="dialog"]');
  const input = (page: Page) => page.locator('.search-modal-input');
  async function search(page: Page, query: string) {
    await input(page).fill(query);
    await page.waitForFunction(() => !document.querySelector('.search-modal-form[aria-busy]'));
  }

  it('loads nothing of search on a page view, and opens with Ctrl+K', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.origin}/docs/guides/taking-photos`);
    await waitPastIdleWork(page);
    // No search code, index file, nor the search page's HTML (the button is a link, which is not prefetched) loads.
    expect(
      requests.filter((url) =>
        /\/search(\/|$)|search-modal|search-page|local-provider|algolia-provider/.test(new URL(url).pathname),
      ),
    ).toEqual([]);
    await page.keyboard.press('Control+k');
    await dialog(page).waitFor({ state: 'visible', timeout: 30_000 });
    await expect(input(page).evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await expect(input(page).getAttribute('maxlength')).resolves.toBe('64');
    expect(page.url()).toMatch(/taking-photos$/);
    await context.close();
  });

  it('opens with the navbar button and "/", closes with Escape and gives focus back', async () => {
    const page = await openPage();
    await page.locator('a.search-button').click();
    await dialog(page).waitFor();
    expect(page.url()).toMatch(/taking-photos$/);
    await page.keyboard.press('Escape');
    await expect(dialog(page).isVisible()).resolves.toBe(false);
    await expect(page.evaluate(() => document.activeElement?.classList.contains('search-button'))).resolves.toBe(true);
    await page.locator('.markdown p').first().click();
    await page.keyboard.press('/');
    await dialog(page).waitFor({ state: 'visible', timeout: 30_000 });
    await page.context().close();
  });

  it('keeps Tab inside the dialog', async () => {
    const page = await openPage();
    await page.keyboard.press('Control+k');
    await search(page, 'camera');
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      await expect(page.evaluate(() => !!document.activeElement?.closest('.search-modal'))).resolves.toBe(true);
    }
    await page.context().close();
  });

  it('keeps the rank order under a title for each run of one top-level group, with highlighted 10-word snippets', async () => {
    const page = await openPage();
    await page.keyboard.press('Control+k');
    await search(page, 'takePhoto');
    const groups = await page.locator('.search-group-title').allTextContents();
    expect(groups).toContain('Guides');
    expect(groups).toContain('Classes');
    // A title heads each run of hits of one group: two in a row never share one.
    for (let i = 1; i < groups.length; i++) expect(groups[i]).not.toBe(groups[i - 1]);
    const first = page.locator('.search-option').first();
    await expect(first.locator('.search-hit-title').textContent()).resolves.toBe('takePhoto()');
    await expect(first.locator('.search-hit-path').textContent()).resolves.toBe('Classes › Camera');
    await expect(first.locator('a').getAttribute('href')).resolves.toBe('/docs/api/classes/Camera#takephoto');
    const snippets = await page.locator('.search-hit-snippet').allTextContents();
    expect(snippets.length).toBeGreaterThan(3);
    for (const text of snippets) expect(countWords(text)).toBeLessThanOrEqual(10);
    expect(snippets.some((text) => countWords(text) === 10)).toBe(true);
    const marks = await page.locator('.search-hit-snippet mark').allTextContents();
    expect(marks.some((text) => /takePhoto/.test(text))).toBe(true);
    await expect(page.locator('.search-see-all').getAttribute('href')).resolves.toBe('/search?q=takePhoto');
    await page.context().close();
  });

  it('shows 5-word snippets on screens 768 px wide or less', async () => {
    const page = await openPage({ width: 700 });
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('docsgen:open-search')));
    await search(page, 'frame processor');
    const snippets = await page.locator('.search-hit-snippet').allTextContents();
    expect(snippets.length).toBeGreaterThan(3);
    for (const text of snippets) expect(countWords(text)).toBeLessThanOrEqual(5);
    expect(snippets.some((text) => countWords(text) === 5)).toBe(true);
    await page.context().close();
  });

  it('moves with the arrow keys, opens a hit with Enter and keeps it in recent searches and favourites', async () => {
    const page = await openPage();
    await page.keyboard.press('Control+k');
    await search(page, 'usecameradevice');
    await expect(page.locator('.search-option[aria-selected="true"] .search-hit-title').textContent()).resolves.toBe(
      'useCameraDevice',
    );
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('ArrowDown');
    const second = await page.locator('.search-option[aria-selected="true"] a').getAttribute('href');
    await page.keyboard.press('ArrowUp');
    expect(second).not.toBe(await page.locator('.search-option[aria-selected="true"] a').getAttribute('href'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/api\/functions\/useCameraDevice$/);
    await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
    await page.keyboard.press('Control+k');
    await page.locator('.search-group-title').first().waitFor();
    await expect(page.locator('.search-group-title').allTextContents()).resolves.toEqual(['Recent']);
    await expect(page.locator('.search-option .search-hit-title').allTextContents()).resolves.toEqual([
      'useCameraDevice',
    ]);
    await page.locator('[aria-label="Save this search"]').click();
    await expect(page.locator('.search-group-title').allTextContents()).resolves.toEqual(['Favorites']);
    await page.locator('[aria-label="Remove this search from favorites"]').click();
    await expect(page.locator('.search-start-empty').textContent()).resolves.toBe('No recent searches');
    await page.context().close();
  });

  it('keeps 7 recent searches, shows 4 of them when there are favourites, and 10 favourites', async () => {
    const page = await openPage();
    const hit = (i: number) => ({ url: `/docs/guides#h${i}`, group: 'Guides', pageTitle: `Page ${i}`, heading: '' });
    await page.evaluate(
      (recent) => localStorage.setItem('docsgen-search-recent', JSON.stringify(recent)),
      Array.from({ length: 7 }, (_, i) => hit(i)),
    );
    await page.keyboard.press('Control+k');
    await page.locator('.search-option').nth(6).waitFor();
    await expect(page.locator('.search-option').count()).resolves.toBe(7);
    await page.locator('[aria-label="Remove this search from history"]').first().click();
    await expect(page.locator('.search-option').count()).resolves.toBe(6);
    for (let i = 0; i < 6; i++) await page.locator('[aria-label="Save this search"]').first().click();
    await page.keyboard.press('Escape');
    await page.evaluate(
      (recent) => localStorage.setItem('docsgen-search-recent', JSON.stringify(recent)),
      Array.from({ length: 7 }, (_, i) => hit(i + 20)),
    );
    await page.keyboard.press('Control+k');
    const sections = page.locator('.search-group');
    await expect(sections.nth(0).locator('.search-option').count()).resolves.toBe(4);
    await expect(sections.nth(1).locator('.search-option').count()).resolves.toBe(6);
    for (let i = 0; i < 4; i++) await page.locator('[aria-label="Save this search"]').first().click();
    const favorites = await page.evaluate(
      () => JSON.parse(localStorage.getItem('docsgen-search-favorites') ?? '[]').length,
    );
    expect(favorites).toBe(10);
    await page.locator('[aria-label="Save this search"]').first().click();
    await expect(
      page.evaluate(() => JSON.parse(localStorage.getItem('docsgen-search-favorites') ?? '[]').length),
    ).resolves.toBe(10);
    await page.context().close();
  });

  it('explains an empty result and offers suggestions', async () => {
    const page = await openPage();
    await page.keyboard.press('Control+k');
    await search(page, 'qqqzzzxxx');
    await expect(page.locator('.search-no-results-title').textContent()).resolves.toBe('No results for "qqqzzzxxx"');
    await expect(page.locator('.search-no-results-try').textContent()).resolves.toBe('Try searching for');
    await expect(page.locator('.search-no-results-help').textContent()).resolves.toBe(
      'Believe this query should return results? Let us know.',
    );
    const href = await page.locator('.search-no-results-help a').getAttribute('href');
    expect(href).toMatch(/^https:\/\/github\.com\/mrousavy\/react-native-vision-camera\/issues\/new\?title=/);
    const suggestion = page.locator('.search-suggestion').first();
    const text = await suggestion.textContent();
    await suggestion.click();
    await page.waitForFunction(() => !!document.querySelector('.search-option'));
    await expect(input(page).inputValue()).resolves.toBe(text);
    await page.context().close();
  });

  it('shows the error screen when the index cannot be fetched', async () => {
    const page = await openPage();
    const indexFiles = /\/search\/(settings|base|terms|docs)/;
    await page.route(indexFiles, (route) => route.abort('internetdisconnected'));
    await page.keyboard.press('Control+k');
    await search(page, 'camera');
    await expect(page.locator('.search-error-title').textContent()).resolves.toBe('Unable to fetch results');
    await expect(page.locator('.search-error-help').textContent()).resolves.toBe(
      'You might want to check your network connection.',
    );
    await page.unroute(indexFiles);
    await search(page, 'camera device');
    await expect(page.locator('.search-option').count()).resolves.toBeGreaterThan(0);
    await page.context().close();
  });

  it('never treats the query as HTML', async () => {
    const page = await openPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    // An <img src=x> made from the query, even one removed at once, requests …/x before its onerror can run.
    const imageRequests: string[] = [];
    page.on(
      'request',
      (request) => void (new URL(request.url()).pathname.endsWith('/x') && imageRequests.push(request.url())),
    );
    await page.keyboard.press('Control+k');
    // Its words (`src`, `x`, `1`) are in the index: hits are shown, with the query's words marked as text.
    await search(page, '<img src=x onerror=alert(1)>');
    await expect(page.locator('.search-option').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.search-modal img').count()).resolves.toBe(0);
    // None of these words is: the query is shown back in the "No results" message.
    const query = '<qzqz>qzqzqz</qzqz>';
    await search(page, query);
    await expect(input(page).inputValue()).resolves.toBe(query);
    await expect(page.locator('.search-no-results-title').textContent()).resolves.toBe(`No results for "${query}"`);
    await expect(page.locator('.search-no-results-help a').getAttribute('href')).resolves.toContain(
      encodeURIComponent(query),
    );
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(query);
    await page.locator('.search-no-results-title').waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe(`Search results for "${query}"`);
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await waitPastIdleWork(page);
    expect(imageRequests).toEqual([]);
    expect(dialogs).toBe(0);
    await page.context().close();
  });
});
