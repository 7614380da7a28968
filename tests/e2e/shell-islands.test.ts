import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { buildShellSites, openPage, VIEWPORTS, waitForIslands } from './shell-fixture.js';

describeInBrowser('the interactive shell: islands', () => {
  let browser: Browser;
  let site: ServerProcess;
  let alt: ServerProcess;

  beforeAll(async () => {
    const built = await buildShellSites();
    [site, alt, browser] = await Promise.all([
      startServeProcess(built.dist),
      startServeProcess(built.altDist),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await alt?.stop();
  });

  describe.each(VIEWPORTS)('at $name', (viewport) => {
    it('colour mode: light by default, the toggle switches and remembers, code blocks follow', async () => {
      const { page, errors, close } = await openPage(browser, `${site.origin}/docs/guides`, {
        viewport,
        context: { colorScheme: 'light' },
      });
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      const tokenColour = () =>
        page
          .locator('.code-block .shiki span[style]')
          .first()
          .evaluate((el) => getComputedStyle(el).color);
      expect(await theme()).toBe('light');
      const lightCode = await tokenColour();
      await page.click('.color-toggle');
      expect(await theme()).toBe('dark');
      expect(await tokenColour()).not.toBe(lightCode);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await page.reload();
      expect(await theme()).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await theme()).toBe('dark');
      expect(errors).toEqual([]);
      await close();
    });

    it('colour mode follows the system preference until the reader chooses', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/`, {
        viewport,
        context: { colorScheme: 'dark' },
      });
      const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
      expect(await theme()).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(theme).toBe('light');
      await page.click('.color-toggle');
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await theme()).toBe('dark');
      await close();
    });

    it('disableSwitch hides the toggle and keeps the default mode', async () => {
      const { page, close } = await openPage(browser, `${alt.origin}/sub/docs/guides`, {
        viewport,
        context: { colorScheme: 'light' },
      });
      expect(await page.locator('.color-toggle').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await close();
    });

    it('navbar: shortcut hint for the platform, search button falls back to the search page', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      if (!viewport.narrow) expect(await page.locator('.search-button-keys').textContent()).toBe('Ctrl K');
      expect(await page.locator('a.search-button').getAttribute('href')).toBe('/search');
      await page.evaluate(() => delete document.documentElement.dataset.searchReady);
      await page.keyboard.press('Control+K');
      await page.waitForURL(/\/search$/);
      await close();

      const mac = await openPage(browser, `${site.origin}/docs/guides`, {
        viewport,
        init: () => {
          Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
          Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
        },
      });
      expect(await mac.page.locator('.search-button-keys').textContent()).toBe('⌘ K');
      await mac.close();
    });

    it('navbar: a claimed search opens by event from the button, Ctrl+K and /, without navigating', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      // The search modal is not under test here: its lazy chunk never arrives, so each shortcut starts from the page.
      await page.route('**/search-modal.*.js', () => undefined);
      await page.evaluate(() => {
        const counter = window as unknown as { opened: number };
        counter.opened = 0;
        window.addEventListener('docsgen:open-search', () => counter.opened++);
        document.documentElement.dataset.searchReady = '';
      });
      const opened = () => page.evaluate(() => (window as unknown as { opened: number }).opened);
      await page.click('a.search-button');
      await expect.poll(opened).toBe(1);
      await page.keyboard.press('Control+K');
      await expect.poll(opened).toBe(2);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('/');
      await expect.poll(opened).toBe(3);
      expect(new URL(page.url()).pathname).toBe('/docs/guides');
      await close();
    });

    it('navbar hides on scroll down and comes back on scroll up', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      const navbar = page.locator('header.navbar');
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => navbar.getAttribute('class')).toContain('navbar-hidden');
      await page.mouse.wheel(0, -300);
      await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar-hidden');
      await close();
    });

    it('announcement bar: closing hides it and remembers its id', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      const bar = page.locator('.announcement');
      expect(await bar.textContent()).toContain('Try the demo app');
      await page.click('.announcement-close');
      expect(await bar.count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('announcement-dismissed'))).toBe('promo-2');
      await page.reload();
      expect(await page.locator('.announcement').isVisible()).toBe(false);
      await close();
    });

    it('announcement bar: a changed id shows it again; isCloseable false has no close button', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/`, {
        viewport,
        init: () => localStorage.setItem('announcement-dismissed', 'promo-1'),
      });
      expect(await page.locator('.announcement').isVisible()).toBe(true);
      await close();
      const fixed = await openPage(browser, `${alt.origin}/sub/`, { viewport });
      expect(await fixed.page.locator('.announcement').textContent()).toBe('Fixed news');
      expect(await fixed.page.locator('.announcement-close').count()).toBe(0);
      await fixed.close();
    });

    it('table of contents: highlights the heading in view, or is an "On this page" disclosure below 996 px', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      if (!viewport.narrow) {
        expect(await page.locator('.toc-mobile').isVisible()).toBe(false);
        await page.locator('#recording').evaluate((el) => el.scrollIntoView({ behavior: 'instant' }));
        await expect.poll(() => page.locator('.toc .toc-link.active').textContent()).toBe('Recording');
      } else {
        expect(await page.locator('.toc').isVisible()).toBe(false);
        const disclosure = page.locator('details.toc-mobile');
        expect(await disclosure.getAttribute('open')).toBeNull();
        await page.click('.toc-mobile-title');
        await page.locator('.toc-mobile a', { hasText: 'Recording' }).click();
        expect(await disclosure.getAttribute('open')).toBeNull();
        await expect
          .poll(() => page.locator('#recording').evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
            timeout: 30_000,
          })
          .toBeLessThan(150);
        expect(new URL(page.url()).hash).toBe('#recording');
      }
      await close();
    });

    it('a render failure in an island shows "This page crashed." and Try again renders it again', async () => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      await context.route('**/docs/guides', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          'data-island-props="toc">{"headings"',
          'data-island-props="toc">{"broken"',
        );
        await route.fulfill({ response, body: html });
      });
      const page = await context.newPage();
      await page.goto(`${site.origin}/docs/guides`);
      await page.keyboard.press('Escape');
      const crash = page.locator('.island-crash');
      await crash.waitFor();
      expect(await crash.locator('.island-crash-title').textContent()).toBe('This page crashed.');
      // The rest of the page keeps working.
      await page.click('.color-toggle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await page.evaluate(() => {
        const script = document.querySelector('script[data-island-props="toc"]')!;
        script.textContent = script.textContent!.replace('"broken"', '"headings"');
      });
      await crash.getByRole('button', { name: 'Try again' }).click();
      expect(await crash.count()).toBe(0);
      expect(await page.locator('.toc-link', { hasText: 'Recording' }).count()).toBeGreaterThan(0);
      await context.close();
    });

    it('a failed chunk load shows the error text with Retry, which loads it', async () => {
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      await context.route('**/chunks/hydrate-islands.*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto(`${site.origin}/docs/guides`);
      await page.keyboard.press('Escape');
      const banner = page.locator('.chunk-error');
      await banner.waitFor();
      expect(await banner.locator('p').textContent()).toMatch(/dynamically imported module/);
      await context.unroute('**/chunks/hydrate-islands.*.js');
      await banner.getByRole('button', { name: 'Retry' }).click();
      await waitForIslands(page);
      expect(await banner.count()).toBe(0);
      await page.click('.color-toggle');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await context.close();
    });
  });

  it('loads React only when the reader first interacts, and replays a click made before hydration', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${site.origin}/docs/guides`);
    await waitPastIdleWork(page);
    expect(requested.filter((url) => url.includes('hydrate-islands'))).toEqual([]);
    // The first click lands before hydration: it is held, then replayed on the hydrated toggle.
    await page.click('.color-toggle');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(requested.filter((url) => url.includes('hydrate-islands'))).toHaveLength(1);
    await context.close();
  });

  describe('mobile menu at 390×844', () => {
    const phone = VIEWPORTS[1];

    it('opens with the sidebar, goes back to the main menu, closes on Escape and returns focus', async () => {
      const { page, errors, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport: phone });
      const menu = page.locator('#mobile-menu');
      expect(await menu.isVisible()).toBe(false);
      await page.click('.navbar-toggle');
      expect(await page.getAttribute('.navbar-toggle', 'aria-expanded')).toBe('true');
      expect(await menu.locator('.mobile-menu-sidebar a', { hasText: 'Second Page' }).isVisible()).toBe(true);
      expect(await menu.locator('.mobile-menu-main').isVisible()).toBe(false);
      await page.click('.mobile-menu-back');
      expect(await menu.locator('.mobile-menu-main a', { hasText: 'Guides' }).isVisible()).toBe(true);
      expect(await menu.locator('.mobile-menu-sidebar').isVisible()).toBe(false);
      await page.keyboard.press('Escape');
      expect(await menu.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('navbar-toggle');
      expect(errors).toEqual([]);
      await close();
    });

    it('traps focus while open and closes on a backdrop click', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport: phone });
      await page.click('.navbar-toggle');
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.mobile-menu-panel')))).toBe(true);
      }
      await page.mouse.click(375, 400);
      await expect.poll(() => page.locator('#mobile-menu').isVisible()).toBe(false);
      await close();
    });

    it('closes when a link is followed', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport: phone });
      await page.click('.navbar-toggle');
      await page.locator('.mobile-menu-sidebar a', { hasText: 'Third Page' }).click();
      await page.waitForURL(/\/docs\/guides\/third$/);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Third Page');
      expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      await close();
    });

    it('is not shown at 1280 px', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport: VIEWPORTS[0] });
      expect(await page.locator('.navbar-toggle').isVisible()).toBe(false);
      expect(await page.locator('.sidebar').isVisible()).toBe(true);
      await close();
    });
  });
});
