import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../../tests/helpers/browser.js';

/**
 * Runs in every document the page loads (including live reloads): watches the DOM and records, in sessionStorage,
 * the wall-clock time at which the body first contains the token the benchmark is waiting for. A string, not a
 * function, because the TypeScript loader may wrap compiled functions in helpers the page does not have.
 */
const WATCH_FOR_TOKEN = `(() => {
  const check = () => {
    const token = sessionStorage.getItem('benchToken');
    if (!token || sessionStorage.getItem('benchSeenAt') || !document.body) return;
    if ((document.body.textContent || '').includes(token)) sessionStorage.setItem('benchSeenAt', String(Date.now()));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  document.addEventListener('DOMContentLoaded', check);
})();`;

async function waitForSeenAt(page: Page, timeoutMs: number): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const seen = await page.evaluate<string | null>(`sessionStorage.getItem('benchSeenAt')`).catch(() => null);
    if (seen) return Number(seen);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return null;
}

/**
 * Opens `url` in chromium, then `edits` times appends a paragraph with a fresh token to `file` and measures the
 * milliseconds from the write to the token in the page's DOM (null when it never arrived within 10 s).
 * The file is restored afterwards.
 */
export async function measureEditLatency(url: string, file: string, edits: number): Promise<Array<number | null>> {
  const original = readFileSync(file, 'utf8');
  const browser = await launchBrowser();
  const latencies: Array<number | null> = [];
  try {
    const page = await browser.newPage();
    await page.addInitScript({ content: WATCH_FOR_TOKEN });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    for (let i = 1; i <= edits; i++) {
      const token = `benchedit${i}x${Date.now().toString(36)}`;
      await page.evaluate(
        `sessionStorage.removeItem('benchSeenAt'); sessionStorage.setItem('benchToken', ${JSON.stringify(token)})`,
      );
      const writtenAt = Date.now();
      writeFileSync(file, `${original}\n\nBenchmark edit ${token}.\n`);
      const seenAt = await waitForSeenAt(page, 10_000);
      latencies.push(seenAt === null ? null : Math.max(0, seenAt - writtenAt));
      await page.waitForTimeout(300);
    }
  } finally {
    writeFileSync(file, original);
    await browser.close();
  }
  return latencies;
}
