/**
 * Issue 32: a word typed letter by letter into the search modal fetches no more of the index than the whole word
 * pasted, on a fresh page. The page's clock is Playwright's fake one, paused while keys are pressed and advanced by
 * the time between them, so a busy machine cannot stretch that time: what is asserted is the files fetched, for a
 * given rhythm of keys.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TYPING_PAUSE_MS } from '../../templates/client/search/typing-pause.js';
import { describeInBrowser } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';

/** Any moment before the test, for the fake clock: its timers run as usual until it is paused. */
const START = new Date('2026-01-05T09:00:00Z').getTime();
/** Time between keys: a realistic rhythm, 80 to 120 ms. */
const RHYTHM = [100, 80, 120, 90, 110, 85, 115, 95];

describeInBrowser('search modal: typing letter by letter (this repository site)', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  /** A guide in a fresh context (nothing cached) with the modal open and the clock paused. */
  async function openModal(): Promise<{ page: Page; fetched: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.clock.install({ time: START });
    const page = await context.newPage();
    await page.goto(`${server.origin}/docs/guides/taking-photos`);
    await page.waitForFunction(() => document.documentElement.dataset.searchReady !== undefined);
    const fetched: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/search/')) fetched.push(path);
    });
    await page.keyboard.press('Control+k');
    await page.locator('.search-modal-input').waitFor();
    await page.clock.pauseAt(START + 3_600_000);
    return { page, fetched };
  }

  /** Lets time flow again, waits for the results of what is in the box, and for every request made before them. */
  async function results(page: Page): Promise<void> {
    await page.clock.resume();
    await page.waitForFunction(
      () => document.querySelector('.search-option') && !document.querySelector('.search-modal-form[aria-busy]'),
    );
    const sentinel = `/__docsgen-test-sentinel-${Math.random().toString(36).slice(2)}`;
    const seen = page.waitForRequest((request) => new URL(request.url()).pathname === sentinel);
    await page.evaluate((url) => void fetch(url).catch(() => undefined), sentinel);
    await seen;
  }

  /** Each key of `text`, the clock advanced by `gaps` (in turn) after each. */
  async function typeKeys(page: Page, text: string, gaps: number[]): Promise<void> {
    for (const [i, key] of [...text].entries()) {
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      if (gaps.length) await page.clock.runFor(gaps[i % gaps.length]);
    }
  }

  /** What a fresh page fetches for the query pasted whole: the files any typing of it may fetch. */
  async function pasted(query: string): Promise<string[]> {
    const { page, fetched } = await openModal();
    await page.locator('.search-modal-input').fill(query);
    await results(page);
    await page.context().close();
    expect(fetched.some((path) => /\/docs-\d+\./.test(path))).toBe(true);
    return fetched.sort();
  }

  it.each(['exposure', 'frame processor'])(
    'typed letter by letter, 80-120 ms apart or all at once, "%s" fetches what it fetches pasted',
    async (query) => {
      const whole = await pasted(query);
      for (const gaps of [RHYTHM, []]) {
        const { page, fetched } = await openModal();
        await typeKeys(page, query, gaps);
        await results(page);
        expect(await page.locator('.search-modal-input').inputValue()).toBe(query);
        expect(fetched.sort(), `keys ${gaps.length ? 'at 80-120 ms' : 'all at once'}`).toEqual(whole);
        await page.context().close();
      }
    },
  );

  it('a search still loading when the next letter comes fetches no text for its hits', async () => {
    const whole = await pasted('expo');
    const { page, fetched } = await openModal();
    // The index part the first search needs arrives only once the reader has typed on.
    let typedOn!: () => void;
    const held = new Promise<void>((resolve) => (typedOn = resolve));
    await page.route('**/search/terms-*.json', async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((request) => /\/search\/terms-/.test(request.url()));
    await typeKeys(page, 'exp', [100]);
    await page.clock.runFor(TYPING_PAUSE_MS);
    await asked;
    await typeKeys(page, 'o', []);
    typedOn();
    await results(page);
    expect(fetched.sort()).toEqual(whole);
    await page.context().close();
  });

  it('Enter pressed before the typed query has run opens its first hit, not one of the hits shown before', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const probe = await context.newPage();
    await probe.goto(`${server.origin}/docs/guides/taking-photos`);
    await probe.keyboard.press('Control+k');
    await probe.locator('.search-modal-input').fill('usecameradevice');
    await probe.locator('.search-option').first().waitFor();
    await probe.waitForFunction(() => !document.querySelector('.search-modal-form[aria-busy]'));
    const target = new URL((await probe.locator('.search-option a').first().getAttribute('href'))!, server.origin);
    await context.close();

    const { page } = await openModal();
    await page.locator('.search-modal-input').fill('camera');
    await results(page);
    await page.clock.pauseAt(START + 7_200_000);
    await page.locator('.search-modal-input').fill('');
    await typeKeys(page, 'usecameradevice', []);
    await page.keyboard.press('Enter');
    await page.clock.resume();
    await page.waitForURL((url) => url.pathname === target.pathname);
    await page.context().close();
  });
});
