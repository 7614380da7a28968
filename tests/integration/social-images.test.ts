/**
 * Issue 17 §3: a social image per page (1200x630 PNG, satori + resvg), named by og:image and twitter:image, cached
 * by what it shows, off with `socialImages: false`; and the logo, which comes from public/ (content), never makes
 * the renderer read another file or the network.
 *
 * The builds run in this test process (in-process-cli.ts), where docsgen draws the images on its main thread with
 * the renderer its image workers run (createCardRenderer): what is asserted is the images, pages, cache and report,
 * nothing of the workers (image-workers.test.ts has them, and every build of the CLI in a process draws with them).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cloneSite } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, tempDir } from '../helpers/run-cli.js';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect x="4" y="4" width="56" height="56" rx="12" fill="#5b3fd9"/></svg>';

function site(
  options: { logo?: string | Buffer; logoName?: string; config?: string; pages?: Record<string, string> } = {},
): string {
  const root = copySite('minimal');
  const name = options.logoName ?? 'logo.svg';
  mkdirSync(path.join(root, 'public/img'), { recursive: true });
  writeFileSync(path.join(root, 'public/img', name), options.logo ?? LOGO);
  const config = path.join(root, 'build.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      '  docs:',
      `  navbar: { logo: { alt: 'Logo', src: 'img/${name}' } },\n${options.config ?? ''}  docs:`,
    ),
  );
  for (const [file, text] of Object.entries(options.pages ?? {}))
    writeFileSync(path.join(root, 'content/docs/guides', file), text);
  return root;
}

async function build(root: string, ...args: string[]) {
  const result = await runCliInProcess(['build', '--root', root, ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** Every HTML page of the output, by path. */
function pages(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      found.set(path.relative(path.join(root, 'dist'), file), readFileSync(file, 'utf8'));
    }
  }
  return found;
}

const meta = (html: string, name: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`))?.[1];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The file of the output an absolute URL of the site names. */
const outputFile = (root: string, url: string) => path.join(root, 'dist', decodeURIComponent(new URL(url).pathname));

const imageOf = (root: string, page: string) =>
  readFileSync(outputFile(root, meta(pages(root).get(page)!, 'og:image')!));

describe('social images', () => {
  it('every page but 404, search and redirects names its own 1200x630 PNG in og:image and twitter:image, with size, alt and a large card', async () => {
    const root = site();
    await build(root);
    const images = new Set<string>();
    for (const [file, html] of pages(root)) {
      const image = meta(html, 'og:image');
      if (file === '404.html' || file.startsWith('search/') || html.includes('http-equiv="refresh"')) {
        expect(image, file).toBeUndefined();
        continue;
      }
      expect(image, file).toMatch(/^https:\/\/example\.com\/img\/og\/.+\.png$/);
      expect(pngSize(readFileSync(outputFile(root, image!)))).toEqual({ width: 1200, height: 630 });
      expect(meta(html, 'twitter:image')).toBe(image);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1200', '630']);
      images.add(readFileSync(outputFile(root, image!)).toString('base64'));
    }
    expect(images.size).toBeGreaterThanOrEqual(3);
    const intro = pages(root).get('docs/guides/index.html')!;
    expect(meta(intro, 'og:image')).toBe('https://example.com/img/og/docs/guides.png');
    expect(meta(intro, 'og:image:alt')).toBe('Introduction · Minimal');
    expect(meta(pages(root).get('index.html')!, 'og:image')).toBe('https://example.com/img/og/index.png');
  });

  it('front matter `image` wins over the generated image, which wins over the site-wide `image`', async () => {
    const root = site({
      config: "  image: 'img/site.png',\n",
      pages: { 'intro.md': '---\ntitle: Intro\nslug: /guides\nimage: img/own.png\n---\n\n# Intro\n\nText.\n' },
    });
    await build(root);
    expect(meta(pages(root).get('docs/guides/index.html')!, 'og:image')).toBe('https://example.com/img/own.png');
    // The page's own image says nothing of the generated one's size.
    expect(meta(pages(root).get('docs/guides/index.html')!, 'og:image:width')).toBeUndefined();
    expect(meta(pages(root).get('docs/guides/second/index.html')!, 'og:image')).toBe(
      'https://example.com/img/og/docs/guides/second.png',
    );
  });

  it('socialImages: false writes no image and keeps the site-wide image (or a summary card without one)', async () => {
    const root = site({ config: "  socialImages: false,\n  image: 'img/site.png',\n" });
    await build(root);
    expect(existsSync(path.join(root, 'dist/img/og'))).toBe(false);
    const html = pages(root).get('docs/guides/second/index.html')!;
    expect(meta(html, 'og:image')).toBe('https://example.com/img/site.png');
    expect(meta(html, 'og:image:width')).toBeUndefined();

    const plain = site({ config: '  socialImages: false,\n' });
    await build(plain);
    expect(meta(pages(plain).get('docs/guides/second/index.html')!, 'twitter:card')).toBe('summary');
  });

  it('a second build draws no image: each is cached by what it shows, and a changed title draws that page alone', async () => {
    const root = site();
    await build(root);
    const cacheDir = path.join(root, 'node_modules/.cache/docsgen/social-images');
    const entries = () =>
      new Map(
        readdirSync(cacheDir, { recursive: true })
          .filter((f) => String(f).endsWith('.bin'))
          .map((f) => [String(f), statSync(path.join(cacheDir, String(f))).mtimeMs]),
      );
    const first = entries();
    expect(first.size).toBeGreaterThanOrEqual(3);
    await build(root);
    expect(entries()).toEqual(first);
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), '---\ntitle: A new title\n---\n\nText.\n');
    await build(root);
    const third = entries();
    expect([...third.keys()].filter((f) => !first.has(f))).toHaveLength(1);
    for (const [file, mtime] of third) if (first.has(file)) expect(mtime).toBe(first.get(file));
  });

  it('a file of public/ where a social image goes is an output clash', async () => {
    const root = site();
    mkdirSync(path.join(root, 'public/img/og'), { recursive: true });
    writeFileSync(path.join(root, 'public/img/og/index.png'), 'not an image');
    const result = await runCliInProcess(['build', '--root', root]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'img/og/index.png would be written twice: by public/img/og/index.png and by the social images',
    );
  });

  it('check draws no image', async () => {
    const root = site();
    const checked = await runCliInProcess(['check', '--root', root]);
    expect(checked.code, checked.stderr).toBe(0);
    expect(existsSync(path.join(root, 'node_modules/.cache/docsgen/social-images'))).toBe(false);
  });

  it('titles with markup, quotes, CJK and emoji are drawn as text, without the characters the fonts lack', async () => {
    const root = site({
      pages: { 'intro.md': '---\ntitle: "<b>&amp; \\"q\\" </svg> 相机 😀 Intro"\nslug: /guides\n---\n\nText.\n' },
    });
    await build(root);
    expect(pngSize(imageOf(root, 'docs/guides/index.html'))).toEqual({ width: 1200, height: 630 });
  });
});

describe('the logo of the social images', () => {
  it('an SVG logo that references a file outside the site, by path, file: URL, http: URL or a nested data: SVG, draws as if the references were not there', async () => {
    const clean = site();
    await build(clean);
    // A PNG outside the site root, which no build may read (any PNG will do: the clean site's own image).
    const secret = path.join(tempDir('docsgen-secret-'), 'secret.png');
    writeFileSync(secret, imageOf(clean, 'index.html'));
    const nested = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><image href="${secret}" width="64" height="64"/></svg>`,
    ).toString('base64');
    const refs = [
      `<image href="${secret}" width="64" height="64"/>`,
      `<image xlink:href="file://${secret}" width="64" height="64"/>`,
      `<image href="secret.png" width="64" height="64"/>`,
      '<image xlink:href="http://127.0.0.1:9/x.png" width="64" height="64"/>',
      `<image href="data:image/svg+xml;base64,${nested}" width="64" height="64"/>`,
      `<filter id="f"><feImage href="${secret}"/></filter><g filter="url(#f)"></g>`,
      `<style>@import url("${secret}"); rect { fill: url(${secret}) }</style>`,
      `<use href="${secret}#x"/>`,
    ];
    for (const ref of refs) {
      // A copy of the built site, its other caches warm, without the images: each is drawn again, from the new logo.
      const attack = cloneSite(clean);
      for (const drawn of ['node_modules/.cache/docsgen/social-images', 'dist'])
        rmSync(path.join(attack, drawn), { recursive: true, force: true });
      writeFileSync(
        path.join(attack, 'public/img/logo.svg'),
        LOGO.replace('<svg ', '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ').replace('</svg>', `${ref}</svg>`),
      );
      await build(attack);
      expect(imageOf(attack, 'index.html').equals(imageOf(clean, 'index.html')), ref).toBe(true);
    }
  });

  it('a logo over 1 MB, or a PNG whose header claims a huge size, is left out with a warning on the file; the build goes on', async () => {
    const big = site({ logo: LOGO.replace('</svg>', `<!--${'x'.repeat(1024 * 1024)}--></svg>`) });
    const built = await build(big);
    expect(built.stderr).toContain('public/img/logo.svg');
    expect(built.stderr).toMatch(
      /the social images are drawn without the logo: public\/img\/logo\.svg is \d+ KB, more than 1024 KB\s+\[social-image-logo\]/,
    );
    expect(pngSize(imageOf(big, 'index.html'))).toEqual({ width: 1200, height: 630 });

    const header = Buffer.alloc(13);
    header.writeUInt32BE(100_000, 0);
    header.writeUInt32BE(100_000, 4);
    header[8] = 8;
    header[9] = 6;
    const chunk = (type: string, data: Buffer) =>
      Buffer.concat([Buffer.from([0, 0, 0, data.length]), Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const huge = site({ logo: bomb, logoName: 'logo.png' });
    const hugeBuilt = await build(huge);
    expect(hugeBuilt.stderr).toContain('public/img/logo.png is 100000x100000 pixels, more than 4096 on a side');
    expect(pngSize(imageOf(huge, 'index.html'))).toEqual({ width: 1200, height: 630 });
  });
});
