/** The blog's pages in a browser: axe finds no serious or critical violation on a post, a list page, the tags and the archive, light and dark, on a desktop and a phone. */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveFixtureSite, type ServedSite } from '../helpers/repo-site.js';
import { VIEWPORTS, waitForIslands } from './shell-fixture.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = {
  post: '/blog/2024/05/28/launch',
  list: '/blog',
  'list page 2': '/blog/page/2',
  tag: '/blog/tags/news',
  tags: '/blog/tags',
  archive: '/blog/archive',
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describeInBrowser('the blog in a browser', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveFixtureSite('blog');
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  for (const viewport of VIEWPORTS)
    for (const colorScheme of ['light', 'dark'] as const)
      it(`axe finds no serious or critical violation (${viewport.width} px, ${colorScheme})`, async () => {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width: viewport.width, height: viewport.height },
        });
        const page = await context.newPage();
        const found: string[] = [];
        for (const [name, url] of Object.entries(PAGES)) {
          await page.goto(server.origin + url);
          await waitForIslands(page);
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
                `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
              );
          // Nothing is wider than the screen.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) found.push(`${name}: ${overflow} px wider than the screen`);
        }
        expect(found).toEqual([]);
        await context.close();
      });
});
