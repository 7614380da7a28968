/**
 * What a page may publish by naming a file (issue 27): only files in the docs folder and the static
 * folders, by real path, and only what they are by their bytes, under a name whose extension says so.
 */
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { contentAssetPath, vetContentFile } from '../../../cli/files/content-assets.js';
import { checkContentFile } from '../../../cli/files/content-folders.js';
import { createFileRule } from '../../../cli/files/site-files.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-assets-')));
const file = (relative: string, contents: string | Buffer) => {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, contents);
  return full;
};
const folders = { rule: createFileRule(root), folders: [path.join(root, 'content/docs'), path.join(root, 'public')] };

describe('checkContentFile: the content folders', () => {
  file('.env', 'SECRET=1\n');
  file('build.config.ts', 'export default {};\n');
  file('src/theme.ts', 'export {};\n');
  const shot = file('content/docs/guides/shot.png', PNG);
  const logo = file('public/img/logo.png', PNG);
  symlinkSync('../../../.env', path.join(root, 'content/docs/guides/env.png'));
  symlinkSync('shot.png', path.join(root, 'content/docs/guides/alias.png'));

  it('allows files of the docs folder and the static folders, by their real paths', () => {
    expect(checkContentFile(folders, shot)).toEqual({ kind: 'ok', real: shot });
    expect(checkContentFile(folders, logo)).toEqual({ kind: 'ok', real: logo });
    expect(checkContentFile(folders, path.join(root, 'content/docs/guides/alias.png'))).toEqual({
      kind: 'ok',
      real: shot,
    });
  });

  it.each([['.env'], ['build.config.ts'], ['src/theme.ts'], ['content/docs/guides/env.png']])(
    'refuses %s, inside the root but outside the content folders',
    (relative) => {
      expect(checkContentFile(folders, path.join(root, relative))).toMatchObject({ kind: 'elsewhere' });
    },
  );
});

describe('vetContentFile: what a file is, by its bytes', () => {
  it('publishes an image as it is, under a name from its real path with the extension of its format', () => {
    const real = file('content/docs/evil.html', PNG);
    const vetted = vetContentFile(real, 'image');
    expect(vetted).toMatchObject({ ok: true, type: { name: 'PNG' } });
    expect(vetted.ok && Buffer.from(vetted.bytes)).toEqual(PNG);
    expect(vetted.ok && contentAssetPath(real, vetted)).toMatch(/^assets\/images\/evil-[0-9a-f]{8}\.png$/);
  });

  it('publishes an SVG as rebuilt from the tree it checked', () => {
    const vetted = vetContentFile(
      file(
        'content/docs/d.svg',
        '<?xml version="1.0"?><!-- c --><svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>\n',
      ),
      'image',
    );
    expect(vetted.ok && Buffer.from(vetted.bytes).toString()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>',
    );
  });

  it.each([
    [
      'HTML named .png',
      'html.png',
      '<script>alert(1)</script>',
      'not-an-image',
      'is markup (HTML, XHTML or XML), not an image: its root element is <script>, not <svg>',
    ],
    [
      'XHTML named .png',
      'xhtml.png',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>',
      'not-an-image',
      'is markup (HTML, XHTML or XML), not an image: its root element is <html>, not <svg>',
    ],
    [
      'an SVG with a script',
      'evil.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'unsafe-svg',
      'is an SVG that could run script: it has a <script> element',
    ],
    [
      'text',
      'notes.gif',
      'SECRET=1\n',
      'not-an-image',
      'is not in a format browsers show as an image (PNG, JPEG, GIF, WebP, AVIF, ICO, BMP or SVG)',
    ],
    [
      'a video named .png',
      'clip.png',
      Buffer.from('\0\0\0\x14ftypisom\0\0\0\0isom', 'latin1'),
      'not-an-image',
      'is a video or audio file (MP4), not an image',
    ],
  ])('refuses %s as an image', (_, name, contents, rule, reason) => {
    expect(vetContentFile(file(`content/docs/${name}`, contents), 'image')).toEqual({
      ok: false,
      rule,
      reason,
      hint: expect.any(String),
    });
  });

  it('refuses markup and images as a video or audio source', () => {
    expect(
      vetContentFile(file('content/docs/clip.mp4', '<html><script>alert(1)</script></html>'), 'media'),
    ).toMatchObject({
      ok: false,
      rule: 'not-audio-or-video',
      reason: 'is markup (HTML, XHTML or XML), not a video or audio file',
    });
    expect(vetContentFile(file('content/docs/poster.mp4', PNG), 'media')).toMatchObject({
      ok: false,
      rule: 'not-audio-or-video',
      reason: 'is an image (PNG), not a video or audio file',
    });
  });

  it('reads no folder and no FIFO (a read would block)', () => {
    mkdirSync(path.join(root, 'content/docs/folder.png'), { recursive: true });
    expect(vetContentFile(path.join(root, 'content/docs/folder.png'), 'image')).toMatchObject({
      ok: false,
      reason: 'is not a file',
    });
    const fifo = path.join(root, 'content/docs/pipe.png');
    execFileSync('mkfifo', [fifo]);
    expect(vetContentFile(fifo, 'image')).toMatchObject({ ok: false, reason: 'is not a file' });
  });
});
