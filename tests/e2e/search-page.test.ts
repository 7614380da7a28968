import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';

describeInBrowser('the /search page (local index, this repository site)', () => {
  let browser: Browser;
  let server: ServedSite['server'];

  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  async function open(url: string, javaScriptEnabled = true): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(server.origin + url);
    return page;
  }
  const firstHref = (page: Page) => page.locator('.search-page-item a').first().getAttribute('href');

  it('shows 20 hits per page, pages through them and keeps the page in the URL and history', async () => {
    const page = await open('/search?q=camera');
    await page.locator('.search-page-item').first().waitFor();
    await expect(page.locator('h1').textContent()).resolves.toBe('Search results for "camera"');
    await expect(page.locator('#search-page-input').inputValue()).resolves.toBe('camera');
    await expect(page.locator('.search-page-item').count()).resolves.toBe(20);
    const count = Number((await page.locator('.search-page-count').textContent())?.match(/^(\d+) results$/)?.[1]);
    expect(count).toBeGreaterThan(40);
    const pages = Math.ceil(count / 20);
    await expect(page.locator('.search-page-position').textContent()).resolves.toBe(`Page 1 of ${pages}`);
    const first = await firstHref(page);
    await page.locator('.search-page-next').click();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() =>
      document.querySelector('.search-page-position')?.textContent?.startsWith('Page 2'),
    );
    await expect(page.locator('.search-page-list').getAttribute('start')).resolves.toBe('21');
    expect(await firstHref(page)).not.toBe(first);
    await page.goBack();
    await page.waitForFunction(() =>
      document.querySelector('.search-page-position')?.textContent?.startsWith('Page 1'),
    );
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(await firstHref(page)).toBe(first);
    await page.goto(`${server.origin}/search?q=camera&page=${pages}`);
    await page.locator('.search-page-item').first().waitFor();
    await expect(page.locator('.search-page-item').count()).resolves.toBe(count - (pages - 1) * 20);
    await expect(page.locator('.search-page-next').count()).resolves.toBe(0);
    await page.context().close();
  });

  it('ranks as the modal does, one hit per page, with the matched words marked in titles and snippets', async () => {
    for (const query of ['take photo', 'recordng video']) {
      const results = await open(`/search?q=${encodeURIComponent(query)}`);
      await results.locator('.search-page-item').first().waitFor();
      const listed = await results
        .locator('.search-page-item a.search-hit')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(new Set(listed.map((url) => url.split('#')[0])).size).toBe(listed.length);
      const marked = await results
        .locator('.search-page-item')
        .first()
        .evaluate((item) => ({
          title: [...item.querySelectorAll('.search-hit-title mark')].map((mark) => mark.textContent),
          snippet: [...item.querySelectorAll('.search-hit-snippet mark')].map((mark) => mark.textContent),
        }));
      expect(marked.title.length, query).toBeGreaterThan(0);
      expect(marked.snippet.length, query).toBeGreaterThan(0);
      await results.context().close();

      const page = await open('/docs/guides');
      await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
      await page.keyboard.press('Control+k');
      await page.locator('.search-modal-input').fill(query);
      await page.locator('.search-option').first().waitFor();
      await page.waitForFunction(() => !document.querySelector('.search-modal-form[aria-busy]'));
      const shown = await page
        .locator('.search-option a.search-hit')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
      expect(shown.length).toBeGreaterThan(3);
      expect(shown, query).toEqual(listed.slice(0, shown.length));
      expect(shown[0]).toMatch(
        query === 'take photo' ? /^\/docs\/guides\/taking-photos/ : /^\/docs\/guides\/recording-videos/,
      );
      await page.context().close();
    }
  });

  it('keeps the query in the URL while typing', async () => {
    const page = await open('/search');
    await page.locator('#search-page-input').fill('takePhoto');
    await page.waitForURL(/\?q=takePhoto$/);
    await page.locator('.search-page-item').first().waitFor();
    await expect(page.locator('.search-page-item .search-hit-title').first().textContent()).resolves.toBe(
      'takePhoto()',
    );
    await page.context().close();
  });

  it("keeps what is typed before the page's code has loaded, and searches for it", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    let typed!: () => void;
    const typing = new Promise<void>((resolve) => (typed = resolve));
    const held = page.waitForRequest(/\/chunks\/search-page\.[^/]+\.js$/);
    await page.route('**/chunks/search-page.*.js', async (route) => {
      await typing;
      await route.continue();
    });
    await page.goto(`${server.origin}/search`, { waitUntil: 'domcontentloaded' });
    await held;
    await page.locator('#search-page-input').fill('takePhoto');
    typed();
    await page.waitForURL(/\?q=takePhoto$/);
    await page.locator('.search-page-item').first().waitFor();
    await expect(page.locator('#search-page-input').inputValue()).resolves.toBe('takePhoto');
    await expect(page.locator('.search-page-item .search-hit-title').first().textContent()).resolves.toBe(
      'takePhoto()',
    );
    await context.close();
  });

  it('never treats a query from the URL as HTML', async () => {
    // Its words (`src`, `x`, `1`) are in the index: hits are shown; then a query none of whose words is.
    for (const [query, found] of [
      ['<img src=x onerror=alert(1)>', true],
      ['<qzqz>qzqzqz</qzqz>', false],
    ] as const) {
      const page = await open(`/search?q=${encodeURIComponent(query)}`);
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      if (found) await page.locator('.search-hit').first().waitFor();
      else {
        await page.locator('.search-no-results-title').waitFor();
        await expect(page.locator('.search-no-results-title').textContent()).resolves.toBe(`No results for "${query}"`);
      }
      await expect(page.locator('h1').textContent()).resolves.toBe(`Search results for "${query}"`);
      await expect(page.locator('img[src="x"], main img').count()).resolves.toBe(0);
      expect(dialogs).toBe(0);
      await page.context().close();
    }
  });

  it("is titled with the URL's query, as text, before its code has loaded", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The page's scripts never arrive: what the reader sees is the page as first painted.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    const query = '<b>camera</b>';
    await page.goto(`${server.origin}/search?q=${encodeURIComponent(query)}`);
    await expect(page.locator('h1').textContent()).resolves.toBe(`Search results for "${query}"`);
    await expect(page.locator('main b').count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps room for the results on a phone: nothing on the page moves when they arrive', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.origin}/search?q=camera`);
    await page.locator('.search-page-item').first().waitFor();
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    await expect(page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).resolves.toEqual([]);
    await context.close();
  });

  it('is a plain GET form without JavaScript', async () => {
    const page = await open('/search', false);
    await page.locator('#search-page-input').fill('formats');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=formats$/);
    await expect(page.locator('#search-page-input').getAttribute('maxlength')).resolves.toBe('64');
    await page.context().close();
  });
});
