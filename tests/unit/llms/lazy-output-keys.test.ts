import { describe, expect, it, vi } from 'vitest';
import * as diskCache from '../../../cli/cache/disk-cache.js';
import type { SiteConfig } from '../../../cli/config/schema.js';
import { markdownOutputs } from '../../../cli/llms/markdown-outputs.js';
import type { PageContent, Route } from '../../../cli/types.js';
import type { SiteData } from '../../../templates/shared/site-data.js';

// hashOf as it is, with its calls recorded: what matters is which pages' copies were hashed.
vi.mock('../../../cli/cache/disk-cache.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../cli/cache/disk-cache.js')>();
  return { ...real, hashOf: vi.fn(real.hashOf) };
});
const hashedCopies = () =>
  vi
    .mocked(diskCache.hashOf)
    .mock.calls.flat()
    .filter((part): part is string => typeof part === 'string' && part.startsWith('# Page'));

const page = (name: string, markdown: string): Route =>
  ({
    path: `/docs/${name}`,
    kind: 'doc',
    title: name,
    markdownHref: `/docs/${name}.md`,
    content: { html: '<p>x</p>', markdown } as PageContent,
  }) as Route;

const outputsOf = (routes: Route[]) =>
  markdownOutputs({
    routes,
    sidebars: new Map(),
    site: { title: 'Site', tagline: 'Tag' } as SiteData,
    config: { url: 'https://example.com', baseUrl: '/', markdownPages: true, llmsTxt: true } as SiteConfig,
  });

describe('the Markdown outputs are keyed when a key is read, not when they are listed', () => {
  it('hashes no copy until a key is asked for, then only the pages that key is made from', () => {
    vi.mocked(diskCache.hashOf).mockClear();
    const routes = ['a', 'b', 'c'].map((name) => page(name, `# Page ${name}\n\nText.\n`));
    const files = outputsOf(routes);
    expect([...files.keys()].sort()).toEqual(['docs/a.md', 'docs/b.md', 'docs/c.md', 'llms-full.txt', 'llms.txt']);
    // dev lists the outputs after every edit and serves one file at a time: listing them hashes nothing.
    expect(hashedCopies()).toEqual([]);
    const key = files.get('docs/b.md')!.key;
    expect(hashedCopies()).toEqual(['# Page b\n\nText.\n']);
    // Read again, the same key, computed once.
    expect(files.get('docs/b.md')!.key).toBe(key);
    expect(hashedCopies()).toHaveLength(1);
  });

  it('still gives a page whose copy changed another key, and the others the same (a build writes only that copy)', () => {
    const before = outputsOf(['a', 'b'].map((name) => page(name, `# Page ${name}\n`)));
    const after = outputsOf([page('a', '# Page a\n'), page('b', '# Page b, edited\n')]);
    expect(after.get('docs/a.md')!.key).toBe(before.get('docs/a.md')!.key);
    expect(after.get('docs/b.md')!.key).not.toBe(before.get('docs/b.md')!.key);
    expect(after.get('llms-full.txt')!.key).not.toBe(before.get('llms-full.txt')!.key);
    expect(after.get('llms.txt')!.key).toBe(before.get('llms.txt')!.key);
  });
});
