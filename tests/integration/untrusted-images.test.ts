import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import fg from 'fast-glob';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCli } from '../helpers/run-cli.js';
import { expectCheckOutcome, expectTokenNowhere } from '../helpers/untrusted-files.js';

/**
 * Issue 27: what a page names as an image, a poster, a `srcset` candidate or
 * a video or audio source is published on the site's origin. It must be a
 * file of the docs folder or a static folder (by real path: never `.env`,
 * the config or `src/` beside them), and be what the reference says by its
 * bytes: HTML, XHTML or an SVG with script would run as the site when the
 * asset is opened or framed. Each case runs `build` and `check`; a secret
 * beside the config (in `.env`, the config and `src/`) is never in dist/.
 */

const GUIDES = 'content/docs/guides';
const PAGE = `${GUIDES}/pictures.md`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
const MP4 = Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0mp42isom\0\0\0\x08free', 'latin1');
const HTML = '<!doctype html><html><body><script>alert(document.domain)</script></body></html>\n';
const XHTML =
  '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(document.domain)</script></body></html>\n';
const SVG_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>\n';
const SVG_ONLOAD =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><rect width="1" height="1"/></svg>\n';
const CLEAN_SVG =
  '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4"/></svg>\n';

const IMAGE_HINT =
  '    hint: images are recognised by their contents, not their names: use a file in one of the formats browsers show (PNG, JPEG, GIF, WebP, AVIF, ICO, BMP or SVG)';
const SVG_HINT =
  "    hint: an SVG is published on the site's origin, where its script would run: remove scripts, event handlers, foreignObject, javascript: links and DOCTYPE entities (an editor's plain-SVG export does), or use a PNG";
const FOLDERS_HINT =
  '    hint: content can only use files in content/docs/ and public/: put the image next to the page or in a static folder (public/)';

/** The secret of each site, kept by site root: in `.env`, in the config (a comment) and in `src/`. */
const secrets = new Map<string, string>();
const secretOf = (root: string) => {
  let token = secrets.get(root);
  if (!token) {
    token = `docsgen-secret-${randomBytes(8).toString('hex')}`;
    secrets.set(root, token);
    writeFileSync(path.join(root, '.env'), `API_TOKEN=${token}\n`);
    appendFileSync(path.join(root, 'build.config.ts'), `// deploy key: ${token}\n`);
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src/secret.ts'), `export const key = '${token}';\n`);
  }
  return token;
};
/** Files next to the page (and the secret made), then the page itself. */
const site =
  (page: string, files: Record<string, string | Buffer> = {}) =>
  (root: string) => {
    secretOf(root);
    for (const [name, contents] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), contents);
    }
    writeFileSync(path.join(root, PAGE), `# Pictures\n\n${page}`);
  };
const error = (line: number, column: number, message: string) => `error  ${PAGE}:${line}:${column}  ${message}`;
const outsideContent = (what: string, url: string, real: string) =>
  `${what} not allowed: ${url} resolves to ${real}, outside the folders content may use (content/docs/ and public/)  [file-outside-content]`;
const assetsOf = (root: string) => readdirSync(path.join(root, 'dist/assets/images')).sort();

const cases: BadInputCase[] = [
  {
    name: 'an HTML page named as an image (![y](./evil.html))',
    apply: site('![y](./evil.html)\n', { [`${GUIDES}/evil.html`]: HTML }),
    code: 1,
    lines: [
      error(
        3,
        1,
        './evil.html is markup (HTML, XHTML or XML), not an image: its root element is <html>, not <svg>  [not-an-image]',
      ),
      IMAGE_HINT,
    ],
    absent: ['[broken-link]'],
  },
  {
    name: 'an SVG with a <script> (![y](./evil.svg))',
    apply: site('![y](./evil.svg)\n', { [`${GUIDES}/evil.svg`]: SVG_SCRIPT }),
    code: 1,
    lines: [
      error(3, 1, './evil.svg is an SVG that could run script: it has a <script> element  [unsafe-svg]'),
      SVG_HINT,
    ],
    absent: ['[broken-link]'],
  },
  {
    name: 'an SVG with an onload handler',
    apply: site('![y](./evil.svg)\n', { [`${GUIDES}/evil.svg`]: SVG_ONLOAD }),
    code: 1,
    lines: [error(3, 1, './evil.svg is an SVG that could run script: it has an event handler (onload)  [unsafe-svg]')],
  },
  {
    name: 'an XHTML document named .png (bytes win over the name)',
    apply: site('![y](./shot.png)\n', { [`${GUIDES}/shot.png`]: XHTML }),
    code: 1,
    lines: [
      error(
        3,
        1,
        './shot.png is markup (HTML, XHTML or XML), not an image: its root element is <html>, not <svg>  [not-an-image]',
      ),
    ],
  },
  {
    name: 'an HTML file named .png, in public/ and named by a site path',
    apply: site('![y](/img/shot.png)\n', { 'public/img/shot.png': '<script>alert(document.domain)</script>\n' }),
    code: 1,
    lines: [
      error(
        3,
        1,
        '/img/shot.png is markup (HTML, XHTML or XML), not an image: its root element is <script>, not <svg>  [not-an-image]',
      ),
    ],
  },
  {
    name: 'an <img srcset> candidate that is an SVG with script',
    apply: site('<img src="./ok.png" srcset="./ok.png 1x, ./evil.svg 2x" alt="y" />\n', {
      [`${GUIDES}/ok.png`]: PNG,
      [`${GUIDES}/evil.svg`]: SVG_SCRIPT,
    }),
    code: 1,
    lines: [error(3, 1, './evil.svg is an SVG that could run script: it has a <script> element  [unsafe-svg]')],
  },
  {
    name: 'a <video poster> that is HTML',
    apply: site('<video src="./clip.mp4" poster="./poster.html"></video>\n', {
      [`${GUIDES}/clip.mp4`]: MP4,
      [`${GUIDES}/poster.html`]: HTML,
    }),
    code: 1,
    lines: [
      error(
        3,
        1,
        './poster.html is markup (HTML, XHTML or XML), not an image: its root element is <html>, not <svg>  [not-an-image]',
      ),
    ],
  },
  {
    name: 'a <video><source src> that is HTML named .mp4',
    apply: site('<video controls>\n  <source src="./clip.mp4" type="video/mp4" />\n</video>\n', {
      [`${GUIDES}/clip.mp4`]: HTML,
    }),
    code: 1,
    lines: [
      error(4, 3, './clip.mp4 is markup (HTML, XHTML or XML), not a video or audio file  [not-audio-or-video]'),
      '    hint: video and audio are recognised by their contents, not their names: use a file in one of the formats browsers play (MP4, WebM, Ogg, MP3, AAC, FLAC or WAV)',
    ],
  },
  {
    name: "the site root's .env as an image (![a](../../../.env))",
    apply: site('![a](../../../.env)\n'),
    code: 1,
    lines: [error(3, 1, outsideContent('image', '../../../.env', '.env')), FOLDERS_HINT],
    absent: ['[broken-link]'],
  },
  {
    name: 'the config as an <img src> (<img src="../../../build.config.ts">)',
    apply: site('<img src="../../../build.config.ts" alt="c" />\n'),
    code: 1,
    lines: [error(3, 1, outsideContent('image', '../../../build.config.ts', 'build.config.ts'))],
  },
  {
    name: 'a src/ file as an image',
    apply: site('![s](../../../src/secret.ts)\n'),
    code: 1,
    lines: [error(3, 1, outsideContent('image', '../../../src/secret.ts', 'src/secret.ts'))],
  },
  {
    name: '.env as a srcset candidate, a poster and a video source',
    apply: site(
      '<img srcset="../../../.env 2x" alt="a" />\n\n<video poster="../../../.env">\n  <source src="../../../.env" />\n</video>\n',
    ),
    code: 1,
    lines: [
      error(3, 1, outsideContent('image', '../../../.env', '.env')),
      error(5, 1, outsideContent('image', '../../../.env', '.env')),
      error(6, 3, outsideContent('video or audio file', '../../../.env', '.env')),
    ],
  },
  {
    name: 'a symlink in the docs folder to .env (the real path decides)',
    apply: (root) => {
      site('![a](./env.png)\n')(root);
      symlinkSync('../../../.env', path.join(root, GUIDES, 'env.png'));
    },
    code: 1,
    lines: [error(3, 1, outsideContent('image', './env.png', '.env'))],
  },
  {
    name: 'a page restored from a cache that names .env as its image (the cache is checked again, never trusted)',
    apply: (root) => {
      site('![y](./shot.png)\n', { [`${GUIDES}/shot.png`]: PNG })(root);
      // In a process (runCli, synchronous), though nothing here is about one: a case's apply is synchronous (applyCase).
      const warm = runCli(['build', '--root', root]);
      if (warm.code !== 0) throw new Error(`the page with its image did not build:\n${warm.stderr}`);
      // The cached page keeps its HTML, but its list of files to copy now names the secret.
      for (const entry of fg.sync('node_modules/.cache/docsgen/pages/**/*.json', { cwd: root, absolute: true })) {
        const page = JSON.parse(readFileSync(entry, 'utf8'));
        if (Object.keys(page.assets ?? {}).length === 0) continue;
        page.assets = Object.fromEntries(Object.values(page.assets).map((out) => [path.join(root, '.env'), out]));
        writeFileSync(entry, JSON.stringify(page));
      }
    },
    code: 1,
    lines: [
      'error  .env  image not allowed: it resolves to .env, outside the folders content may use (content/docs/ and public/)  [file-outside-content]',
    ],
  },
  {
    name: 'a download link to .env (links are never read or copied: a broken link)',
    apply: site('<a href="../../../.env" download>settings</a>\n'),
    code: 1,
    lines: [
      `warning  ${PAGE}:3:1  removed the download attribute of <a> (not allowed in pages)  [unsafe-html]`,
      error(3, 1, 'broken link → /.env  [broken-link]'),
    ],
  },
  {
    name: 'a PNG named .html is published as the PNG it is (bytes win over the name)',
    apply: site('![y](./shot.html)\n', { [`${GUIDES}/shot.html`]: PNG }),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const [asset] = assetsOf(root);
      expect(asset).toMatch(/^shot-[0-9a-f]{8}\.png$/);
      expect(readFileSync(path.join(root, 'dist/assets/images', asset))).toEqual(PNG);
      expect(readFileSync(path.join(root, 'dist/docs/guides/pictures/index.html'), 'utf8')).toContain(
        `<img src="/assets/images/${asset}" alt="y" width="3" height="2"`,
      );
    },
  },
  {
    name: 'a clean SVG is published as rebuilt from the tree that was checked',
    apply: site('![y](./drawing.svg)\n', { [`${GUIDES}/drawing.svg`]: CLEAN_SVG }),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const [asset] = assetsOf(root);
      expect(asset).toMatch(/^drawing-[0-9a-f]{8}\.svg$/);
      expect(readFileSync(path.join(root, 'dist/assets/images', asset), 'utf8')).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle cx="4" cy="4" r="4"></circle></svg>',
      );
    },
  },
  {
    name: 'an image named directly and through a symlink in the docs folder is one asset, and no broken link',
    apply: (root) => {
      site('![a](./shot.png)\n\n![b](./alias.png)\n\n![c](./shots/again.png)\n', { [`${GUIDES}/shot.png`]: PNG })(root);
      symlinkSync('shot.png', path.join(root, GUIDES, 'alias.png'));
      mkdirSync(path.join(root, GUIDES, 'shots'));
      symlinkSync('../shot.png', path.join(root, GUIDES, 'shots/again.png'));
    },
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const assets = assetsOf(root);
      expect(assets).toEqual([expect.stringMatching(/^shot-[0-9a-f]{8}\.png$/)]);
      const html = readFileSync(path.join(root, 'dist/docs/guides/pictures/index.html'), 'utf8');
      expect(html.match(/<img src="[^"]*"/g)).toEqual(Array(3).fill(`<img src="/assets/images/${assets[0]}"`));
    },
  },
  {
    name: 'srcset candidates, a poster and a video source next to the page are published like images',
    apply: site(
      '<img src="./shot.png" srcset="./shot.png 1x, ./big.png 2x" alt="y" />\n\n<video poster="./shot.png">\n  <source src="./clip.mp4" type="video/mp4" />\n</video>\n',
      {
        [`${GUIDES}/shot.png`]: PNG,
        [`${GUIDES}/big.png`]: PNG,
        [`${GUIDES}/clip.mp4`]: MP4,
      },
    ),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      expect(assetsOf(root)).toEqual([
        expect.stringMatching(/^big-[0-9a-f]{8}\.png$/),
        expect.stringMatching(/^clip-[0-9a-f]{8}\.mp4$/),
        expect.stringMatching(/^shot-[0-9a-f]{8}\.png$/),
      ]);
      const html = readFileSync(path.join(root, 'dist/docs/guides/pictures/index.html'), 'utf8');
      expect(html).toMatch(
        /srcset="\/assets\/images\/shot-[0-9a-f]{8}\.png 1x, \/assets\/images\/big-[0-9a-f]{8}\.png 2x"/,
      );
      expect(html).toMatch(/poster="\/assets\/images\/shot-[0-9a-f]{8}\.png"/);
      expect(html).toMatch(/<source src="\/assets\/images\/clip-[0-9a-f]{8}\.mp4"/);
    },
  },
];

describe.concurrent('what content names as an image or a source is a file of its folders, and what its bytes say', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)(
    'build: $name',
    async (c) => {
      let root = '';
      await expectBuildOutcome(base, {
        ...c,
        apply: (r) => {
          root = r;
          return c.apply(r);
        },
      });
      expectTokenNowhere(path.join(root, 'dist'), secretOf(root));
    },
    60_000,
  );

  it.each(cases)(
    'check: $name',
    async (c) => {
      let root = '';
      const output = await expectCheckOutcome(base, {
        ...c,
        apply: (r) => {
          root = r;
          return c.apply(r);
        },
      });
      expect(output).not.toContain(secretOf(root));
    },
    60_000,
  );
});
