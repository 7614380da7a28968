import { appendFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite, runCli } from '../helpers/run-cli.js';
import { overlayErrors } from '../helpers/untrusted-files.js';

/**
 * Issue 27 for `docsgen dev` and `docsgen serve`: what a page names as an
 * image is answered only as what its bytes are (an SVG as rebuilt from the
 * tree that was checked), with the Content-Type of that and `nosniff`;
 * never HTML, an SVG with script, or a file beside the config.
 */

const GUIDES = 'content/docs/guides';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
const CLEAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><!-- hand drawn --><circle cx="4" cy="4" r="4"/></svg>\n';
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8" onload="alert(document.domain)"><circle cx="4" cy="4" r="4"/></svg>\n';
const TOKEN = 'docsgen-secret-dev-images-7f3a';

/** The asset a page's first image is served at (without the leading slash), once dev has compiled it. */
async function imageSrcOf(url: string, page: string): Promise<string> {
  let src = '';
  await expect
    .poll(
      async () => {
        src = /<img src="\/(assets\/images\/[^"]+)"/.exec((await get(url, page)).body)?.[1] ?? '';
        return src;
      },
      { timeout: 30_000, interval: 50 },
    )
    .not.toBe('');
  return src;
}

describe('docsgen dev answers a content image only as what its bytes are', () => {
  let root: string;
  let dev: DevProcess;
  const guides = (...parts: string[]) => path.join(root, GUIDES, ...parts);

  beforeAll(async () => {
    root = copySite('minimal');
    writeFileSync(path.join(root, '.env'), `API_TOKEN=${TOKEN}\n`);
    appendFileSync(path.join(root, 'build.config.ts'), `// ${TOKEN}\n`);
    writeFileSync(guides('drawing.svg'), CLEAN_SVG);
    writeFileSync(guides('shot.html'), PNG);
    writeFileSync(guides('evil.html'), `<script>alert(document.domain)</script>\n`);
    writeFileSync(guides('drawing.md'), '# Drawing\n\n![d](./drawing.svg)\n');
    writeFileSync(guides('shot.md'), '# Shot\n\n![s](./shot.html)\n');
    writeFileSync(
      guides('evil.md'),
      '# Evil\n\n![e](./evil.html)\n\n![c](../../../build.config.ts)\n\n![n](../../../.env)\n',
    );
    dev = await startDevProcess(root);
  }, 90_000);
  afterAll(async () => {
    await dev?.stop();
  });

  it('serves a clean SVG as rebuilt, as image/svg+xml with nosniff', async () => {
    const src = await imageSrcOf(dev.url, '/docs/guides/drawing');
    const res = await get(dev.url, '/' + src);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4"></circle></svg>',
    );
  });

  it('serves a PNG named .html under a .png name, as image/png', async () => {
    const src = await imageSrcOf(dev.url, '/docs/guides/shot');
    expect(src).toMatch(/^assets\/images\/shot-[0-9a-f]{8}\.png$/);
    const res = await get(dev.url, '/' + src);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.raw).toEqual(PNG);
  });

  it('reports HTML named as an image and files beside the config, as build does, and serves none of them', async () => {
    const errors = await overlayErrors(dev.url);
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: 'not-an-image',
          file: `${GUIDES}/evil.md`,
          message: './evil.html is markup (HTML, XHTML or XML), not an image: its root element is <script>, not <svg>',
        }),
        expect.objectContaining({
          rule: 'file-outside-content',
          file: `${GUIDES}/evil.md`,
          message:
            'image not allowed: ../../../build.config.ts resolves to build.config.ts, outside the folders content may use (content/docs/ and public/)',
        }),
        expect.objectContaining({
          rule: 'file-outside-content',
          file: `${GUIDES}/evil.md`,
          message:
            'image not allowed: ../../../.env resolves to .env, outside the folders content may use (content/docs/ and public/)',
        }),
      ]),
    );
    const page = await get(dev.url, '/docs/guides/evil');
    expect(page.body).not.toContain('/assets/images/');
    expect(page.body).not.toContain(TOKEN);
    expect(dev.stderr()).not.toContain(TOKEN);
  });

  it('never serves an SVG swapped for one with a script: the asset path answers 404, never the script', async () => {
    const src = await imageSrcOf(dev.url, '/docs/guides/drawing');
    const from = dev.stderr().length;
    writeFileSync(guides('drawing.svg'), EVIL_SVG);
    const bodies: string[] = [];
    await expect
      .poll(
        async () => {
          const res = await get(dev.url, '/' + src);
          bodies.push(res.body);
          return res.status;
        },
        { timeout: 30_000, interval: 20 },
      )
      .toBe(404);
    expect(bodies.filter((body) => body.includes('onload'))).toEqual([]);
    await expect
      .poll(() => dev.stderr().slice(from), { timeout: 30_000, interval: 50 })
      .toContain(
        `error  ${GUIDES}/drawing.md:3:1  ./drawing.svg is an SVG that could run script: it has an event handler (onload)  [unsafe-svg]`,
      );
  });
});

describe('docsgen serve answers a built content image with the type of its bytes', () => {
  let root: string;
  let serve: ServerProcess;

  beforeAll(async () => {
    root = copySite('minimal');
    mkdirSync(path.join(root, GUIDES, 'shots'));
    writeFileSync(path.join(root, GUIDES, 'shots/page.html'), PNG);
    writeFileSync(path.join(root, GUIDES, 'shot.md'), '# Shot\n\n![s](./shots/page.html)\n');
    const built = runCli(['build', '--root', root]);
    if (built.code !== 0) throw new Error(`the site did not build:\n${built.stderr}`);
    serve = await startServeProcess(path.join(root, 'dist'));
  }, 90_000);
  afterAll(async () => {
    await serve?.stop();
  });

  it('as image/png with nosniff, never as text/html (its name in the output comes from its bytes)', async () => {
    const assets = readdirSync(path.join(root, 'dist/assets/images'));
    expect(assets).toEqual([expect.stringMatching(/^page-[0-9a-f]{8}\.png$/)]);
    const res = await get(serve.url, `/assets/images/${assets[0]}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // No clean-URL answer turns an image path into a page.
    expect((await get(serve.url, `/assets/images/${assets[0].slice(0, -'.png'.length)}`)).status).toBe(404);
  });
});
