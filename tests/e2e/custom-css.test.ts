/**
 * A site's own look (issue 31 §2) in Chromium: the minimal site with a Docusaurus-style custom.css (a green
 * `--ifm-color-primary` and its shades, another value for dark mode) and `navbar.style: 'dark'`. In light and dark
 * mode, at 1280 and 390 px: links, the active sidebar item and the primary button take the site's colours, the navbar
 * is dark in both modes (checked on the screenshot's pixels too), and axe finds no serious or critical violation.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from '../helpers/browser.js';
import { serveFixtureSite, type ServedSite } from '../helpers/repo-site.js';
import { VIEWPORTS, waitForIslands } from './shell-fixture.js';

const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** As Docusaurus's classic template writes custom.css. */
const CUSTOM_CSS = `:root {
  --ifm-color-primary: #2e8555;
  --ifm-color-primary-dark: #29784c;
  --ifm-color-primary-darker: #277148;
  --ifm-color-primary-darkest: #205d3b;
  --ifm-color-primary-light: #33925d;
  --ifm-color-primary-lighter: #359962;
  --ifm-color-primary-lightest: #3cad6e;
}
[data-theme='dark'] {
  --ifm-color-primary: #25c2a0;
  --ifm-color-primary-dark: #21af90;
  --ifm-color-primary-darker: #1fa588;
  --ifm-color-primary-darkest: #1a8870;
  --ifm-color-primary-light: #29d5b0;
  --ifm-color-primary-lighter: #32d8b4;
  --ifm-color-primary-lightest: #4fddbf;
}
`;

/** The colours expected in each mode, as getComputedStyle gives them. */
const EXPECTED = {
  light: { link: 'rgb(46, 133, 85)', active: 'rgb(32, 93, 59)', buttonText: 'rgb(255, 255, 255)' },
  dark: { link: 'rgb(37, 194, 160)', active: 'rgb(37, 194, 160)', buttonText: 'rgb(21, 22, 26)' },
};
const DARK_NAVBAR = 'rgb(27, 28, 32)';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The serious and critical axe violations of the page, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (d: Document, o: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The colour of the pixel at the middle of a PNG screenshot, as `rgb(r, g, b)`, decoded by the browser itself. */
async function middlePixel(page: Page, png: Buffer): Promise<string> {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(Math.floor(bitmap.width / 2), Math.floor(bitmap.height / 2), 1, 1).data;
    return `rgb(${r}, ${g}, ${b})`;
  }, png.toString('base64'));
}

/** Gives the minimal site the custom CSS and this navbar style. */
const withLook = (style: 'dark' | 'primary') => (root: string) => {
  mkdirSync(path.join(root, 'src/css'), { recursive: true });
  writeFileSync(path.join(root, 'src/css/custom.css'), CUSTOM_CSS);
  const config = path.join(root, 'build.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      'export default {\n',
      `export default {\n  theme: { customCss: './src/css/custom.css' },\n  navbar: { style: '${style}' },\n`,
    ),
  );
};

describeInBrowser("a site's custom CSS and dark navbar in the browser", () => {
  let browser: Browser;
  let origin: string;
  let site: ServedSite | undefined;

  beforeAll(async () => {
    site = await serveFixtureSite('minimal', { prepare: withLook('dark') });
    browser = site.browser;
    origin = site.server.origin;
  });
  afterAll(() => site?.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of VIEWPORTS) {
      it(`takes the site's colours, draws the navbar dark and passes axe (${colorScheme}, ${viewport.name})`, async () => {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width: viewport.width, height: viewport.height },
        });
        const page = await context.newPage();
        const expected = EXPECTED[colorScheme];
        const found: string[] = [];

        await page.goto(`${origin}/docs/guides/second`);
        await waitForIslands(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
        const color = (selector: string, property: 'color' | 'backgroundColor') =>
          page
            .locator(selector)
            .first()
            .evaluate((el, p) => getComputedStyle(el)[p as 'color'], property);
        await expect(color('.markdown a', 'color')).resolves.toBe(expected.link);
        await expect(color('.navbar', 'backgroundColor')).resolves.toBe(DARK_NAVBAR);
        // The navbar's pixels: the screenshot of its middle is the dark colour, in both modes.
        const shot = await page.screenshot({ clip: { x: viewport.width / 2 - 20, y: 20, width: 40, height: 20 } });
        await expect(middlePixel(page, shot)).resolves.toBe(DARK_NAVBAR);
        // The search button and the colour toggle are drawn in light colours on it.
        // (the wide one's label is muted; the narrow one is an icon in the text colour).
        expect(['rgb(185, 189, 197)', 'rgb(230, 231, 234)']).toContain(await color('.search-button', 'color'));
        await expect(color('.color-toggle', 'color')).resolves.toBe('rgb(230, 231, 234)');
        if (!viewport.narrow) await expect(color('.menu-link.active', 'color')).resolves.toBe(expected.active);
        found.push(...(await axeViolations(page)).map((v) => `doc: ${v}`));

        await page.goto(`${origin}/`);
        await waitForIslands(page);
        await expect(color('.button-primary', 'backgroundColor')).resolves.toBe(expected.link);
        await expect(color('.button-primary', 'color')).resolves.toBe(expected.buttonText);
        found.push(...(await axeViolations(page)).map((v) => `home: ${v}`));
        expect(found).toEqual([]);
        await context.close();
      });
    }
  }
});

describeInBrowser("a site's custom CSS and a navbar in its primary colour", () => {
  let site: ServedSite | undefined;
  beforeAll(async () => {
    site = await serveFixtureSite('minimal', { prepare: withLook('primary') });
  });
  afterAll(() => site?.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws the navbar in the primary colour, its text readable (${colorScheme})`, async () => {
      const context = await site!.browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site!.server.origin}/docs/guides/second`);
      await waitForIslands(page);
      const color = (selector: string, property: 'color' | 'backgroundColor') =>
        page
          .locator(selector)
          .first()
          .evaluate((el, p) => getComputedStyle(el)[p as 'color'], property);
      await expect(color('.navbar', 'backgroundColor')).resolves.toBe(EXPECTED[colorScheme].link);
      await expect(color('.navbar-brand', 'color')).resolves.toBe(EXPECTED[colorScheme].buttonText);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }
});

describeInBrowser('a brand colour too light for text (as VisionCamera’s own custom.css)', () => {
  let site: ServedSite | undefined;
  beforeAll(async () => {
    site = await serveFixtureSite('minimal', {
      prepare: (root) => {
        mkdirSync(path.join(root, 'src/css'), { recursive: true });
        writeFileSync(
          path.join(root, 'src/css/custom.css'),
          ':root {\n  --ifm-color-primary: rgb(132, 170, 124);\n  --ifm-color-primary-darkest: #597d51;\n}\n',
        );
        const config = path.join(root, 'build.config.ts');
        writeFileSync(
          config,
          readFileSync(config, 'utf8').replace(
            'export default {\n',
            "export default {\n  theme: { customCss: 'src/css/custom.css' },\n",
          ),
        );
      },
    });
  });
  afterAll(() => site?.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws links, the active item and the button in a readable shade: axe finds no violation (${colorScheme})`, async () => {
      const context = await site!.browser.newContext({ colorScheme, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const found: string[] = [];
      for (const url of ['/docs/guides/second', '/']) {
        await page.goto(site!.server.origin + url);
        await waitForIslands(page);
        found.push(...(await axeViolations(page)).map((v) => `${url}: ${v}`));
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
