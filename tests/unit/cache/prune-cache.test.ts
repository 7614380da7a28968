import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDirOf } from '../../../cli/cache/cache-folder.js';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { snapshotTree } from '../../helpers/bad-input.js';
import { tempDir } from '../../helpers/run-cli.js';

/** Every file under the cache folder, relative to it. */
const entries = (dir: string) => Object.keys(snapshotTree(dir)).sort();

describe('pruning the cache after a build', () => {
  it('keeps exactly the entries the last run looked up or stored, of every kind, and the self-managed files', () => {
    const root = tempDir();
    const dir = cacheDirOf(root);
    const first = new DiskCache(dir);
    for (const key of ['aa01', 'bb02', 'cc03']) first.set('pages', key, { key });
    for (const key of ['dd04', 'ee05']) {
      first.setText('shells', key, `<p>${key}</p>`);
      first.set('shells', key, { length: 11 });
    }
    mkdirSync(path.join(dir, 'api'), { recursive: true });
    for (const name of ['api-lib-old.json', 'api-lib-new.json']) writeFileSync(path.join(dir, 'api', name), '{}');
    writeFileSync(path.join(dir, 'external-links.json'), '{}');
    mkdirSync(path.join(dir, 'dev-theme'));
    writeFileSync(path.join(dir, 'dev-theme', 'render-1.mjs'), '');
    mkdirSync(path.join(dir, 'from-an-older-docsgen'));
    writeFileSync(path.join(dir, 'from-an-older-docsgen', 'x.json'), '{}');

    // The next run: one page hit, one miss stored anew, a rendered page kept without reading it, the API model it read.
    const next = new DiskCache(dir);
    expect(next.get('pages', 'aa01')).toEqual({ key: 'aa01' });
    expect(next.get('pages', 'ff06')).toBeUndefined();
    next.set('pages', 'ff06', { key: 'ff06' });
    next.keep('shells', 'ee05');
    next.markUsed(path.join(dir, 'api', 'api-lib-new.json'));
    next.prune();

    expect(entries(dir)).toEqual([
      'api/api-lib-new.json',
      'dev-theme/render-1.mjs',
      'external-links.json',
      'pages/aa/aa01.json',
      'pages/ff/ff06.json',
      'shells/ee/ee05.json',
      'shells/ee/ee05.txt',
    ]);
  });

  it('a run with --no-cache (no lookups answered) still keeps what it stored', () => {
    const root = tempDir();
    const dir = cacheDirOf(root);
    new DiskCache(dir).set('pages', 'aa01', 1);
    const cold = new DiskCache(dir, false);
    expect(cold.get('pages', 'aa01')).toBeUndefined();
    cold.set('pages', 'aa01', 2);
    cold.set('pages', 'bb02', 3);
    cold.prune();
    expect(entries(dir)).toEqual(['pages/aa/aa01.json', 'pages/bb/bb02.json']);
  });

  it('removes a symlink inside the cache as a link: what it points to is left alone', () => {
    const root = tempDir();
    const dir = cacheDirOf(root);
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'precious.txt'), 'keep me');
    const cache = new DiskCache(dir);
    mkdirSync(path.join(dir, 'pages', 'aa'), { recursive: true });
    symlinkSync(outside, path.join(dir, 'pages', 'aa', 'aa01.json.d'));
    symlinkSync(outside, path.join(dir, 'pages', 'zz'));
    cache.prune();
    expect(readdirSync(dir)).toEqual([]);
    expect(readdirSync(outside)).toEqual(['precious.txt']);
  });

  it('removes nothing when the cache folder, or a folder on the way to it, is a symlink (it could lead anywhere)', () => {
    for (const linked of ['node_modules/.cache/docsgen', 'node_modules']) {
      const root = tempDir();
      const outside = tempDir('docsgen-outside-');
      const target = linked === 'node_modules' ? outside : path.join(outside, 'cache');
      mkdirSync(linked === 'node_modules' ? path.join(outside, '.cache', 'docsgen') : target, { recursive: true });
      const precious =
        linked === 'node_modules'
          ? path.join(outside, '.cache', 'docsgen', 'precious.txt')
          : path.join(target, 'precious.txt');
      writeFileSync(precious, 'keep me');
      mkdirSync(path.dirname(path.join(root, linked)), { recursive: true });
      symlinkSync(target, path.join(root, linked));
      new DiskCache(cacheDirOf(root)).prune();
      expect(existsSync(precious), linked).toBe(true);
    }
  });

  it('keeps the cache in the site when node_modules is a symlink, and removes nothing when .cache there is one too', () => {
    const root = tempDir();
    const shared = tempDir('docsgen-shared-');
    symlinkSync(shared, path.join(root, 'node_modules'));
    expect(cacheDirOf(root)).toBe(path.join(root, '.cache', 'docsgen'));
    const outside = tempDir('docsgen-outside-');
    mkdirSync(path.join(outside, 'docsgen'));
    writeFileSync(path.join(outside, 'docsgen', 'precious.txt'), 'keep me');
    symlinkSync(outside, path.join(root, '.cache'));
    new DiskCache(cacheDirOf(root)).prune();
    expect(readdirSync(path.join(outside, 'docsgen'))).toEqual(['precious.txt']);
  });
});
