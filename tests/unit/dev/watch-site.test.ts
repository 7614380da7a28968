import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchSite, type SiteWatcher } from '../../../cli/dev/watch-site.js';
import { createFileRule } from '../../../cli/files/site-files.js';

const tempDir = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));

describe('watchSite in content folders: links the file rule refuses are not followed', () => {
  let watcher: SiteWatcher | undefined;
  afterEach(async () => {
    await watcher?.close();
    watcher = undefined;
  });

  /** Watches the site's public/ (as dev does) and collects every change. */
  const watchPublic = async (root: string) => {
    const changes: string[] = [];
    const publicDir = path.join(root, 'public');
    watcher = await watchSite([publicDir], (files) => changes.push(...files), {
      content: { rule: createFileRule(root), dirs: [publicDir] },
    });
    /** Resolves once `file` was reported: changes made before it would have been reported by then too. */
    const seen = (file: string) => expect.poll(() => changes, { timeout: 60_000, interval: 20 }).toContain(file);
    return { changes, seen };
  };

  it('does not watch what a link out of the root leads to, and sees the link removed', async () => {
    const root = tempDir('docsgen-watch-');
    const outside = tempDir('docsgen-outside-');
    mkdirSync(path.join(root, 'public'));
    symlinkSync(outside, path.join(root, 'public/outside'));
    const { changes, seen } = await watchPublic(root);

    writeFileSync(path.join(outside, 'secret.txt'), 'x');
    writeFileSync(path.join(root, 'public/a.txt'), 'a');
    await seen(path.join(root, 'public/a.txt'));
    expect(changes.filter((file) => file.includes('secret'))).toEqual([]);

    rmSync(path.join(root, 'public/outside'));
    await seen(path.join(root, 'public/outside'));
  });

  it('does not watch a public/ that is itself a link out of the root, and sees it replaced', async () => {
    const root = tempDir('docsgen-watch-');
    const outside = tempDir('docsgen-outside-');
    symlinkSync(outside, path.join(root, 'public'));
    const { changes, seen } = await watchPublic(root);

    writeFileSync(path.join(outside, 'secret.txt'), 'x');
    rmSync(path.join(root, 'public'));
    mkdirSync(path.join(root, 'public'));
    await seen(path.join(root, 'public'));
    expect(changes.filter((file) => file.includes('secret'))).toEqual([]);
    // Now a real folder: watched like any other.
    writeFileSync(path.join(root, 'public/b.txt'), 'b');
    await seen(path.join(root, 'public/b.txt'));
  });

  it('still follows a link that stays inside the root', async () => {
    const root = tempDir('docsgen-watch-');
    mkdirSync(path.join(root, 'static'));
    symlinkSync('static', path.join(root, 'public'));
    const { seen } = await watchPublic(root);
    writeFileSync(path.join(root, 'static/c.txt'), 'c');
    await seen(path.join(root, 'public/c.txt'));
  });
});
