import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';

describeInBrowser('sidebar categories', () => {
  let browser: Browser;
  let server: ServerProcess;

  beforeAll(async () => {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'build.config.ts'),
      "export default { title: 'Minimal', url: 'https://example.com', docs: { sidebars: { main: ['guides/intro', { type: 'category', label: 'More', collapsed: true, items: ['guides/second'] }, { type: 'category', label: 'Always', collapsible: false, collapsed: true, items: ['guides/third'] }, { type: 'category', label: 'Indexed', collapsed: true, link: { type: 'generated-index' }, items: ['guides/fourth'] }] } } };\n",
    );
    writeFileSync(path.join(root, 'content/docs/guides/third.md'), '# Third Page\n\nThe third page.\n');
    writeFileSync(
      path.join(root, 'content/docs/guides/fourth.md'),
      '---\ndescription: What the fourth page is about.\n---\n\n# Fourth Page\n',
    );
    expect(runCli(['build', '--root', root]).code).toBe(0);
    [server, browser] = await Promise.all([startServeProcess(path.join(root, 'dist')), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a collapsed category away from the page loads its items when opened', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.origin}/docs/guides`);
    const category = page.locator('aside.sidebar details', { hasText: 'More' });
    expect(await category.locator('a', { hasText: 'Second Page' }).count()).toBe(0);
    await category.locator('summary').click();
    await category.locator('a', { hasText: 'Second Page' }).waitFor();
    await category.locator('a', { hasText: 'Second Page' }).click();
    await page.waitForURL(/\/docs\/guides\/second$/);
    // On its own page the category is open and the page is marked, straight from the server.
    await expect(page.locator('aside.sidebar a[aria-current="page"]').textContent()).resolves.toBe('Second Page');
    await page.close();
  });

  it('a category that cannot collapse shows its items with no toggle', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.origin}/docs/guides`);
    const category = page.locator('aside.sidebar li.menu-category', { hasText: 'Always' });
    expect(await category.locator('summary, details, button').count()).toBe(0);
    expect(await category.locator('a', { hasText: 'Third Page' }).isVisible()).toBe(true);
    await page.close();
  });

  it("a generated index's toggle opens its category, and its label leads to its page of cards", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.origin}/docs/guides`);
    const category = page.locator('aside.sidebar li.menu-category', { hasText: 'Indexed' });
    await category.locator('summary[aria-label="Toggle Indexed"]').click();
    await category.locator('a', { hasText: 'Fourth Page' }).waitFor();
    await category.locator('a.menu-category-label', { hasText: 'Indexed' }).click();
    await page.waitForURL(/\/docs\/category\/indexed$/);
    const card = page.locator('.category-card', { hasText: 'Fourth Page' });
    await expect(card.locator('.category-card-description').textContent()).resolves.toBe(
      'What the fourth page is about.',
    );
    await card.click();
    await page.waitForURL(/\/docs\/guides\/fourth$/);
    await page.close();
  });
});
