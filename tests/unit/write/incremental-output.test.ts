import {
  appendFileSync,
  closeSync,
  cpSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MARKER_FILE } from '../../../cli/files/output-names.js';
import { openOutput, type FileContents } from '../../../cli/write/write-site.js';
import { tempDir } from '../../helpers/run-cli.js';

type Contents = FileContents | (() => FileContents);

/** A site folder with `public/`, a cache folder and its out dir. */
function site() {
  const root = tempDir('docsgen-incremental-');
  mkdirSync(path.join(root, 'public'));
  return { root, out: path.join(root, 'dist'), cacheDir: path.join(root, 'cache') };
}

/** One build's output: the public files (by name), then the generated files, each with a key when given as `[contents, key]`. */
async function writeOutput(
  s: ReturnType<typeof site>,
  files: Record<string, Contents | [Contents, string]>,
  options: { publicFiles?: string[]; reuse?: boolean } = {},
) {
  const publicFiles = (options.publicFiles ?? []).map((name) => ({
    path: name,
    real: path.join(s.root, 'public', name),
  }));
  const output = await openOutput(s.out, { root: s.root, protectedDirs: [] }, publicFiles, {
    cacheDir: s.cacheDir,
    reuse: options.reuse,
  });
  for (const [out, value] of Object.entries(files)) {
    if (Array.isArray(value)) await output.write(out, value[0], value[1]);
    else await output.write(out, value);
  }
  await output.commit();
}

const inode = (file: string) => lstatSync(file).ino;
const read = (file: string) => readFileSync(file, 'utf8');
/** Every file under a folder (relative paths), folders left out. */
const filesIn = (dir: string) =>
  (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => !lstatSync(path.join(dir, name)).isDirectory())
    .sort();
const beside = (s: ReturnType<typeof site>) => readdirSync(s.root).sort();

describe('an output written again', () => {
  it('neither stages nor swaps when nothing changed: the out dir and its files keep their inodes, and nothing is left beside it', async () => {
    const s = site();
    const files = {
      'index.html': 'home',
      'docs/a/index.html': 'page a',
      'assets/app.js': new TextEncoder().encode('js'),
    };
    await writeOutput(s, files);
    const before = {
      dir: inode(s.out),
      page: inode(path.join(s.out, 'docs/a/index.html')),
      marker: read(path.join(s.out, MARKER_FILE)),
    };
    await writeOutput(s, files);
    expect(inode(s.out)).toBe(before.dir);
    expect(inode(path.join(s.out, 'docs/a/index.html'))).toBe(before.page);
    expect(read(path.join(s.out, MARKER_FILE))).toBe(before.marker);
    expect(filesIn(s.out)).toEqual([MARKER_FILE, 'assets/app.js', 'docs/a/index.html', 'index.html'].sort());
    expect(beside(s)).toEqual(['cache', 'dist', 'public']);
  });

  it('never calls a contents function whose key is unchanged, and calls it when the key changes', async () => {
    const s = site();
    const calls: string[] = [];
    const page = (text: string) => () => (calls.push(text), text);
    await writeOutput(s, { 'a.html': [page('a1'), 'key-a1'], 'b.html': [page('b1'), 'key-b1'] });
    await writeOutput(s, { 'a.html': [page('a1'), 'key-a1'], 'b.html': [page('b2'), 'key-b2'] });
    expect(calls).toEqual(['a1', 'b1', 'b2']);
    expect(read(path.join(s.out, 'b.html'))).toBe('b2');
  });

  it('writes a changed file, hard-links the unchanged ones from the previous output, and swaps the folder in whole', async () => {
    const s = site();
    await writeOutput(s, { 'same.html': 'same', 'changed.html': 'v1' });
    const dir = inode(s.out);
    const same = inode(path.join(s.out, 'same.html'));
    // A reader (a server) holding the previous files open: their bytes never change under it.
    const readers = ['same.html', 'changed.html'].map((name) => openSync(path.join(s.out, name), 'r'));
    await writeOutput(s, { 'same.html': 'same', 'changed.html': 'v2, longer' });
    expect(inode(s.out)).not.toBe(dir);
    expect(inode(path.join(s.out, 'same.html'))).toBe(same);
    expect(lstatSync(path.join(s.out, 'same.html')).nlink).toBe(1);
    expect(read(path.join(s.out, 'changed.html'))).toBe('v2, longer');
    const held = readers.map((fd) => {
      const buffer = Buffer.alloc(64);
      const text = buffer.subarray(0, readSync(fd, buffer, 0, 64, 0)).toString();
      closeSync(fd);
      return text;
    });
    expect(held).toEqual(['same', 'v1']);
    expect(beside(s)).toEqual(['cache', 'dist', 'public']);
  });

  it('lets the later of two writes to one path win, replacing the linked file by name and never writing into it', async () => {
    const s = site();
    await writeOutput(s, { 'changed.html': 'v1', 'x.html': 'x1' });
    const reader = openSync(path.join(s.out, 'x.html'), 'r');
    const output = await openOutput(s.out, { root: s.root, protectedDirs: [] }, [], { cacheDir: s.cacheDir });
    await output.write('changed.html', 'v2');
    // Unchanged, so linked from the previous output (its contents come late); then replaced in the same build.
    let release!: () => void;
    const late = new Promise<void>((resolve) => (release = resolve));
    await output.write('x.html', async () => (await late, 'x1'));
    await output.write('x.html', 'x2');
    release();
    await output.commit();
    expect(read(path.join(s.out, 'x.html'))).toBe('x2');
    const buffer = Buffer.alloc(16);
    expect(buffer.subarray(0, readSync(reader, buffer, 0, 16, 0)).toString()).toBe('x1');
    closeSync(reader);
  });

  it('swaps when a file is gone from the output, though every remaining file is unchanged', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a', 'old/b.html': 'b' });
    await writeOutput(s, { 'a.html': 'a' });
    expect(filesIn(s.out)).toEqual([MARKER_FILE, 'a.html'].sort());
  });

  it('removes a file or an empty folder added to the out dir by hand', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a' });
    writeFileSync(path.join(s.out, 'stray.html'), 'added by hand');
    mkdirSync(path.join(s.out, 'empty'));
    await writeOutput(s, { 'a.html': 'a' });
    expect(readdirSync(s.out).sort()).toEqual([MARKER_FILE, 'a.html'].sort());
  });

  it.each([
    ['appended to', (file: string) => appendFileSync(file, ' EDITED')],
    [
      'rewritten with the same size and its mtime set back to the nanosecond',
      (file: string) => {
        const { mtimeNs } = statSync(file, { bigint: true });
        writeFileSync(file, 'X'.repeat(read(file).length));
        // GNU touch sets nanoseconds (Node's utimes cannot): only the ctime still tells.
        const stamp = `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`;
        expect(spawnSync('touch', ['-m', '-d', stamp, file]).status).toBe(0);
        expect(statSync(file, { bigint: true }).mtimeNs).toBe(mtimeNs);
      },
    ],
  ])('writes again a file %s by hand after the build: the edit does not reach the new output', async (_, edit) => {
    const s = site();
    await writeOutput(s, { 'a.html': 'original', 'b.html': 'b' });
    const before = inode(path.join(s.out, 'a.html'));
    edit(path.join(s.out, 'a.html'));
    await writeOutput(s, { 'a.html': 'original', 'b.html': 'b' });
    expect(read(path.join(s.out, 'a.html'))).toBe('original');
    expect(inode(path.join(s.out, 'a.html'))).not.toBe(before);
  });

  it('neither links nor copies a file replaced by a symlink to a secret outside the root, nor a folder replaced by a symlink', async () => {
    const s = site();
    const outside = tempDir('docsgen-secret-');
    writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET');
    mkdirSync(path.join(outside, 'docs'));
    await writeOutput(s, { 'a.html': 'page a', 'docs/b.html': 'page b' });
    // Same inode count and bytes are out of reach for the secret: only the link itself could smuggle it in.
    rmSync(path.join(s.out, 'a.html'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(s.out, 'a.html'));
    renameSync(path.join(s.out, 'docs'), path.join(outside, 'docs-moved'));
    symlinkSync(path.join(outside, 'docs-moved'), path.join(s.out, 'docs'));
    await writeOutput(s, { 'a.html': 'page a', 'docs/b.html': 'page b' });
    for (const name of ['a.html', 'docs']) expect(lstatSync(path.join(s.out, name)).isSymbolicLink()).toBe(false);
    expect(read(path.join(s.out, 'a.html'))).toBe('page a');
    expect(read(path.join(s.out, 'docs/b.html'))).toBe('page b');
    expect(read(path.join(outside, 'secret.txt'))).toBe('TOP SECRET');
    expect(
      filesIn(s.out)
        .map((name) => read(path.join(s.out, name)))
        .join(),
    ).not.toContain('TOP SECRET');
  });

  it('writes again the files under a folder of the out dir replaced by a file', async () => {
    const s = site();
    await writeOutput(s, { 'docs/a.html': 'a', 'b.html': 'b' });
    rmSync(path.join(s.out, 'docs'), { recursive: true });
    writeFileSync(path.join(s.out, 'docs'), 'not a folder');
    await writeOutput(s, { 'docs/a.html': 'a', 'b.html': 'b' });
    expect(read(path.join(s.out, 'docs/a.html'))).toBe('a');
  });

  it('writes again a file that something else links to: a later edit of that other name does not change the output', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'page a' });
    const elsewhere = path.join(tempDir(), 'a-link.html');
    linkSync(path.join(s.out, 'a.html'), elsewhere);
    await writeOutput(s, { 'a.html': 'page a', 'b.html': 'new' });
    appendFileSync(elsewhere, ' EDITED');
    expect(read(path.join(s.out, 'a.html'))).toBe('page a');
  });

  it('does not link from a copy of the output put in its place, marker and all', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a', 'b.html': 'b' });
    cpSync(s.out, `${s.out}-copy`, { recursive: true, preserveTimestamps: true });
    rmSync(s.out, { recursive: true });
    renameSync(`${s.out}-copy`, s.out);
    const copied = inode(path.join(s.out, 'a.html'));
    await writeOutput(s, { 'a.html': 'a', 'b.html': 'b' });
    expect(inode(path.join(s.out, 'a.html'))).not.toBe(copied);
    expect(read(path.join(s.out, 'a.html'))).toBe('a');
  });

  it('does not link from an out dir whose marker names another build', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a' });
    const before = inode(path.join(s.out, 'a.html'));
    writeFileSync(path.join(s.out, MARKER_FILE), `written by another build\nbuild ${'0'.repeat(32)}\n`);
    await writeOutput(s, { 'a.html': 'a' });
    expect(inode(path.join(s.out, 'a.html'))).not.toBe(before);
    expect(read(path.join(s.out, MARKER_FILE))).not.toContain('0'.repeat(32));
  });

  it('writes every file again without reuse (--no-cache), and the next build links them', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a' });
    const first = inode(path.join(s.out, 'a.html'));
    await writeOutput(s, { 'a.html': 'a' }, { reuse: false });
    const second = inode(path.join(s.out, 'a.html'));
    expect(second).not.toBe(first);
    await writeOutput(s, { 'a.html': 'a' });
    expect(inode(path.join(s.out, 'a.html'))).toBe(second);
  });

  it('links an unchanged public/ file and copies again one replaced under the same name; a generated file still wins', async () => {
    const s = site();
    writeFileSync(path.join(s.root, 'public/logo.svg'), '<svg/>');
    writeFileSync(path.join(s.root, 'public/robots.txt'), 'v1');
    writeFileSync(path.join(s.root, 'public/index.html'), 'from public');
    const publicFiles = ['logo.svg', 'robots.txt', 'index.html'];
    await writeOutput(s, { 'index.html': 'generated' }, { publicFiles });
    const logo = inode(path.join(s.out, 'logo.svg'));
    writeFileSync(path.join(s.root, 'public/robots.txt'), 'v2');
    await writeOutput(s, { 'index.html': 'generated' }, { publicFiles });
    expect(inode(path.join(s.out, 'logo.svg'))).toBe(logo);
    expect(read(path.join(s.out, 'robots.txt'))).toBe('v2');
    expect(read(path.join(s.out, 'index.html'))).toBe('generated');
  });

  it('refuses to swap in a file of the previous output edited while the build ran, and leaves that output as it is', async () => {
    const s = site();
    writeFileSync(path.join(s.root, 'public/a.txt'), 'public a');
    await writeOutput(s, { 'b.html': 'b1' }, { publicFiles: ['a.txt'] });
    const output = await openOutput(
      s.out,
      { root: s.root, protectedDirs: [] },
      [{ path: 'a.txt', real: path.join(s.root, 'public/a.txt') }],
      { cacheDir: s.cacheDir },
    );
    // a.txt was found unchanged when the output opened; it is edited before anything needs writing.
    appendFileSync(path.join(s.out, 'a.txt'), ' EDITED');
    await output.write('b.html', 'b2');
    await expect(output.commit()).rejects.toThrow(
      `${path.join(s.out, 'a.txt')} changed while docsgen was building; the previous output was left as it was`,
    );
    expect(read(path.join(s.out, 'a.txt'))).toBe('public a EDITED');
    expect(read(path.join(s.out, 'b.html'))).toBe('b1');
    expect(beside(s)).toEqual(['cache', 'dist', 'public']);
  });
});

describe('the manifests of out dirs in the cache folder', () => {
  const manifests = (s: ReturnType<typeof site>) => readdirSync(path.join(s.cacheDir, 'output')).sort();

  it('keep one per out dir, and drop the manifest of an out dir that is gone', async () => {
    const s = site();
    await writeOutput(s, { 'a.html': 'a' });
    const other = { ...s, out: path.join(s.root, 'other') };
    await writeOutput(other, { 'a.html': 'a' });
    expect(manifests(s)).toHaveLength(2);
    rmSync(other.out, { recursive: true });
    await writeOutput(s, { 'a.html': 'changed' });
    expect(manifests(s)).toHaveLength(1);
  });

  it('are never dropped through a symlinked folder: what it leads to stays untouched', async () => {
    const s = site();
    const outside = tempDir('docsgen-outside-');
    const precious = { 'notes.txt': 'keep me', [`${'a'.repeat(32)}.json`]: 'not a manifest' };
    for (const [name, text] of Object.entries(precious)) writeFileSync(path.join(outside, name), text);
    mkdirSync(s.cacheDir);
    symlinkSync(outside, path.join(s.cacheDir, 'output'));
    await writeOutput(s, { 'a.html': 'a' });
    for (const [name, text] of Object.entries(precious)) expect(read(path.join(outside, name))).toBe(text);
  });
});
