import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_IMAGES_DIR,
  createFileRule,
  readCheckedCopy,
  recheckContentCopies,
} from '../../../cli/files/content-files.js';
import { contentAssetPath, vetContentFile } from '../../../cli/files/content-assets.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);

/** A site with content/docs and public/, a secret beside the config, and the folders content may use. */
function makeSite() {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-recheck-')));
  const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-')));
  mkdirSync(path.join(root, 'content/docs'), { recursive: true });
  mkdirSync(path.join(root, 'public'));
  writeFileSync(path.join(root, '.env'), 'SECRET=1\n');
  writeFileSync(path.join(outside, 'secret.png'), 'secret');
  writeFileSync(path.join(root, 'content/docs/real.png'), PNG);
  const folders = { rule: createFileRule(root), folders: [path.join(root, 'content/docs'), path.join(root, 'public')] };
  const docs = (name: string) => path.join(root, 'content/docs', name);
  return { root, outside, folders, docs };
}

/** Where a page compiled now would publish a file (as link-media.ts names it). */
function assetOf(real: string): string {
  const vetted = vetContentFile(real, 'image');
  if (!vetted.ok) throw new Error(vetted.reason);
  return contentAssetPath(real, vetted);
}

describe('recheckContentCopies: the last check before content files are published', () => {
  it('refuses a file that became a symlink out of the site root, and checks the others from their real paths', () => {
    const { outside, folders, docs } = makeSite();
    symlinkSync(docs('real.png'), docs('alias.png'));
    symlinkSync(path.join(outside, 'secret.png'), docs('shot.png'));
    const good = assetOf(docs('real.png'));
    const copies = new Map([
      [docs('shot.png'), `${CONTENT_IMAGES_DIR}shot-1.png`],
      [docs('alias.png'), good],
    ]);

    const result = recheckContentCopies(copies, folders);

    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'file-outside-root',
        file: 'content/docs/shot.png',
        message: `image not allowed: it resolves to ${path.join(outside, 'secret.png')}, outside the site root`,
      }),
    ]);
    expect(result.checked).toEqual([
      { real: docs('real.png'), out: good, hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
  });

  it('refuses what a cached page names outside the content folders, or as an image it is not', () => {
    const { root, folders, docs } = makeSite();
    writeFileSync(docs('evil.png'), '<html><script>alert(1)</script></html>');
    const copies = new Map([
      [path.join(root, '.env'), `${CONTENT_IMAGES_DIR}.env-12345678.png`],
      [docs('evil.png'), `${CONTENT_IMAGES_DIR}evil-12345678.png`],
      [docs('real.png'), `${CONTENT_IMAGES_DIR}real-12345678.html`],
    ]);

    const result = recheckContentCopies(copies, folders);

    expect(result.checked).toEqual([]);
    expect(result.diagnostics.map((d) => [d.file, d.rule, d.message])).toEqual([
      [
        '.env',
        'file-outside-content',
        'image not allowed: it resolves to .env, outside the folders content may use (content/docs/ and public/)',
      ],
      [
        'content/docs/evil.png',
        'not-an-image',
        'the file is markup (HTML, XHTML or XML), not an image: its root element is <html>, not <svg>',
      ],
      [
        'content/docs/real.png',
        'not-an-image',
        `not published as ${CONTENT_IMAGES_DIR}real-12345678.html: no image, video or audio file has that extension`,
      ],
    ]);
  });

  it('refuses a file whose bytes changed since its page was compiled (the hash in its name)', () => {
    const { folders, docs } = makeSite();
    const result = recheckContentCopies(
      new Map([[docs('real.png'), `${CONTENT_IMAGES_DIR}real-00000000.png`]]),
      folders,
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        rule: 'file-changed',
        message: expect.stringMatching(
          /^changed since its page was compiled \(it would be assets\/images\/real-[0-9a-f]{8}\.png, not assets\/images\/real-00000000\.png\)$/,
        ),
      }),
    ]);
  });

  it('writes exactly the bytes it checked, and refuses to write a file changed since', () => {
    const { folders, docs } = makeSite();
    const [copy] = recheckContentCopies(new Map([[docs('real.png'), assetOf(docs('real.png'))]]), folders).checked;
    expect(Buffer.from(readCheckedCopy(copy, folders))).toEqual(PNG);
    writeFileSync(docs('real.png'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(() => readCheckedCopy(copy, folders)).toThrow(
      'content/docs/real.png changed while the site was being written',
    );
  });
});
