import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openOutput } from '../../../cli/write/write-site.js';
import { tempDir } from '../../helpers/run-cli.js';

// A file system without hard links (FAT, some network and FUSE mounts): link fails as it does there.
vi.mock('node:fs/promises', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  link: async () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  },
}));

describe('an output on a file system that cannot hard-link', () => {
  it('copies the unchanged files from the previous output instead, and the next build still finds them unchanged', async () => {
    const root = tempDir('docsgen-nolink-');
    mkdirSync(path.join(root, 'public'));
    const out = path.join(root, 'dist');
    const write = async (files: Record<string, string>) => {
      const output = await openOutput(out, { root, protectedDirs: [] }, [], { cacheDir: path.join(root, 'cache') });
      for (const [name, contents] of Object.entries(files)) await output.write(name, contents);
      await output.commit();
    };
    await write({ 'same.html': 'same', 'changed.html': 'v1' });
    const first = lstatSync(path.join(out, 'same.html')).ino;
    await write({ 'same.html': 'same', 'changed.html': 'v2' });
    // A copy (a new inode), not a link.
    expect(lstatSync(path.join(out, 'same.html')).ino).not.toBe(first);
    expect(readFileSync(path.join(out, 'same.html'), 'utf8')).toBe('same');
    expect(readFileSync(path.join(out, 'changed.html'), 'utf8')).toBe('v2');
    const dir = lstatSync(out).ino;
    await write({ 'same.html': 'same', 'changed.html': 'v2' });
    expect(lstatSync(out).ino).toBe(dir);
    expect(readdirSync(root).sort()).toEqual(['cache', 'dist', 'public']);
  });
});
