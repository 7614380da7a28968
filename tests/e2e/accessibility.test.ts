import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, waitPastIdleWork } from '../helpers/browser.js';
import { serveRepoSite, type ServedSite } from '../helpers/repo-site.js';
import { VIEWPORTS, waitForIslands } from './shell-fixture.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = {
  home: '/',
  guide: '/docs/guides/formats',
  api: '/docs/api/classes/Camera',
  search: '/search?q=camera',
  'not found': '/no/such/page',
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describeInBrowser("this repository's site: accessibility and origins", () => {
  let browser: Browser;
  let server: ServedSite['server'];

  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveRepoSite();
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation on home, a guide, an API page, search and 404 (${colorScheme})`, async () => {
      const context = await browser.newContext({
        colorScheme,
        viewport: { width: VIEWPORTS[0].width, height: VIEWPORTS[0].height },
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const [name, url] of Object.entries(PAGES)) {
        await page.goto(server.origin + url);
        await waitForIslands(page);
        // Scan diagrams too: bring each into view (they draw lazily) and wait until mermaid has drawn every one.
        for (const block of await page.locator('pre.mermaid').all()) await block.scrollIntoViewIfNeeded();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('pre.mermaid')].every((block) => block.querySelector('svg')),
        );
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
        await page.addScriptTag({ path: axeScript });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> };
            }
          ).axe;
          return (await axe.run(document, { resultTypes: ['violations'] })).violations;
        });
        for (const v of violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            found.push(
              `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join(', ')}`,
            );
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }

  it('loads nothing from another origin and no analytics (no trackingID configured)', async () => {
    const context = await browser.newContext({ viewport: { width: VIEWPORTS[1].width, height: VIEWPORTS[1].height } });
    const page = await context.newPage();
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    await page.goto(`${server.origin}/docs/guides/formats`);
    await waitForIslands(page);
    await page.click('.pagination-next');
    await page.waitForURL(/\/docs\/guides\/preview$/);
    await waitPastIdleWork(page);
    expect([...origins]).toEqual([server.origin]);
    expect(await page.evaluate(() => typeof (window as unknown as { gtag?: unknown }).gtag)).toBe('undefined');
    await context.close();
  });
});
