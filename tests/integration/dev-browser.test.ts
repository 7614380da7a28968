import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { describeInBrowser, launchBrowser } from '../helpers/browser.js';
import { listen, type LiveEvent } from '../helpers/live-events.js';
import { copySite } from '../helpers/run-cli.js';

/**
 * Each test waits for the dev server's event first (what every open tab is
 * told), then for the page: a failure says which side stalled, with the
 * server's log. The bounds are generous (a small site updates in well under a
 * second); only a missed change or a lost event exceeds them.
 */
const SERVER_BOUND_MS = 30_000;
const PAGE_BOUND_MS = 20_000;
/** Above both: a step's own bound, for what has none (the browser opening or closing a tab). */
const STEP_BOUND_MS = 40_000;

describeInBrowser('docsgen dev in a browser', () => {
  let browser: Browser;
  let server: DevServer;
  let root: string;
  let events: ReturnType<typeof listen>;
  /** What the dev server printed: a failure shows it, since a timeout alone does not say which side stalled. */
  const logs: string[] = [];

  beforeAll(async () => {
    root = copySite('minimal');
    // The page the overlay test breaks exists before the server starts: adding it later reloads every open tab.
    writeFileSync(path.join(root, 'content/docs/guides/third.mdx'), '# Third\n\nFine.\n');
    server = await startDevServer({
      root,
      port: 0,
      log: (line) => void logs.push(`${new Date().toISOString()} ${line}`),
    });
    events = listen(server.url);
    // Connected before any test edits a file: every event after that is seen.
    await events.next((e) => e.event === 'hello', SERVER_BOUND_MS);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    events?.close();
    await browser?.close();
    await server?.close();
  });

  /**
   * Runs one step, naming it and adding the server's log when it fails. Every step has its own bound (what the
   * browser does itself, opening or closing a tab, has none), so a step that hangs is named instead of the test
   * running into vitest's time limit with no word of where it stood (seen once in a loaded full run).
   */
  async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no result within ${STEP_BOUND_MS} ms`)), STEP_BOUND_MS);
    });
    try {
      return await Promise.race([run(), bound]);
    } catch (error) {
      throw new Error(`step "${name}" failed: ${(error as Error).message}\ndev server log:\n${logs.join('\n')}`, {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
    }
  }
  /** The next live event that passes `test`, from the moment of the call. */
  const serverSends = (test: (event: LiveEvent) => boolean) => events.next(test, SERVER_BOUND_MS);

  it('shows an edit in the open page without a manual reload', async () => {
    const page = await step('open a tab', () => browser.newPage());
    page.setDefaultTimeout(PAGE_BOUND_MS);
    await step('open the page', () => page.goto(server.url + 'docs/guides/second'));
    await step('wait for the page to load', () => page.waitForFunction(() => document.readyState === 'complete'));
    const reloaded = serverSends(
      (e) => e.event === 'reload' && (e.data.paths === 'all' || e.data.paths.includes('/docs/guides/second')),
    );
    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nLive words appear.\n',
    );
    await step('the server tells the tab', () => reloaded);
    await step('the page shows the edit', () => page.getByText('Live words appear.').waitFor());
    await step('close the tab', () => page.close());
  });

  it('shows the error overlay for invalid MDX and removes it when the file is fixed', async () => {
    const file = path.join(root, 'content/docs/guides/third.mdx');
    const page = await step('open a tab', () => browser.newPage());
    page.setDefaultTimeout(PAGE_BOUND_MS);
    await step('open the page', () => page.goto(server.url + 'docs/guides'));
    await step('wait for the page to load', () => page.waitForFunction(() => document.readyState === 'complete'));

    // A save may arrive in two writes: wait for the error of the whole file.
    const reported = serverSends(
      (e) =>
        e.event === 'errors' &&
        e.data.errors.some(
          (error: { file: string; line: number }) => error.file === 'content/docs/guides/third.mdx' && error.line === 3,
        ),
    );
    writeFileSync(file, '# Third\n\n<div className="box">\n  Unclosed box\n');
    await step('the server reports the error', () => reported);
    const overlay = page.locator('docsgen-error-overlay');
    await step('the page shows the place', () =>
      overlay.getByRole('alertdialog').getByText('content/docs/guides/third.mdx:3:1').waitFor(),
    );
    await step('the page shows the code frame', () =>
      overlay.locator('pre').getByText('> 3 | <div className="box">').waitFor(),
    );

    const fixed = serverSends((e) => e.event === 'ok');
    // The tab reloads once the overlay goes (what it showed may be stale): closed mid-reload, Chromium can leave
    // page.close() unanswered for good (it acknowledges closing a tab that is committing a navigation, and does not).
    const reloaded = page.waitForEvent('load');
    writeFileSync(file, '# Third\n\nFixed.\n');
    await step('the server says the errors are fixed', () => fixed);
    await step('the overlay goes', () => overlay.waitFor({ state: 'detached' }));
    await step('the tab reloads', () => reloaded);
    await step('close the tab', () => page.close());
  });
});
