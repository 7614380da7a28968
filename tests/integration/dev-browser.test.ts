import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { copySite } from '../helpers/run-cli.js';

describeInBrowser('docsgen dev in a browser', () => {
  let browser: Browser;
  let server: DevServer;
  let root: string;
  /** What the dev server printed: a failure shows it, since a timeout alone does not say which side stalled. */
  const logs: string[] = [];

  beforeAll(async () => {
    root = copySite('minimal');
    server = await startDevServer({ root, port: 0, log: (line) => void logs.push(`${new Date().toISOString()} ${line}`) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows an edit in the open page without a manual reload', async () => {
    const page = await browser.newPage();
    await page.goto(server.url + 'docs/guides/second');
    await page.waitForFunction(() => document.readyState === 'complete');
    const start = Date.now();
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nLive words appear.\n');
    await page.getByText('Live words appear.').waitFor({ timeout: 5_000 });
    console.log(`edit → DOM: ${Date.now() - start} ms`);
    await page.close();
  });

  it('shows the error overlay for invalid MDX and removes it when the file is fixed', async () => {
    const file = path.join(root, 'content/docs/guides/third.mdx');
    writeFileSync(file, '# Third\n\nFine.\n');
    // Each step fails on its own, named, well inside the test's time limit (it once ran out with no clue which step stalled).
    const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer in 25 s')), 25_000)));
      try {
        return await Promise.race([run(), stalled]);
      } catch (error) {
        throw new Error(`step "${name}" failed: ${(error as Error).message}\ndev server log:\n${logs.join('\n')}`, { cause: error });
      } finally {
        clearTimeout(timer);
      }
    };
    const page = await step('open a tab', () => browser.newPage());
    page.setDefaultTimeout(20_000);
    await step('open the page', () => page.goto(server.url + 'docs/guides'));
    await step('wait for the page to load', () => page.waitForFunction(() => document.readyState === 'complete'));
    writeFileSync(file, '# Third\n\n<div className="box">\n  Unclosed box\n');
    const overlay = page.locator('docsgen-error-overlay');
    await step('see the overlay', () => overlay.waitFor({ timeout: 10_000 }));
    // Under load a save can arrive in two writes; poll until the overlay shows the final error.
    const text = (locator: ReturnType<typeof overlay.locator>) => locator.textContent({ timeout: 1_000 }).catch(() => '');
    await step('read the place', () => expect.poll(() => text(overlay.getByRole('alertdialog')), { timeout: 15_000 }).toContain('content/docs/guides/third.mdx:3:1'));
    await step('read the code frame', () => expect.poll(() => text(overlay.locator('pre').first()), { timeout: 15_000 }).toContain('> 3 | <div className="box">'));
    writeFileSync(file, '# Third\n\nFixed.\n');
    await step('see the overlay go', () => overlay.waitFor({ state: 'detached', timeout: 10_000 }));
    await step('close the page', () => page.close());
    // Every wait above is bounded (at most 20 s each); their sum may pass vitest's 60 s on a busy 2-core host running other test files.
  }, 120_000);
});
