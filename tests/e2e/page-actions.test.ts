/**
 * The page actions menu beside a page's title in a browser: "Copy page" puts
 * exactly what the server answers for the page's Markdown copy on the
 * clipboard and says so; the menu works from the keyboard; its code loads
 * only when the reader first touches it; its links point the assistants at
 * the copy's absolute URL; it fits a phone; axe finds nothing with it open.
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { serveFixtureSite, type ServedSite } from '../helpers/repo-site.js';
import { ensureMarkdownCopy } from './markdown-copy-fixture.js';
import { VIEWPORTS, waitForIslands } from './shell-fixture.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGE = '/docs/guides/second';
const COPY = '/docs/guides/second.md';
const MENU_CHUNK = /\/assets\/chunks\/page-actions-menu\.\w+\.js$/;

describeInBrowser('the page actions menu', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveFixtureSite('minimal', {
      prepare: (root) => {
        writeFileSync(
          path.join(root, 'build.config.ts'),
          `export default { title: 'Minimal', url: 'https://example.com', docs: { editUrl: 'https://github.com/o/r/edit/main/', sidebars: { main: ['guides/intro', { type: 'category', label: 'More', link: { type: 'generated-index' }, items: ['guides/second', 'guides/lookalike'] }] } } };`,
        );
        // Content cannot run code, but it can draw a button that looks like the menu's, pointing at another file.
        writeFileSync(
          path.join(root, 'content/docs/guides/lookalike.mdx'),
          `---\ntitle: Look-alike\n---\n\n<div className="page-actions"><button type="button" className="page-actions-item page-actions-copy" data-markdown="${COPY}"><span className="page-actions-label">Copy page</span></button></div>\n`,
        );
      },
      // Until the build writes Markdown copies of its own, the test serves stand-ins: either way it compares with the server's answer.
      finish: (dist) => {
        ensureMarkdownCopy(dist, COPY.slice(1));
        ensureMarkdownCopy(dist, 'docs/guides.md');
      },
    });
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  async function open(viewport: (typeof VIEWPORTS)[number], colorScheme: 'light' | 'dark' = 'light') {
    const context = await browser.newContext({
      colorScheme,
      viewport: { width: viewport.width, height: viewport.height },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await page.goto(server.origin + PAGE);
    await waitForIslands(page);
    return { context, page, scripts };
  }

  it('loads its code only on the first touch, then copies the Markdown copy the server sends and confirms it', async () => {
    const { context, page, scripts } = await open(VIEWPORTS[0]);
    await waitPastIdleWork(page);
    expect(scripts.filter((url) => MENU_CHUNK.test(url))).toEqual([]);
    const loaded = page.waitForRequest((request) => MENU_CHUNK.test(new URL(request.url()).pathname));
    await page.locator('.page-actions-toggle').click();
    await loaded;
    await page.locator('.page-actions-copy').click();
    await page.waitForFunction(
      () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copied',
    );
    await expect(page.locator('.page-actions [role="status"]').textContent()).resolves.toBe(
      'Page copied to the clipboard as Markdown.',
    );
    const served = await (await page.request.get(server.origin + COPY)).text();
    expect(served.length).toBeGreaterThan(0);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(served);
    // The confirmation goes away and the button reads as before.
    await page.waitForFunction(
      () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copy page',
    );
    await expect(page.locator('.page-actions [role="status"]').textContent()).resolves.toBe('');
    await context.close();
  });

  it('copies the page the reader went to with a client-side navigation', async () => {
    const { context, page } = await open(VIEWPORTS[0]);
    await page.locator('.page-actions-toggle').click();
    await page.locator('.sidebar a', { hasText: 'Introduction' }).click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Introduction');
    await page.locator('.page-actions-toggle').click();
    await page.locator('.page-actions-copy').click();
    await page.waitForFunction(
      () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copied',
    );
    const served = await (await page.request.get(server.origin + '/docs/guides.md')).text();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(served);
    await context.close();
  });

  it('says so when the copy cannot be fetched', async () => {
    const { context, page } = await open(VIEWPORTS[0]);
    await page.route(`**${COPY}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.locator('.page-actions-toggle').click();
    await page.locator('.page-actions-copy').click();
    await page.waitForFunction(
      () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copy failed',
    );
    await expect(page.locator('.page-actions [role="status"]').textContent()).resolves.toContain(
      'Could not copy the page',
    );
    await context.close();
  });

  it("copies only the page's own Markdown copy, not a file that a look-alike button in the content names", async () => {
    const { context, page } = await open(VIEWPORTS[0]);
    await page.goto(server.origin + '/docs/guides/lookalike');
    const fake = page.locator('.markdown .page-actions-copy');
    // The sanitiser removes the attribute the real button carries (data-markdown is reserved for the theme)...
    await expect(fake.getAttribute('data-markdown')).resolves.toBeNull();
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    // ...and even a button that names no copy is not trusted to: the menu copies only the page's own.
    await fake.click();
    await page.waitForFunction(
      () => document.querySelector('.markdown .page-actions-label')?.textContent === 'Copy failed',
    );
    expect(fetched).not.toContain(COPY);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('before');
    await context.close();
  });

  it('works from the keyboard: Enter opens, Tab reaches each item, Enter copies, Escape closes and gives the focus back', async () => {
    const { context, page } = await open(VIEWPORTS[0]);
    const toggle = page.locator('.page-actions-toggle');
    // Tab from the breadcrumbs' last link to the menu, as a keyboard reader would.
    await page.locator('.breadcrumbs a').last().focus();
    await page.keyboard.press('Tab');
    await expect(
      toggle.evaluate((element) => element === document.activeElement && element.matches(':focus-visible')),
    ).resolves.toBe(true);
    await expect(toggle.evaluate((element) => getComputedStyle(element).outlineStyle)).resolves.not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.locator('.page-actions details').getAttribute('open')).resolves.toBe('');
    const reached: string[] = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(
          () => document.activeElement?.querySelector('.page-actions-label')?.firstChild?.textContent ?? '',
        ),
      );
    }
    expect(reached).toEqual(['Copy page', 'View as Markdown', 'Open in ChatGPT', 'Open in Claude', 'Edit this page']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copied',
    );
    await page.keyboard.press('Escape');
    await expect(page.locator('.page-actions details').getAttribute('open')).resolves.toBeNull();
    await expect(toggle.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await context.close();
  });

  it('points ChatGPT and Claude at the absolute URL of the copy, in a new tab, and links the copy itself', async () => {
    const { context, page } = await open(VIEWPORTS[0]);
    const prompt = `Read https://example.com${COPY} so I can ask questions about it.`;
    const chatGpt = page.locator('.page-actions a', { hasText: 'Open in ChatGPT' });
    const claude = page.locator('.page-actions a', { hasText: 'Open in Claude' });
    const chatGptUrl = new URL((await chatGpt.getAttribute('href'))!);
    expect(chatGptUrl.origin + chatGptUrl.pathname).toBe('https://chatgpt.com/');
    expect(chatGptUrl.searchParams.get('q')).toBe(prompt);
    const claudeUrl = new URL((await claude.getAttribute('href'))!);
    expect(claudeUrl.origin + claudeUrl.pathname).toBe('https://claude.ai/new');
    expect(claudeUrl.searchParams.get('q')).toBe(prompt);
    for (const link of [chatGpt, claude]) {
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    }
    await expect(page.locator('.page-actions a', { hasText: 'Edit this page' }).getAttribute('href')).resolves.toBe(
      'https://github.com/o/r/edit/main/content/docs/guides/second.md',
    );
    await page.locator('.page-actions-toggle').click();
    const response = page.waitForResponse((r) => new URL(r.url()).pathname === COPY);
    await page.locator('.page-actions a', { hasText: 'View as Markdown' }).click();
    expect((await response).status()).toBe(200);
    await page.waitForURL(`**${COPY}`);
    await context.close();
  });

  it('is on category indexes too, and fits a 390 px phone, open or closed, with tap targets of at least 24 px', async () => {
    const { context, page } = await open(VIEWPORTS[1]);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await expect(fits()).resolves.toBe(true);
    const toggle = await page.locator('.page-actions-toggle').boundingBox();
    expect(toggle!.width).toBeGreaterThanOrEqual(24);
    expect(toggle!.height).toBeGreaterThanOrEqual(24);
    expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(390);
    await page.locator('.page-actions-toggle').click();
    await expect(fits()).resolves.toBe(true);
    const menu = await page.locator('.page-actions-menu').boundingBox();
    expect(menu!.x).toBeGreaterThanOrEqual(0);
    expect(menu!.x + menu!.width).toBeLessThanOrEqual(390);
    for (const item of await page.locator('.page-actions-item').all())
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    // A press outside closes it.
    await page.locator('.doc-title').click();
    await expect(page.locator('.page-actions details').getAttribute('open')).resolves.toBeNull();
    await page.goto(server.origin + '/docs/category/more');
    await expect(page.locator('.doc-header .page-actions-toggle').isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('does not move the title row when the page becomes interactive', async () => {
    const boxes = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
      });
      const page = await context.newPage();
      await page.goto(server.origin + PAGE);
      if (javaScriptEnabled) await waitForIslands(page);
      const result = [
        await page.locator('.doc-title').boundingBox(),
        await page.locator('.page-actions-toggle').boundingBox(),
      ];
      await context.close();
      return result;
    };
    expect(await boxes(true)).toEqual(await boxes(false));
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation with the menu open (${colorScheme})`, async () => {
      for (const viewport of VIEWPORTS) {
        const { context, page } = await open(viewport, colorScheme);
        await page.locator('.page-actions-toggle').click();
        await page.locator('.page-actions-copy').click();
        await page.waitForFunction(
          () => document.querySelector('.page-actions-copy .page-actions-label')?.textContent === 'Copied',
        );
        await page.addScriptTag({ path: axeScript });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  context: string,
                  options: object,
                ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          return (await axe.run('.doc-header', { resultTypes: ['violations'] })).violations;
        });
        expect(
          violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${viewport.name}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
        await context.close();
      }
    });
  }
});
