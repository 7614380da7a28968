/**
 * The pages of src/pages in the browser (issue 31 §4): a Markdown page and a React page of tests/sites/pages pass
 * axe in both colour schemes at both viewports, their navbar hydrates, and no script error is thrown.
 */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveFixtureSite, type ServedSite } from '../helpers/repo-site.js';
import { VIEWPORTS, waitForIslands } from './shell-fixture.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PAGES = {
  'Markdown page': '/help',
  'React page': '/showcase',
  'React page with Infima classes': '/landing',
  'nested index page': '/blog-x',
  'hydrated React page': '/counter',
};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

describeInBrowser('the pages of src/pages in the browser', () => {
  let browser: Browser;
  let server: ServedSite['server'];
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveFixtureSite('pages');
    ({ browser, server } = site);
  });
  afterAll(() => site?.close());

  for (const viewport of VIEWPORTS)
    for (const colorScheme of ['light', 'dark'] as const)
      it(`axe finds no violation on a Markdown page and a React page (${viewport.name}, ${colorScheme})`, async () => {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width: viewport.width, height: viewport.height },
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
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
            found.push(
              `${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
            );
        }
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });
});
