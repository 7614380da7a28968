import { writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';

/** The pages of tests/sites/untrusted-script, each full of payloads that call `/beacon/<name>` if they ever run. */
const PAGES = ['/docs/guides/vectors', '/docs/guides/raw', '/docs/guides/diagram', '/docs/guides/gadgets'];

/** Every payload that runs once inline script is allowed: the proof that the test can see them run. */
const TRUSTED_BEACONS = [
  'autolink',
  'href-attribute',
  'iframe-javascript',
  'img-onerror',
  'img-onload',
  'markdown-link',
  'raw-entity-tab',
  'raw-img-onerror',
  'raw-onmouseover',
  'raw-script',
  'raw-srcdoc',
  'raw-upper-case',
  'reference-link',
  'script-element',
  'sidebar-gadget.html',
  'spread-onmouseover',
  'svg-onload',
  'svg-xlink',
  'use-base-url',
];

interface Visit {
  beacons: string[];
  dialogs: string[];
  errors: string[];
}

/**
 * Loads every page as a reader would and gives each payload its chance: waits
 * for load events, hovers what has a hover handler, clicks every link in the
 * article, opens the <details>, scrolls the mermaid diagram into view and
 * clicks its nodes. Returns the beacons that were called.
 */
async function visitEverything(browser: Browser, url: string): Promise<Visit> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visit: Visit = { beacons: [], dialogs: [], errors: [] };
  await context.route('**/*', (route) => {
    const request = new URL(route.request().url());
    if (request.pathname.startsWith('/beacon/')) {
      visit.beacons.push(request.pathname.slice('/beacon/'.length));
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<img src=x onerror="top.fetch(\'/beacon/inserted-html\')">',
      });
    }
    // Offline: the broken image fails at once, and gtag.js (analytics) is never fetched.
    if (request.hostname !== '127.0.0.1') return route.abort();
    return route.continue();
  });
  for (const pathname of PAGES) {
    const page: Page = await context.newPage();
    page.on('dialog', (dialog) => {
      visit.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    page.on('pageerror', (error) => visit.errors.push(`${pathname}: ${error.message}`));
    // Requests still on their way (the lazy sidebar's fetch, a broken image of what it inserted) may yet run a payload.
    let inFlight = 0;
    page.on('request', () => inFlight++);
    page.on('requestfinished', () => inFlight--);
    page.on('requestfailed', () => inFlight--);
    await page.goto(url + pathname, { waitUntil: 'load' });
    for (const target of await page.locator('.markdown [data-vector="hover"]').all()) await target.hover();
    for (const link of await page.locator('.markdown a:not(.hash-link)').all())
      await link.click({ force: true, timeout: 30_000 });
    // Opening a <details> makes the lazy sidebar code fetch and insert its fragment (a payload of its own on the
    // trusted site): wait until each toggle has run and no fragment is still on its way, so what it inserts is on
    // the page before the wait for requests and images below.
    await page.evaluate(() => {
      const counted = window as unknown as { toggles: number };
      counted.toggles = 0;
      document.addEventListener('toggle', () => counted.toggles++, true);
    });
    const summaries = await page.locator('.markdown [data-vector="toggle"] > summary').all();
    for (const summary of summaries) await summary.click();
    await expect
      .poll(
        () =>
          page.evaluate(
            (opened) =>
              (window as unknown as { toggles: number }).toggles >= opened &&
              !document.querySelector('ul[data-lazy][data-loading]'),
            summaries.length,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    if (pathname.endsWith('/diagram')) {
      // The drawn diagram is the <pre>'s own child: while mermaid draws, it builds a first svg inside a temporary
      // <div> there, whose nodes have no box yet and are then thrown away (on a busy machine the test once found
      // one: "Element is not visible"). Everything below waits for, and clicks in, the svg that stays.
      const drawn = 'pre.mermaid > svg';
      await page.locator('pre.mermaid').scrollIntoViewIfNeeded();
      await page.locator(drawn).waitFor({ timeout: 30_000 });
      const links = () =>
        page
          .locator(`${drawn} a`)
          .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href')));
      // Click directives are processed (an https link stays), so a script one is refused, not ignored by accident.
      await expect.poll(links, { timeout: 30_000 }).toContain('https://example.com/docs');
      // A and B carry the script directives (C is the https link, which would leave the page).
      const nodes = page.locator(`${drawn} .node[id*="-A-"], ${drawn} .node[id*="-B-"]`);
      expect(await nodes.count()).toBe(2);
      for (const node of await nodes.all()) await node.click({ force: true, timeout: 30_000 });
    }
    if (pathname.endsWith('/gadgets')) {
      // An element with id="dataLayer" is window.dataLayer too: analytics must not take it for its queue.
      expect(
        await page.evaluate(
          () =>
            Array.isArray((window as { dataLayer?: unknown }).dataLayer) &&
            (window as unknown as { dataLayer: unknown[] }).dataLayer.length > 0,
        ),
      ).toBe(true);
    }
    // A last beacon from the test itself, once the page's deferred work has run: the route handler sees
    // requests in the order the page made them, so anything a payload sent was recorded before it.
    await expect
      .poll(
        async () =>
          inFlight === 0 && (await page.evaluate(() => [...document.images].every((image) => image.complete))),
        { timeout: 30_000 },
      )
      .toBe(true);
    await waitPastIdleWork(page);
    await page.evaluate(() => fetch('/beacon/sentinel'));
    expect(visit.beacons).toContain('sentinel');
    await page.close();
  }
  await context.close();
  visit.beacons = [...new Set(visit.beacons.filter((b) => b !== 'sentinel'))].sort();
  return visit;
}

describeInBrowser('untrusted content runs no script in the browser', () => {
  let browser: Browser;
  let sanitised: ServerProcess;
  let trusted: ServerProcess;

  beforeAll(async () => {
    const root = copySite('untrusted-script');
    const plain = runCli(['build', '--root', root]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stderr).toContain('0 errors, 20 warnings');
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "markdown: { format: 'detect' }",
        "markdown: { format: 'detect', trustContent: true }",
      ),
    );
    const opted = runCli(['build', '--root', root, '--out-dir', path.join(root, 'dist-trusted')]);
    expect(opted.code, opted.stderr).toBe(0);
    expect(opted.stderr).toContain('0 errors, 0 warnings');
    [sanitised, trusted, browser] = await Promise.all([
      startServeProcess(path.join(root, 'dist')),
      startServeProcess(path.join(root, 'dist-trusted')),
      launchBrowser(),
    ]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await sanitised?.stop();
    await trusted?.stop();
  });

  it('sanitised (the default): no payload runs, whatever the reader does', async () => {
    const visit = await visitEverything(browser, sanitised.origin);
    expect(visit.beacons).toEqual([]);
    expect(visit.dialogs).toEqual([]);
    expect(visit.errors).toEqual([]);
  }, 180_000);

  it('with markdown.trustContent: true the same pages run their payloads (so the test above can fail)', async () => {
    const visit = await visitEverything(browser, trusted.origin);
    // The lazy sidebar gadget fetches the attacker's HTML and inserts it: its own payload runs too.
    expect(visit.beacons).toEqual([...TRUSTED_BEACONS, 'inserted-html'].sort());
    // Mermaid draws in strict mode whatever the config says: its labels and click directives never run script.
    expect(visit.beacons.filter((b) => b.startsWith('mermaid'))).toEqual([]);
  }, 180_000);
});
