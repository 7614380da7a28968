import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { copySite, runCli } from '../helpers/run-cli.js';
import { oncePerRun } from '../helpers/once-per-run.js';

/** The two viewports every behaviour is checked at. */
export const VIEWPORTS = [
  { name: 'desktop 1280×800', width: 1280, height: 800, narrow: false },
  { name: 'phone 390×844', width: 390, height: 844, narrow: true },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/**
 * Builds `tests/sites/shell` twice: `dist/` with its own config, and
 * `dist-sub/` with `build.alt.config.ts` (baseUrl `/sub/`, gtag, no switch).
 * `docsgen serve` serves the second under `/sub/`, as it reads the baseUrl
 * from the built site, and answers paths outside it with its 404 page.
 *
 * Once per vitest run (once-per-run.ts): shell-islands and shell-navigation
 * both serve these two sites and only read them, so the second file to ask
 * serves the first one's output (two builds, ~5 CPU-seconds, fewer a run).
 */
export function buildShellSites(): Promise<{ dist: string; altDist: string }> {
  return oncePerRun('shell-sites', () => {
    const root = copySite('shell');
    const main = runCli(['build', '--root', root]);
    expect(main.code, main.stderr + main.stdout).toBe(0);
    const alt = runCli(['build', '--root', root, '--config', 'build.alt.config.ts', '--out-dir', 'dist-sub']);
    expect(alt.code, alt.stderr + alt.stdout).toBe(0);
    return { dist: path.join(root, 'dist'), altDist: path.join(root, 'dist-sub') };
  });
}

export interface OpenedPage {
  page: Page;
  /** Uncaught exceptions and console errors seen so far. */
  errors: string[];
  warnings: string[];
  close: () => Promise<void>;
}

/** A fresh context and page at a viewport, recording errors; `init` runs before any page script. */
export async function openPage(
  browser: Browser,
  url: string,
  options: { viewport?: Viewport; context?: BrowserContextOptions; init?: () => void } = {},
): Promise<OpenedPage> {
  const viewport = options.viewport ?? VIEWPORTS[0];
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    ...options.context,
  });
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto(url);
  await waitForIslands(page);
  return { page, errors, warnings, close: () => context.close() };
}

/**
 * Presses a key that does nothing on a page (islands hydrate on the reader's first interaction; moving the
 * pointer is not one) and resolves once the navbar island is hydrated (React attaches its fiber to the DOM node).
 */
export async function waitForIslands(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => {
    const toggle = document.querySelector('.navbar-toggle');
    return Boolean(toggle && Object.keys(toggle).some((key) => key.startsWith('__reactFiber')));
  });
}
