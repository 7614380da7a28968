/**
 * Warm builds of a blog stay incremental: an edited post is compiled again alone (every other page comes from the
 * cache), and the build writes again its page and what shows its text (the list and tag pages it is on, the feeds,
 * its Markdown copy, llms-full.txt, the search index), nothing else.
 */
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../cli/commands/build.js';
import * as compiler from '../../cli/markdown/compile-markdown.js';
import { copySite } from '../helpers/run-cli.js';

function inodes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = lstatSync(path.join(dir, name));
    if (!stats.isDirectory()) out[name] = stats.ino;
  }
  return out;
}

describe('a warm build of a blog', () => {
  it('compiles and writes again only what an edited post changes', async () => {
    const root = copySite('blog');
    expect((await build({ root })).ok).toBe(true);
    const dist = path.join(root, 'dist');
    const before = inodes(dist);
    const post = path.join(root, 'blog/2024-06-01-second/index.md');
    writeFileSync(post, readFileSync(post, 'utf8').replace('A short post', 'A short edited post'));
    const compile = vi.spyOn(compiler, 'compileMarkdown');
    expect((await build({ root })).ok).toBe(true);
    expect(compile.mock.calls.map(([file]) => file.file)).toEqual([path.join('blog', '2024-06-01-second', 'index.md')]);
    compile.mockRestore();
    const after = inodes(dist);
    const rewritten = Object.keys(after).filter((name) => after[name] !== before[name] && !name.startsWith('search/'));
    expect(rewritten.sort()).toEqual([
      '.docsgen-output',
      'blog/2024/06/01/second.md',
      'blog/2024/06/01/second/index.html',
      'blog/atom.xml',
      'blog/index.html',
      'blog/rss.xml',
      'blog/tags/news/index.html',
      'llms-full.txt',
      // It lists each post with its description, the post's first paragraph here.
      'llms.txt',
    ]);
    expect(readFileSync(path.join(dist, 'blog/index.html'), 'utf8')).toContain('A short edited post');
  });
});
