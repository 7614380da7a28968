import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveFixtureSite, type ServedSite } from '../helpers/repo-site.js';
import { ensureMarkdownCopy } from './markdown-copy-fixture.js';

describeInBrowser('reading without JavaScript', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    // A stand-in Markdown copy until the build writes its own (the test reads what the server answers).
    site = await serveFixtureSite('minimal', { finish: (dist) => ensureMarkdownCopy(dist, 'docs/guides.md') });
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

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

  it('opens the page actions menu from the keyboard and follows its links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides`);
    await page.locator('.page-actions-toggle').focus();
    await page.keyboard.press('Enter');
    const chatGpt = new URL(
      (await page.locator('.page-actions a', { hasText: 'Open in ChatGPT' }).getAttribute('href'))!,
    );
    expect(chatGpt.searchParams.get('q')).toBe(
      'Read https://example.com/docs/guides.md so I can ask questions about it.',
    );
    const served = await (await page.request.get(`${server.origin}/docs/guides.md`)).text();
    const view = page.locator('.page-actions a', { hasText: 'View as Markdown' });
    await expect(view.isVisible()).resolves.toBe(true);
    await view.click();
    await page.waitForURL(/\/docs\/guides\.md$/);
    await expect(page.locator('body').textContent()).resolves.toBe(served);
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
