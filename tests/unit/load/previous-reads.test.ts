import { mkdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import * as frontMatterModule from '../../../cli/load/front-matter.js';
import { loadContent } from '../../../cli/load/load-content.js';
import { tempDir } from '../../helpers/run-cli.js';

// parseFrontMatter as it is, with its calls counted: a doc taken from the previous load is not parsed again.
vi.mock('../../../cli/load/front-matter.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../cli/load/front-matter.js')>();
  return { ...real, parseFrontMatter: vi.fn(real.parseFrontMatter) };
});
const parsedSince = (calls: number) =>
  vi
    .mocked(frontMatterModule.parseFrontMatter)
    .mock.calls.slice(calls)
    .map(([, file]) => path.basename(file))
    .sort();
const callCount = () => vi.mocked(frontMatterModule.parseFrontMatter).mock.calls.length;

function site(): { root: string; docs: string; write: (name: string, text: string) => void } {
  const root = tempDir('docsgen-previous-reads-');
  const docs = path.join(root, 'content/docs');
  mkdirSync(docs, { recursive: true });
  const write = (name: string, text: string) => writeFileSync(path.join(docs, name), text);
  write('a.md', '---\ntitle: A\n---\n\nAlpha.\n');
  write('b.md', '---\ntitle: B\n---\n\nBravo.\n');
  write('broken.md', '---\ntitle: [unclosed\n---\n\nBody.\n');
  return { root, docs, write };
}

const byName = <T extends { docPath: string }>(files: T[]) => new Map(files.map((f) => [f.docPath, f]));

describe("dev's loads read only the docs that changed (previousReads)", () => {
  it('reads a changed doc again and takes the others, with their diagnostics, from the previous load', async () => {
    const { root, write } = site();
    const cache = new DiskCache(path.join(root, 'cache'));
    const first = await loadContent({ root, docsDir: 'content/docs', cache, previousReads: new Map() });
    expect(first.reads.size).toBe(3);
    write('b.md', '---\ntitle: B2\n---\n\nBravo, edited.\n');
    const calls = callCount();
    const second = await loadContent({ root, docsDir: 'content/docs', cache, previousReads: first.reads });
    expect(parsedSince(calls)).toEqual(['b.md']);
    const before = byName(first.files);
    const after = byName(second.files);
    expect(after.get('a.md')).toBe(before.get('a.md'));
    expect(after.get('b.md')!.frontMatter.title).toBe('B2');
    expect(after.get('b.md')!.body).toContain('Bravo, edited.');
    // The broken doc's error is still reported though the file was not read again.
    expect(second.diagnostics.map((d) => d.file)).toEqual(first.diagnostics.map((d) => d.file));
    expect(second.diagnostics.some((d) => d.file?.endsWith('broken.md') && d.severity === 'error')).toBe(true);
    // The same result as a load that reads everything.
    const fresh = await loadContent({ root, docsDir: 'content/docs' });
    expect(second.files.map((f) => [f.docPath, f.hash, f.frontMatter, f.body])).toEqual(
      fresh.files.map((f) => [f.docPath, f.hash, f.frontMatter, f.body]),
    );
  });

  it('reads a doc again whose bytes changed though its size and modification time were put back', async () => {
    const { root, docs, write } = site();
    const file = path.join(docs, 'a.md');
    // A whole second: the time can be put back exactly.
    utimesSync(file, 1_000_000, 1_000_000);
    const first = await loadContent({ root, docsDir: 'content/docs', previousReads: new Map() });
    const { size, mtimeMs } = statSync(file);
    write('a.md', '---\ntitle: Z\n---\n\nAlpha.\n');
    utimesSync(file, 1_000_000, 1_000_000);
    expect(statSync(file).size).toBe(size);
    expect(statSync(file).mtimeMs).toBe(mtimeMs);
    const second = await loadContent({ root, docsDir: 'content/docs', previousReads: first.reads });
    expect(byName(second.files).get('a.md')!.frontMatter.title).toBe('Z');
  });

  it('reads a doc again that was replaced by another file, and drops one that was removed', async () => {
    const { root, docs, write } = site();
    const first = await loadContent({ root, docsDir: 'content/docs', previousReads: new Map() });
    // An editor's save: a new file renamed over the old one (another inode).
    writeFileSync(path.join(root, 'new.md'), readFileSync(path.join(docs, 'a.md'), 'utf8').replace('Alpha', 'Omega'));
    renameSync(path.join(root, 'new.md'), path.join(docs, 'a.md'));
    write('c.md', '# C\n');
    const removed = path.join(docs, 'b.md');
    renameSync(removed, path.join(root, 'b.md'));
    const second = await loadContent({ root, docsDir: 'content/docs', previousReads: first.reads });
    const files = byName(second.files);
    expect(files.get('a.md')!.body).toContain('Omega');
    expect(files.has('b.md')).toBe(false);
    expect(files.has('c.md')).toBe(true);
    expect([...second.reads.keys()].some((id) => id.startsWith('b.md'))).toBe(false);
  });

  it('keeps the unchanged docs in the front matter cache, so the next cold build parses none of them', async () => {
    const { root, write } = site();
    const cache = () => new DiskCache(path.join(root, 'cache'));
    const first = await loadContent({ root, docsDir: 'content/docs', cache: cache(), previousReads: new Map() });
    write('b.md', '---\ntitle: B3\n---\n\nBravo again.\n');
    await loadContent({ root, docsDir: 'content/docs', cache: cache(), previousReads: first.reads });
    const calls = callCount();
    await loadContent({ root, docsDir: 'content/docs', cache: cache() });
    expect(parsedSince(calls)).toEqual([]);
  });

  it('keeps no reads when none were given (a build)', async () => {
    const { root } = site();
    expect((await loadContent({ root, docsDir: 'content/docs' })).reads.size).toBe(0);
  });
});
