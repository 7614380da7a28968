/**
 * Issue 31 §3: a site component registered `client: true` is hydrated in the browser as a lazy island. Its chunk is
 * requested only once the island comes near the viewport (never on a page that does not use it, nor before it is
 * seen); then it works (a counter), and the page has no accessibility violation.
 */
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { runCli, tempDir } from '../helpers/run-cli.js';
import { openPage } from './shell-fixture.js';

/** The page's errors but the browser's own /favicon.ico request, outside the base URL (the fixture has no icon). */
const realErrors = (errors: string[]) => errors.filter((e) => !e.startsWith('Failed to load resource'));

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
interface AxeViolation {
  id: string;
  impact: string;
}

describeInBrowser('client: true site components', () => {
  let browser: Browser;
  let site: ServerProcess;

  beforeAll(async () => {
    const root = tempDir('docsgen-client-components-');
    cpSync(path.join(fixturesDir, 'client-components'), root, { recursive: true });
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    [site, browser] = await Promise.all([startServeProcess(path.join(root, 'dist')), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('loads no component code on a page that uses none', async () => {
    const { page, close } = await openPage(browser, `${site.origin}/base/docs/intro`);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.mouse.wheel(0, 2000);
    await page.locator('.pagination').first().scrollIntoViewIfNeeded();
    await waitPastIdleWork(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect([...loaded, ...requested].filter((url) => url.includes('/assets/components/'))).toEqual([]);
    await close();
  });

  it('loads the chunk only when the island is scrolled to, and then the counter counts', async () => {
    const { page, errors, close } = await openPage(browser, `${site.origin}/base/docs/counter`, {
      context: { colorScheme: 'dark' },
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const chunkLoaded = async () =>
      [...requested, ...(await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name)))].some(
        (url) => /\/assets\/components\/Counter\.\w+\.js$/.test(url),
      );
    const button = page.locator('.counter > button');
    expect(await button.textContent()).toBe('Clicked 2 times');
    await waitPastIdleWork(page);
    expect(await chunkLoaded()).toBe(false);
    await button.scrollIntoViewIfNeeded();
    await expect.poll(chunkLoaded).toBe(true);
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .toMatch(/^Clicked [3-9]\d* times$/);
    const before = Number((await button.textContent())?.match(/\d+/)?.[0]);
    await button.click();
    await expect.poll(() => button.textContent()).toBe(`Clicked ${before + 1} times`);
    // The children are the page's content, given back as they were rendered.
    expect(await page.locator('.counter-note strong').textContent()).toBe('bold');
    // A CodeBlock inside keeps the build's highlighted markup through hydration and re-renders.
    expect(await page.locator('.counter .code-block pre.shiki span[style]').count()).toBeGreaterThan(0);
    // Docusaurus's BrowserOnly and useColorMode, from docsgen's implementations, in the browser.
    expect(await page.locator('.counter-where').textContent()).toBe('in the browser, dark');
    expect(realErrors(errors)).toEqual([]);

    await page.addScriptTag({ path: axeScript });
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
        }
      ).axe;
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    });
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await close();
  });

  it('hydrates after a client-side navigation to the page', async () => {
    const { page, errors, close } = await openPage(browser, `${site.origin}/base/docs/card`);
    await page.click('a.pagination-next');
    await page.waitForURL(/\/docs\/counter$/);
    const button = page.locator('.counter > button');
    await button.scrollIntoViewIfNeeded();
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .toMatch(/^Clicked [3-9]\d* times$/);
    expect(realErrors(errors)).toEqual([]);
    await close();
  });
});
