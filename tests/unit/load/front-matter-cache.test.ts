import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import * as frontMatterModule from '../../../cli/load/front-matter.js';
import { loadContent } from '../../../cli/load/load-content.js';
import { tempDir } from '../../helpers/run-cli.js';

// parseFrontMatter as it is, with its calls counted: the cache is there so that unchanged files are not parsed again.
vi.mock('../../../cli/load/front-matter.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../cli/load/front-matter.js')>();
  return { ...real, parseFrontMatter: vi.fn(real.parseFrontMatter) };
});
const parsed = () =>
  vi
    .mocked(frontMatterModule.parseFrontMatter)
    .mock.calls.map(([, file]) => file)
    .sort();

/** A site whose docs cover every shape of front matter: none, valid, invalid, unclosed, a BOM, CRLF line ends. */
function siteWithDocs(): string {
  const root = tempDir('docsgen-front-matter-cache-');
  const docs = path.join(root, 'content/docs');
  mkdirSync(docs, { recursive: true });
  const write = (name: string, text: string) => writeFileSync(path.join(docs, name), text);
  write('plain.md', '# No front matter\n\nText.\n');
  write('titled.md', '---\ntitle: Titled\nsidebar_position: 2\nkeywords: [a, b]\nslug: /custom\n---\n\n# Body\n');
  write('invalid.md', '---\ntitle: [unclosed\n---\n\nBody.\n');
  write('wrong-type.mdx', '---\ntitle: 3\nhide_title: yes\ndraft: true\n---\n\nBody.\n');
  write('unclosed.md', '---\ntitle: Never closed\n\nBody.\n');
  write('bom.md', '\uFEFF---\ntitle: With a BOM\n---\nBody.\n');
  write('crlf.md', '---\r\ntitle: CRLF\r\n---\r\n\r\nBody.\r\n');
  return root;
}

describe('front matter parsed by an earlier build', () => {
  it('gives exactly what parsing gives, for every shape of front matter', async () => {
    const root = siteWithDocs();
    const cache = new DiskCache(path.join(root, 'cache'));
    const fresh = await loadContent({ root, docsDir: 'content/docs' });
    const first = await loadContent({ root, docsDir: 'content/docs', cache });
    const warm = await loadContent({ root, docsDir: 'content/docs', cache });
    expect(first).toEqual(fresh);
    expect(warm).toEqual(fresh);
    expect(warm.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`)).toEqual(
      fresh.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}`),
    );
  });

  it('is reused for files whose bytes are unchanged, and parsed again for the one that changed', async () => {
    const root = siteWithDocs();
    const cache = new DiskCache(path.join(root, 'cache'));
    await loadContent({ root, docsDir: 'content/docs', cache });
    writeFileSync(path.join(root, 'content/docs/titled.md'), '---\ntitle: Retitled\n---\n\n# Body\n');
    vi.mocked(frontMatterModule.parseFrontMatter).mockClear();
    const warm = await loadContent({ root, docsDir: 'content/docs', cache });
    expect(parsed()).toEqual(['content/docs/titled.md']);
    expect(warm.files.find((f) => f.docPath === 'titled.md')!.frontMatter).toEqual({ title: 'Retitled' });
  });

  it('notices new bytes under the same size and modification time: it goes by content, never by mtime', async () => {
    const root = siteWithDocs();
    const cache = new DiskCache(path.join(root, 'cache'));
    const file = path.join(root, 'content/docs/titled.md');
    const sameTime = 1_700_000_000;
    writeFileSync(file, '---\ntitle: Before\n---\n\nBody.\n');
    utimesSync(file, sameTime, sameTime);
    const before = statSync(file);
    await loadContent({ root, docsDir: 'content/docs', cache });
    writeFileSync(file, '---\ntitle: Later!\n---\n\nBody.\n');
    utimesSync(file, sameTime, sameTime);
    expect(statSync(file).size).toBe(before.size);
    expect(statSync(file).mtimeMs).toBe(before.mtimeMs);
    const warm = await loadContent({ root, docsDir: 'content/docs', cache });
    expect(warm.files.find((f) => f.docPath === 'titled.md')!.frontMatter.title).toBe('Later!');
  });

  it('keeps only the files of the last load, so the entry never grows', async () => {
    const root = siteWithDocs();
    const cache = new DiskCache(path.join(root, 'cache'));
    for (let i = 0; i < 3; i++) {
      writeFileSync(path.join(root, 'content/docs/titled.md'), `---\ntitle: Version ${i}\n---\n`);
      await loadContent({ root, docsDir: 'content/docs', cache });
    }
    vi.mocked(frontMatterModule.parseFrontMatter).mockClear();
    const warm = await loadContent({ root, docsDir: 'content/docs', cache });
    expect(parsed()).toEqual([]);
    expect(warm.files.find((f) => f.docPath === 'titled.md')!.frontMatter.title).toBe('Version 2');
  });
});
