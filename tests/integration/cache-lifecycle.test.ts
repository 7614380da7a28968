import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheDirOf } from '../../cli/cache/cache-folder.js';
import { build } from '../../cli/commands/build.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, tempDir } from '../helpers/run-cli.js';

/** Every file of the site's cache, relative to the cache folder, with its modification time. */
function cacheFiles(root: string): Map<string, number> {
  const dir = cacheDirOf(root);
  const files = new Map<string, number>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), statSync(file).mtimeMs);
  }
  return files;
}
const under = (files: Map<string, number>, namespace: string) =>
  [...files.keys()].filter((file) => file.startsWith(namespace + path.sep));

describe('the cache prunes itself', () => {
  it('after builds that changed a page many times and removed pages, it holds only what the last build used', async () => {
    const root = copySite('minimal');
    const guides = path.join(root, 'content/docs/guides');
    const intro = path.join(guides, 'intro.md');
    const original = readFileSync(intro, 'utf8');
    for (let i = 0; i < 5; i++) writeFileSync(path.join(guides, `extra-${i}.md`), `# Extra ${i}\n\nText ${i}.\n`);
    expect((await build({ root })).ok).toBe(true);
    const firstPages = under(cacheFiles(root), 'pages');
    expect(firstPages).toHaveLength(7);
    for (let edit = 1; edit <= 4; edit++) {
      writeFileSync(intro, `${original}\nEdit number ${edit}.\n`);
      expect((await build({ root })).ok).toBe(true);
    }
    for (let i = 0; i < 5; i++) rmSync(path.join(guides, `extra-${i}.md`));
    expect((await build({ root })).ok).toBe(true);

    const files = cacheFiles(root);
    // Two docs, one search index: nothing of the earlier versions of intro.md or of the removed pages.
    expect(firstPages).not.toEqual(expect.arrayContaining(under(files, 'pages')));
    expect(under(files, 'pages')).toHaveLength(2);
    expect(new Set(under(files, 'search').map((file) => path.dirname(file))).size).toBe(1);
  });

  it('an identical second build is served from the cache: no entry is written again, none added', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const before = cacheFiles(root);
    expect(under(before, 'pages')).toHaveLength(2);
    expect((await build({ root })).ok).toBe(true);
    expect(cacheFiles(root)).toEqual(before);
  });

  it('a build with errors prunes nothing (it may have skipped stages whose entries the next build needs)', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const before = cacheFiles(root);
    const second = path.join(root, 'content/docs/guides/second.md');
    writeFileSync(second, readFileSync(second, 'utf8') + '\n[gone](/docs/gone)\n');
    expect((await build({ root })).ok).toBe(false);
    for (const file of before.keys()) expect(cacheFiles(root).has(file), file).toBe(true);
  });
});

// clear and its builds run in the test process (in-process-cli.ts): what they remove, keep and print is the point.
describe('docsgen clear', () => {
  it('removes the cache folder and says what it removed and how much; exit 0, also when there is nothing left', async () => {
    const root = copySite('minimal');
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(0);
    writeFileSync(path.join(cacheDirOf(root), 'external-links.json'), '{"alive":{}}');
    const { code, stdout } = await runCliInProcess(['clear', '--root', root]);
    expect(code).toBe(0);
    // The site is in the temporary folder, outside the current one: the cache is named in full.
    const shown = cacheDirOf(root);
    const lines = stdout.split('\n');
    // One line per part of the cache, by name, in aligned columns; then the total.
    const parts = lines.slice(0, -2);
    expect(parts).toContain('  external-links.json  1 file, 12 B');
    // output/ holds the manifest of dist/: what the build wrote, so the next one need not write it again.
    expect(parts).toContainEqual(expect.stringMatching(/^ {2}output {15}1 file, \d\.\d KB$/));
    expect(parts).toContainEqual(expect.stringMatching(/^ {2}client {15}1 file, \d+\.\d KB$/));
    expect(parts).toContainEqual(expect.stringMatching(/^ {2}front-matter {9}1 file, \d+ B$/));
    expect(parts).toContainEqual(expect.stringMatching(/^ {2}pages {16}2 files, \d\.\d KB$/));
    expect(parts).toContainEqual(expect.stringMatching(/^ {2}search {15}1 file, \d+(\.\d)? K?B$/));
    for (const part of parts) expect(part).toMatch(/^ {2}[\w.-]+ +\d+ files?, \d+(\.\d)? K?B$/);
    const names = parts.map((part) => part.trim().split(' ')[0]);
    expect(names).toEqual([...names].sort());
    expect(lines.at(-2)).toMatch(/^✔ removed (.*): (\d+) files, \d+(\.\d)? KB$/);
    expect(lines.at(-2)).toContain(`removed ${shown}: `);
    expect(lines.at(-1)).toBe('');
    expect(existsSync(cacheDirOf(root))).toBe(false);
    expect(existsSync(path.join(root, 'dist/index.html'))).toBe(true);

    const again = await runCliInProcess(['clear', '--root', root]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`✔ nothing to clear: ${shown} is empty or does not exist\n`);
  });

  it('refuses a cache folder that is a symlink out of the site: exit 2, the link and what it points to untouched', async () => {
    const root = copySite('minimal');
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'precious.txt'), 'keep me');
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    symlinkSync(outside, cacheDirOf(root));
    const { code, stdout, stderr } = await runCliInProcess(['clear', '--root', root]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `error  refusing to clear the cache: node_modules/.cache/docsgen is a symlink to ${outside}; nothing was removed\n` +
        '    hint: docsgen only deletes a cache folder it reaches through plain folders; remove node_modules/.cache/docsgen yourself if you mean to\n',
    );
    expect(lstatSync(cacheDirOf(root)).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('keep me');
  });

  it('keeps the cache of a site whose node_modules is a symlink inside the site, and clears and prunes it there', async () => {
    // A monorepo's node_modules, shared by its packages: the cache is the site's own, not the target's.
    const root = copySite('minimal');
    const shared = tempDir('docsgen-shared-modules-');
    symlinkSync(shared, path.join(root, 'node_modules'));
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(0);
    expect(readdirSync(shared)).toEqual([]);
    expect(cacheDirOf(root)).toBe(path.join(root, '.cache/docsgen'));
    expect(readdirSync(path.join(root, '.cache/docsgen'))).toContain('pages');
    // Pruned after a build: an entry no build uses goes.
    mkdirSync(path.join(root, '.cache/docsgen/from-an-older-docsgen'));
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(0);
    expect(readdirSync(path.join(root, '.cache/docsgen'))).not.toContain('from-an-older-docsgen');
    const { code, stdout } = await runCliInProcess(['clear', '--root', root]);
    expect(code).toBe(0);
    expect(stdout).toContain(`removed ${path.join(root, '.cache/docsgen')}: `);
    expect(existsSync(path.join(root, '.cache/docsgen'))).toBe(false);
    expect(readdirSync(shared)).toEqual([]);
  });

  it('removes a symlink inside the cache as a link, without following it', async () => {
    const root = copySite('minimal');
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'precious.txt'), 'keep me');
    mkdirSync(path.join(cacheDirOf(root), 'pages'), { recursive: true });
    symlinkSync(outside, path.join(cacheDirOf(root), 'pages', 'aa'));
    const { code, stdout } = await runCliInProcess(['clear', '--root', root]);
    expect(code).toBe(0);
    expect(stdout).toContain('  pages  1 file, 0 B\n');
    expect(existsSync(cacheDirOf(root))).toBe(false);
    expect(readdirSync(outside)).toEqual(['precious.txt']);
  });
});
