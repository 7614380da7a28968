import { chromium, type Browser, type Page } from 'playwright-core';
import { describe } from 'vitest';
import { PREFETCH_IDLE_TIMEOUT_MS } from '../../templates/client/router/prefetch.js';
import { CHROMIUM, chromiumMissing } from './chromium.js';

export { CHROMIUM };

/** True when browser tests can run; with REQUIRE_BROWSER=1 (CI) a missing browser is an error, not a skip. */
export function browserAvailable(): boolean {
  if (!chromiumMissing()) return true;
  if (process.env.REQUIRE_BROWSER === '1')
    throw new Error(`REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM}; install Debian's chromium`);
  return false;
}

/**
 * A suite that needs Chromium: tagged `browser` (so `--tags-filter='!browser'`
 * leaves it out) and skipped when the browser is missing, in which case the
 * run's summary says how many such tests it skipped (browser-skip-reporter.ts).
 */
export function describeInBrowser(name: string, body: () => void): void {
  describe(name, { tags: ['browser'], skip: !browserAvailable() }, body);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * Resolves once the work the page defers has had its chance to send a
 * request, so a test can assert that something did NOT happen (no prefetch
 * under save-data, no request to another origin) without a fixed sleep.
 *
 * The client defers to idle callbacks, each waiting at most
 * PREFETCH_IDLE_TIMEOUT_MS (2 s), and to intersection observers: the
 * prefetcher observes links in one idle callback and fetches a visible one in
 * a second, posted from its observer's callback. This runs the same chain
 * behind the page's own: an idle callback (run after those posted before it),
 * the first callback of a new observer (observers made earlier are told
 * first), a second idle callback. Then the page fetches a sentinel URL:
 * requests from a page are reported in the order it made them, so once the
 * test has seen the sentinel it has seen every request made before it.
 */
export async function waitPastIdleWork(page: Page): Promise<void> {
  await page.evaluate(async (timeout) => {
    const idle = () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout }));
    await idle();
    await new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(() => (observer.disconnect(), resolve()));
      observer.observe(document.body);
    });
    await idle();
  }, PREFETCH_IDLE_TIMEOUT_MS);
  const sentinel = `/__docsgen-test-sentinel-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === sentinel);
  await page.evaluate((url) => void fetch(url).catch(() => undefined), sentinel);
  await seen;
}
