import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROGRESS } from '../../templates/client/router/progress-bar.js';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { buildShellSites, openPage, VIEWPORTS, waitForIslands } from './shell-fixture.js';

/** Marks the window so a full page load (which loses the mark) can be told from a client-side swap. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { kept?: boolean }).kept === true);
/** Turns prefetching off (the data saver), so a click is the first request for its page. */
const saveData = () => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) });
/** What gtag leaves on the window. */
type Tagged = { gtag?: unknown; dataLayer: IArguments[] };
const heading = (page: Page) => page.locator('h1').textContent();

describeInBrowser('the interactive shell: navigation and content', () => {
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
    await Promise.all([site?.stop(), alt?.stop()]);
  });

  describe.each(VIEWPORTS)('at $name', (viewport) => {
    it('follows links without a full reload, updates title, meta and history, restores scroll on back/forward', async () => {
      const { page, errors, close } = await openPage(browser, `${site.origin}/docs/guides`, { viewport });
      await page.evaluate(() =>
        window.addEventListener(
          'docsgen:navigated',
          () =>
            ((window as unknown as { navigations: number }).navigations =
              ((window as unknown as { navigations?: number }).navigations ?? 0) + 1),
        ),
      );
      await mark(page);
      await page.locator('.pagination-next').scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(1000);
      await page.click('.pagination-next');
      await page.waitForURL(/\/docs\/guides\/second$/);
      await expect.poll(() => heading(page)).toBe('Second Page');
      expect(await stillMarked(page)).toBe(true);
      expect(await page.title()).toBe('Second Page | Shell');
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('The second page.');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        'https://example.com/docs/guides/second',
      );
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { navigations: number }).navigations)).toBe(1);
      await waitForIslands(page);
      await page.goBack();
      await expect.poll(() => heading(page)).toBe('Introduction');
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5);
      await page.goForward();
      await expect.poll(() => heading(page)).toBe('Second Page');
      expect(await stillMarked(page)).toBe(true);
      expect(errors).toEqual([]);
      await close();
    });

    it('scrolls to the hash of the target page', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides/third`, { viewport });
      await mark(page);
      await page.locator('.markdown a', { hasText: 'second page' }).click();
      await page.waitForURL(/\/docs\/guides\/second#details$/);
      await expect
        .poll(() => page.locator('#details').evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
          timeout: 30_000,
        })
        .toBeLessThan(150);
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await stillMarked(page)).toBe(true);
      await close();
    });

    it('prefetches pages whose links are in view, unless the reader saves data or is on 2g', async () => {
      // The same wait for each: past the prefetcher's idle callbacks, so "nothing prefetched" is not "not yet".
      for (const connection of [undefined, { saveData: true }, { effectiveType: 'slow-2g' }]) {
        const opened = await openPage(browser, `${site.origin}/docs/guides/third`, {
          viewport,
          init:
            connection &&
            (new Function(
              `Object.defineProperty(Navigator.prototype, 'connection', { get: () => (${JSON.stringify(connection)}) })`,
            ) as () => void),
        });
        const requested: string[] = [];
        opened.page.on('request', (request) => requested.push(new URL(request.url()).pathname));
        await opened.page.reload();
        await waitForIslands(opened.page);
        await waitPastIdleWork(opened.page);
        const guides = requested.filter((p) => p.startsWith('/docs/guides/'));
        if (connection) expect(guides, JSON.stringify(connection)).toEqual(['/docs/guides/third']);
        else expect(guides).toContain('/docs/guides/second');
        await opened.close();
      }
    });

    it('shows the progress bar only when a navigation takes longer than 200 ms', async () => {
      // No prefetching here (data saver), so each click really waits for the server.
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides/third`, {
        viewport,
        init: saveData,
      });
      type Watch = { bars: number; progress: number[]; clicked: number; took: number };
      // Each bar added, its progress when added, and how long each navigation took, from the click to the new page.
      await page.evaluate(() => {
        const watch = window as unknown as Watch;
        Object.assign(watch, { bars: 0, progress: [], clicked: 0, took: 0 });
        new MutationObserver((records) => {
          for (const record of records) {
            for (const node of record.addedNodes) {
              if (!(node instanceof HTMLElement) || !node.classList.contains('progress-bar')) continue;
              watch.bars++;
              watch.progress.push(Number(node.style.getPropertyValue('--progress')));
            }
          }
        }).observe(document.body, { childList: true });
        document.addEventListener('click', () => (watch.clicked = performance.now()), true);
        window.addEventListener('docsgen:navigated', () => (watch.took = performance.now() - watch.clicked));
      });
      const watched = () => page.evaluate(() => ({ ...(window as unknown as Watch) }));
      // A slow server for this page: it answers only once the bar is shown, however long the bar's 200 ms take.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await page.route('**/docs/guides/second', async (route) => {
        await answered;
        await route.continue();
      });
      await page.click('.pagination-prev');
      await page.waitForFunction(() => (window as unknown as Watch).bars > 0);
      answer();
      await page.waitForURL(/\/docs\/guides\/second$/);
      await expect.poll(() => heading(page)).toBe('Second Page');
      await expect.poll(() => page.locator('.progress-bar').count()).toBe(0);
      expect((await watched()).progress[0]).toBeGreaterThanOrEqual(PROGRESS.minimum);
      // A fast navigation: no bar at all, unless it took longer than the bar's delay (a busy machine can make it).
      await page.evaluate(() => Object.assign(window as unknown as Watch, { bars: 0, took: 0 }));
      await page.click('.pagination-prev');
      await expect.poll(() => heading(page)).toBe('Introduction');
      // Past the moment the bar would have appeared: a timer set now with the bar's delay fires after the bar's own.
      await page.evaluate((delay) => new Promise((resolve) => setTimeout(resolve, delay)), PROGRESS.delay);
      const fast = await watched();
      expect(fast.took).toBeGreaterThan(0);
      expect(
        fast.bars === 0 || fast.took >= PROGRESS.delay,
        `${fast.bars} bar(s) for a navigation of ${Math.round(fast.took)} ms`,
      ).toBe(true);
      await close();
    });

    it('falls back to a full page load when fetching the page fails', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides/second`, {
        viewport,
        init: saveData,
      });
      let fullLoads = 0;
      // Every fetch of the page fails (prefetch and navigation); a full page load of it works.
      await page.route('**/docs/guides/third', (route) =>
        route.request().resourceType() === 'document' ? (fullLoads++, route.continue()) : route.abort(),
      );
      await mark(page);
      await page.locator('.markdown a', { hasText: 'third page' }).click();
      await page.waitForURL(/\/docs\/guides\/third$/);
      await expect.poll(() => heading(page)).toBe('Third Page');
      expect(await stillMarked(page)).toBe(false);
      expect(fullLoads).toBe(1);
      await close();
    });

    it('normalises /index.html and .html paths to the clean path', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides/index.html`, { viewport });
      expect(new URL(page.url()).pathname).toBe('/docs/guides');
      await page.goto(`${site.origin}/docs/guides/second.html`);
      await page.waitForURL(/\/docs\/guides\/second$/);
      await expect.poll(() => heading(page)).toBe('Second Page');
      await mark(page);
      await page.evaluate(() => {
        const link = Object.assign(document.createElement('a'), {
          href: '/docs/guides/third.html',
          textContent: 'third as html',
        });
        document.querySelector('.markdown')!.prepend(link);
      });
      await page.click('text=third as html');
      await page.waitForURL(/\/docs\/guides\/third$/);
      await expect.poll(() => heading(page)).toBe('Third Page');
      expect(await stillMarked(page)).toBe(true);
      await close();
    });

    it('tabs: a groupId choice switches every group and is kept on later pages; queryString tabs use the URL', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides?manager=yarn`, { viewport });
      const selected = (group: string) =>
        page
          .locator(`.tabs-container[data-group-id="${group}"] [role=tab][aria-selected="true"]`)
          .first()
          .textContent();
      expect(await selected('manager')).toBe('Yarn');
      expect(
        await page.locator('.tabs-container[data-group-id="manager"] [role=tabpanel]:not([hidden])').textContent(),
      ).toContain('Install with Yarn.');
      await page.locator('.tabs-container[data-group-id="manager"] [role=tab]', { hasText: 'npm' }).click();
      expect(new URL(page.url()).searchParams.get('manager')).toBe('npm');
      await page.locator('.tabs-container[data-group-id="platform"] [role=tab]', { hasText: 'Android' }).click();
      expect(
        await page.locator('.tabs-container[data-group-id="platform"] [role=tabpanel]:not([hidden])').textContent(),
      ).toContain('Run gradle');
      await page.click('.pagination-next');
      await expect.poll(() => heading(page)).toBe('Second Page');
      expect(await selected('platform')).toBe('Android');
      expect(await page.locator('[role=tabpanel]:not([hidden])').first().textContent()).toContain(
        'Android on the second page.',
      );
      await page.goto(`${site.origin}/docs/guides/second`);
      expect(await selected('platform')).toBe('Android');
      await close();
    });

    it('copy button copies the code without line numbers and confirms', async () => {
      const { page, close } = await openPage(browser, `${site.origin}/docs/guides`, {
        viewport,
        context: { permissions: ['clipboard-read', 'clipboard-write'] },
      });
      const button = page.locator('.code-block .copy-button').first();
      await button.scrollIntoViewIfNeeded();
      await page.locator('.code-block .code-body').first().hover();
      await button.click();
      await expect.poll(() => button.textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'const camera = useCamera()\ncamera.takePhoto()',
      );
      await close();
    });
  });

  it('stores the docs version preference; blocked storage only warns and everything works', async () => {
    const ok = await openPage(browser, `${site.origin}/docs/guides`);
    expect(await ok.page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await ok.close();

    const blocked = await openPage(browser, `${site.origin}/docs/guides`, {
      init: () => {
        const fail = () => {
          throw new DOMException('blocked', 'SecurityError');
        };
        Object.defineProperty(window, 'localStorage', { get: fail });
      },
    });
    const { page } = blocked;
    await page.click('.color-toggle');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.locator('.tabs-container[data-group-id="platform"] [role=tab]', { hasText: 'Android' }).click();
    expect(
      await page.locator('.tabs-container[data-group-id="platform"] [role=tab][aria-selected="true"]').textContent(),
    ).toBe('Android');
    await mark(page);
    await page.click('.pagination-next');
    await expect.poll(() => heading(page)).toBe('Second Page');
    expect(await stillMarked(page)).toBe(true);
    expect(blocked.errors).toEqual([]);
    expect(blocked.warnings.some((w) => w.includes('localStorage is unavailable'))).toBe(true);
    await blocked.close();
  });

  it('analytics: gtag loads only with a trackingID and sends page_view on load and on each route change', async () => {
    const plain = await openPage(browser, `${site.origin}/docs/guides`);
    expect(await plain.page.evaluate(() => typeof (window as unknown as Tagged).gtag)).toBe('undefined');
    await plain.close();

    const context = await browser.newContext();
    const gtagRequests: string[] = [];
    // gtag.js is served by a stub: nothing leaves the machine.
    await context.route('https://www.googletagmanager.com/**', (route) => {
      gtagRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: 'window.gtagStubLoaded = true;' });
    });
    const page = await context.newPage();
    await page.goto(`${alt.origin}/sub/docs/guides`);
    await page.waitForFunction(() => (window as unknown as { gtagStubLoaded?: boolean }).gtagStubLoaded);
    const pageViews = () =>
      page.evaluate(() =>
        (window as unknown as Tagged).dataLayer
          .filter((a) => a[0] === 'event' && a[1] === 'page_view')
          .map((a) => (a[2] as { page_path: string }).page_path),
      );
    expect(gtagRequests).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST123']);
    expect(
      await page.evaluate(() => (window as unknown as Tagged).dataLayer.find((a) => a[0] === 'config')?.[2]),
    ).toMatchObject({ anonymize_ip: false });
    expect(await pageViews()).toEqual(['/sub/docs/guides']);
    await page.click('.pagination-next');
    await expect.poll(pageViews).toEqual(['/sub/docs/guides', '/sub/docs/guides/second']);
    await context.close();
  });

  it('shows the wrong-baseUrl banner on a page opened outside baseUrl (the 404 page serve answers for /docs/guides of a /sub/ site), and not under it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The reader forgot the /sub/ prefix: serve answers 404 with the site's not-found page, which carries the check.
    expect((await page.goto(`${alt.origin}/docs/guides`))?.status()).toBe(404);
    const banner = page.locator('#base-url-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('did not load properly');
    expect(await banner.textContent()).toContain('/sub/');
    await page.goto(`${alt.origin}/sub/docs/guides`);
    await page.waitForLoadState('load');
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('makes no request to another origin while reading and navigating', async () => {
    const { page, close } = await openPage(browser, `${site.origin}/docs/guides`);
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.reload();
    await waitForIslands(page);
    await page.click('.pagination-next');
    await expect.poll(() => heading(page)).toBe('Second Page');
    await waitPastIdleWork(page);
    expect([...origins]).toEqual([site.origin]);
    await close();
  });
});
