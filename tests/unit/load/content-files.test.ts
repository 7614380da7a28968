import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGES_DIR, createFileRule, recheckContentImages } from '../../../cli/content-files.js';

describe('recheckContentImages: the last check before content images are copied', () => {
  it('refuses an image that became a symlink out of the site root, and copies the others from their real paths', () => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-recheck-')));
    const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-')));
    mkdirSync(path.join(root, 'content'));
    writeFileSync(path.join(outside, 'secret.png'), 'secret');
    writeFileSync(path.join(root, 'content/real.png'), 'png');
    symlinkSync(path.join(root, 'content/real.png'), path.join(root, 'content/alias.png'));
    symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'content/shot.png'));
    const copies = new Map([
      [path.join(root, 'content/shot.png'), `${CONTENT_IMAGES_DIR}shot-1.png`],
      [path.join(root, 'content/alias.png'), `${CONTENT_IMAGES_DIR}alias-2.png`],
    ]);

    const result = recheckContentImages(copies, createFileRule(root));

    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', rule: 'file-outside-root', file: 'content/shot.png', message: `image not allowed: it resolves to ${path.join(outside, 'secret.png')}, outside the site root` }),
    ]);
    expect([...result.copies]).toEqual([[path.join(root, 'content/real.png'), `${CONTENT_IMAGES_DIR}alias-2.png`]]);
  });
});
