import { createRequire } from 'node:module';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { buildCodeTipsSite, readSample, TIPS } from './code-tips-fixture.js';
import { VIEWPORTS, waitForIslands, type Viewport } from './shell-fixture.js';

const POPUP_CHUNK = /\/assets\/chunks\/code-popup\.\w+\.js$/;
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Opened {
  page: Page;
  /** Every URL the page requested, in order. */
  requests: string[];
  errors: string[];
  close: () => Promise<void>;
}

async function open(
  browser: Browser,
  url: string,
  viewport: Viewport,
  context: BrowserContextOptions = {},
): Promise<Opened> {
  const ctx = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height }, ...context });
  const page = await ctx.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => errors.push(error.message));
  // The 404 of waitPastIdleWork's sentinel request is the test's own.
  page.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !message.location().url.includes('__docsgen-test-sentinel') &&
      errors.push(message.text()),
  );
  await page.goto(url);
  return { page, requests, errors, close: () => ctx.close() };
}

/** The boxes of the sample's code lines (x, y, width, height). */
const lineBoxes = (page: Page) =>
  page
    .locator('.code-block')
    .first()
    .locator('.line')
    .evaluateAll((lines) => lines.map((line) => ((r) => [r.x, r.y, r.width, r.height])(line.getBoundingClientRect())));

const popup = (page: Page) => page.locator('.code-popup');
const tipText = (tip: { signature: string; doc?: string }) => tip.signature + (tip.doc ?? '').replace(/`/g, '');
const link = (page: Page, name: string, nth = 0) =>
  page.locator('.code-block').first().locator('a.code-ref', { hasText: name }).nth(nth);

/** Tabs until a code link has the focus (the page's first ones come before it); its text. */
async function tabToCodeLink(page: Page): Promise<string> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const text = await page.evaluate(() =>
      document.activeElement?.matches('a.code-ref') ? document.activeElement.textContent : null,
    );
    if (text) return text;
  }
  throw new Error('no code link reached with Tab');
}

/** Whether the box lies inside the viewport. */
async function insideViewport(page: Page, box: Locator): Promise<boolean> {
  const rect = await box.evaluate((el) =>
    ((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom }))(el.getBoundingClientRect()),
  );
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: window.innerHeight,
  }));
  return rect.left >= 0 && rect.right <= width && rect.top >= 0 && rect.bottom <= height;
}

describeInBrowser('code tips: API links in code, and their popups', () => {
  let browser: Browser;
  let site: ServerProcess;
  let root: string;

  beforeAll(async () => {
    const built = await buildCodeTipsSite();
    root = built.root;
    [site, browser] = await Promise.all([startServeProcess(built.dist), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  describe.each(VIEWPORTS)('at $name', (viewport) => {
    it('hovering a linked name loads the popup script then, shows signature and doc, moves nothing; Escape hides it', async () => {
      const { page, requests, errors, close } = await open(browser, `${site.origin}/docs/guides`, viewport);
      await waitForIslands(page);
      await waitPastIdleWork(page);
      expect(
        requests.filter((url) => POPUP_CHUNK.test(url)),
        'the popup script is not part of the first load',
      ).toEqual([]);
      const before = await lineBoxes(page);

      const device = link(page, 'useCameraDevice');
      await device.scrollIntoViewIfNeeded();
      const scrolled = await lineBoxes(page);
      await device.hover();
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      expect(requests.filter((url) => POPUP_CHUNK.test(url))).toHaveLength(1);
      expect(await popup(page).textContent()).toBe(tipText(TIPS.device));
      expect(await device.evaluate((a) => getComputedStyle(a).textDecorationStyle)).toBe('dotted');
      expect(await lineBoxes(page), 'no line moved or changed size').toEqual(scrolled);
      expect(
        before.map((box) => box.slice(2)),
        'no line changed size',
      ).toEqual(scrolled.map((box) => box.slice(2)));
      const [linkBox, popupBox] = [await device.boundingBox(), await popup(page).boundingBox()];
      expect(
        popupBox!.y >= linkBox!.y + linkBox!.height || popupBox!.y + popupBox!.height <= linkBox!.y,
        'below or above its name',
      ).toBe(true);
      expect(await insideViewport(page, popup(page))).toBe(true);

      await page.keyboard.press('Escape');
      await expect.poll(() => popup(page).isVisible()).toBe(false);
      expect(await page.locator('.code-tips #t\\.0').count(), 'the tip went back to its place').toBe(1);
      expect(errors).toEqual([]);
      await close();
    });

    it('the pointer can move into the popup and select its text; leaving hides it', async () => {
      const { page, close } = await open(browser, `${site.origin}/docs/guides`, viewport);
      const takePhoto = link(page, 'takePhoto');
      await takePhoto.scrollIntoViewIfNeeded();
      await takePhoto.hover();
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      const code = popup(page).locator('code').first();
      const box = (await code.boundingBox())!;
      // Straight down from the name into the popup, then select its signature.
      await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 4 });
      await code.click({ clickCount: 3 });
      expect(await page.evaluate(() => getSelection()?.toString().trim())).toBe(TIPS.takePhoto.signature);
      expect(await popup(page).isVisible()).toBe(true);
      await page.mouse.move(2, (await page.evaluate(() => window.innerHeight)) - 2);
      await expect.poll(() => popup(page).isVisible()).toBe(false);
      await close();
    });

    it('keyboard focus shows the tip the link names with aria-describedby, inside the viewport; Escape and moving on hide it', async () => {
      const { page, errors, close } = await open(browser, `${site.origin}/docs/guides`, viewport);
      const seen: string[] = [];
      expect(await tabToCodeLink(page)).toBe('useCameraDevice');
      for (const expected of [TIPS.device, TIPS.camera, TIPS.takePhoto, TIPS.path, TIPS.camera]) {
        if (seen.length) await page.keyboard.press('Tab');
        await expect.poll(() => popup(page).isVisible()).toBe(true);
        expect(await popup(page).textContent()).toBe(tipText(expected));
        // What a screen reader reads with the link is what the popup shows.
        const description = await page.evaluate(
          () => document.getElementById(document.activeElement!.getAttribute('aria-describedby')!)!.textContent,
        );
        expect(description).toBe(tipText(expected));
        expect(await page.evaluate(() => document.activeElement!.closest('.code-popup'))).toBe(null);
        expect(await insideViewport(page, popup(page)), `popup of ${expected.signature} inside the viewport`).toBe(
          true,
        );
        const shown = await page.evaluate(() => {
          const [link, pre] = [
            document.activeElement!.getBoundingClientRect(),
            document.activeElement!.closest('pre')!.getBoundingClientRect(),
          ];
          // Within a pixel: positions are fractional.
          return link.left >= pre.left - 1 && link.right <= pre.right + 1;
        });
        expect(shown, `${expected.signature}: the focused name is in view in its code block`).toBe(true);
        seen.push(expected.signature);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => popup(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement!.textContent), 'Escape keeps the focus').toBe('Camera');
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      // On to the copy button, which is no code link: the tip goes.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect.poll(() => popup(page).isVisible()).toBe(false);
      expect(errors).toEqual([]);
      await close();
    });
  });

  it('a link reached while the popup script was still loading shows its tip once it arrives', async () => {
    const { page, close } = await open(browser, `${site.origin}/docs/guides`, VIEWPORTS[0]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const requested = new Promise<void>((resolve) =>
      page.route(POPUP_CHUNK, async (route) => {
        resolve();
        await held;
        await route.continue();
      }),
    );
    expect(await tabToCodeLink(page)).toBe('useCameraDevice');
    await requested;
    // The reader moves on before the script is there.
    await page.keyboard.press('Tab');
    release();
    await expect.poll(() => popup(page).isVisible()).toBe(true);
    expect(await popup(page).textContent()).toBe(tipText(TIPS.camera));
    await close();
  });

  it('on a touch screen, a tap on a linked name follows its link (no hover state in the way)', async () => {
    const { page, close } = await open(browser, `${site.origin}/docs/guides`, VIEWPORTS[1], {
      hasTouch: true,
      isMobile: true,
    });
    const device = link(page, 'useCameraDevice');
    await device.scrollIntoViewIfNeeded();
    await device.tap();
    await expect.poll(() => page.url()).toBe(`${site.origin}/docs/guides/api#usecameradevice`);
    await close();
  });

  it('the copy button copies the shown code, not the hidden lines', async () => {
    const { page, close } = await open(browser, `${site.origin}/docs/guides`, VIEWPORTS[0], {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.locator('.code-block .code-body').first().hover();
    await page.locator('.code-block .copy-button').first().click();
    await expect.poll(() => page.locator('.code-block .copy-button').first().textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(readSample(root).shown);
    await close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation with a popup open (${colorScheme})`, async () => {
      const { page, close } = await open(browser, `${site.origin}/docs/guides`, VIEWPORTS[0], { colorScheme });
      await waitForIslands(page);
      await link(page, 'takePhoto').hover();
      await expect.poll(() => popup(page).isVisible()).toBe(true);
      await page.addScriptTag({ path: axeScript });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: {
              run: (
                context: Document,
                options: object,
              ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
            };
          }
        ).axe;
        return (await axe.run(document, { resultTypes: ['violations'] })).violations;
      });
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      await close();
    });
  }
});
