/** `docsgen dev` on a blog: an edited post shows on its page, the list and the feeds; a new post appears. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/dev-site.js';
import { copySite } from '../helpers/run-cli.js';

async function text(dev: DevSite, sitePath: string): Promise<string | undefined> {
  const entry = await dev.createSource().get(sitePath);
  if (!entry) return undefined;
  return 'body' in entry ? Buffer.from(entry.body).toString('utf8') : readFileSync(entry.file, 'utf8');
}

describe('dev on a blog', () => {
  it('serves an edited post and a new one on their pages, the list and the feeds', async () => {
    const root = copySite('blog');
    const dev = new DevSite({ root });
    await dev.start();
    try {
      expect(await text(dev, 'blog/index.html')).toContain('A short post');
      const post = path.join(root, 'blog/2024-06-01-second/index.md');
      writeFileSync(post, readFileSync(post, 'utf8').replace('A short post', 'A short edited post'));
      const edited = await dev.update([post]);
      expect(edited.reload).toContain('/blog/2024/06/01/second');
      for (const file of ['blog/2024/06/01/second/index.html', 'blog/index.html', 'blog/rss.xml', 'blog/atom.xml'])
        expect(await text(dev, file), file).toContain('A short edited post');
      // A doc links to a post not written yet: a broken link until the post appears.
      const doc = path.join(root, 'content/docs/intro.md');
      writeFileSync(doc, '---\ntitle: Intro\n---\n\nRead [the news](../../blog/2024-08-01-new.md).\n');
      await dev.update([doc]);
      expect(dev.errors().map((d) => d.rule)).toContain('broken-markdown-link');
      const added = path.join(root, 'blog/2024-08-01-new.md');
      writeFileSync(added, '---\ntitle: A brand new post\n---\n\nNew.\n');
      const update = await dev.update([added]);
      expect(dev.errors()).toEqual([]);
      expect(await text(dev, 'docs/intro/index.html')).toContain('href="/blog/2024/08/01/new"');
      expect(update.added).toContain('/blog/2024/08/01/new');
      expect(await text(dev, 'blog/2024/08/01/new/index.html')).toContain('A brand new post');
      expect(await text(dev, 'blog/index.html')).toContain('A brand new post');
      expect(await text(dev, 'blog/rss.xml')).toContain('A brand new post');
    } finally {
      await dev.close();
    }
  });
});
