/**
 * Issue 31 §4: a React page named by `pages.client` is hydrated in the browser (Docusaurus pages are interactive):
 * its counter counts, its CSS module's classes survive hydration, and React reports no mismatch. A page the config
 * does not name loads no page code. The fixture is tests/sites/pages (`pages: { client: ['counter.tsx'] }`).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { copySite, runCli, tempDir } from '../helpers/run-cli.js';
import { openPage } from './shell-fixture.js';

describeInBrowser('hydrated React pages (`pages.client`)', () => {
  let browser: Browser;
  let site: ServerProcess;

  beforeAll(async () => {
    const root = copySite('pages');
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    [site, browser] = await Promise.all([startServeProcess(path.join(root, 'dist')), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a hydrated page counts when clicked, keeps its CSS module classes, and hydrates without a mismatch', async () => {
    const { page, errors, warnings, close } = await openPage(browser, `${site.origin}/counter`);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const button = page.locator('main button');
    // The build's markup, before any script: the page is readable without JavaScript.
    expect(await button.textContent()).toBe('Clicked 0 times');
    // The body is visible at once: its chunk loads right after the page, and then clicks count.
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .toMatch(/^Clicked [1-9]\d* times$/);
    const before = Number((await button.textContent())?.match(/\d+/)?.[0]);
    await button.click();
    await expect.poll(() => button.textContent()).toBe(`Clicked ${before + 1} times`);
    // The CSS module's scoped classes (the server's names) are still on the elements React now owns, and styled.
    expect(await button.getAttribute('class')).toBe('button button--primary counter_button');
    expect(await page.locator('.counter_page').evaluate((node) => getComputedStyle(node).paddingTop)).toBe('32px');
    // The page's own <main> is a <div> in the frame's <main>, in the browser as in the build.
    expect(await page.locator('main main').count()).toBe(0);
    // React reports a mismatch as an error ("Hydration failed", "did not match") or, recovered, as docsgen's warning.
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => /hydrat|did not match|recovered/i.test(w))).toEqual([]);
    await close();
  });

  it('hydrates after a client-side navigation to the page', async () => {
    const { page, errors, close } = await openPage(browser, `${site.origin}/help`);
    // A link the theme's router follows in place (no full load): the page's loader is imported by the router.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/counter';
      link.textContent = 'to the counter';
      link.id = 'to-counter';
      document.querySelector('main')?.append(link);
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.click('#to-counter');
    await page.waitForURL(/\/counter$/);
    await page.locator('main button').waitFor();
    // The same document: the router swapped the page in.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    const button = page.locator('main button');
    await expect
      .poll(async () => {
        await button.click();
        return button.textContent();
      })
      .toMatch(/^Clicked [1-9]\d* times$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('a page `pages.client` does not name loads no page code', async () => {
    const { page, errors, close } = await openPage(browser, `${site.origin}/showcase`);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.mouse.wheel(0, 2000);
    // The page's errors, before the sentinel request of waitPastIdleWork (a 404 on purpose) adds its own.
    const pageErrors = [...errors];
    await waitPastIdleWork(page);
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect([...loaded, ...requested].filter((url) => url.includes('/assets/pages/'))).toEqual([]);
    expect(await page.locator('docsgen-island, script[data-component-loader]').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it("after a hydrated page, a client-side navigation to a doc with a component island hydrates it (both bundles' loaders run)", async () => {
    // The client components fixture, with a hydrated page that links to the doc whose Counter is a `client: true` island.
    const root = tempDir('docsgen-hydrated-and-components-');
    cpSync(path.join(fixturesDir, 'client-components'), root, { recursive: true });
    mkdirSync(path.join(root, 'src/pages'), { recursive: true });
    writeFileSync(
      path.join(root, 'src/pages/live.tsx'),
      'import Layout from \'@theme/Layout\';\nimport { useState } from \'react\';\nexport default function Live() {\n  const [n, setN] = useState(0);\n  return (\n    <Layout title="Live">\n      <button type="button" className="button button--primary live" onClick={() => setN(n + 1)}>Live {n}</button>\n      <a href="/base/docs/counter">Counter</a>\n    </Layout>\n  );\n}\n',
    );
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("baseUrl: '/base/',", "baseUrl: '/base/',\n  pages: { client: true },"),
    );
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr + built.stdout).toBe(0);
    const both = await startServeProcess(path.join(root, 'dist'));
    try {
      const { page, errors, close } = await openPage(browser, `${both.origin}/base/live`);
      const live = page.locator('button.live');
      await expect
        .poll(async () => {
          await live.click();
          return live.textContent();
        })
        .toMatch(/^Live [1-9]\d*$/);
      await page.click('a[href="/base/docs/counter"]');
      await page.waitForURL(/\/docs\/counter$/);
      const button = page.locator('.counter > button');
      await button.scrollIntoViewIfNeeded();
      await expect
        .poll(async () => {
          await button.click();
          return button.textContent();
        })
        .toMatch(/^Clicked [3-9]\d* times$/);
      const before = Number((await button.textContent())?.match(/\d+/)?.[0]);
      await button.click();
      // Each click counts once.
      await expect.poll(() => button.textContent()).toBe(`Clicked ${before + 1} times`);
      expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
      await close();
    } finally {
      await both.stop();
    }
  });
});
