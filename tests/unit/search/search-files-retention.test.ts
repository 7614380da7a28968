import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DiskCache } from '../../../cli/cache/disk-cache.js';
import { cachedSearchIndex } from '../../../cli/search/cached-search-index.js';
import type { PageSection } from '../../../cli/search/extract-sections.js';
import type { Route } from '../../../cli/types.js';
import { tempDir } from '../../helpers/run-cli.js';

// A full garbage collection on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const routes: Route[] = ['a', 'b', 'c'].map(
  (name) => ({ path: `/docs/${name}`, kind: 'doc', title: `Page ${name}`, breadcrumbs: [] }) as unknown as Route,
);
const sectionsOf = (): PageSection[][] =>
  routes.map((_, i) => [
    { anchor: '', heading: '', api: '', text: `Words of page ${i}: camera zoom focus. `.repeat(50) },
  ]);
const site = { baseUrl: '/', search: { provider: 'local' as const } };

/**
 * Builds the index from sections nothing else holds. A plain function of its own: the temporaries of its call are
 * gone when it returns (an async function keeps its registers across an await, and could hold them itself).
 */
function indexFreshSections(cache: DiskCache): { ref: WeakRef<PageSection[][]>; files: Map<string, unknown> } {
  const sections = sectionsOf();
  return {
    ref: new WeakRef(sections),
    files: cachedSearchIndex({ routes, keys: ['k1', 'k2', 'k3'], sections, site, cache }),
  };
}

/** Whether the sections are still alive once the index is made, and its files. */
async function sectionsOutlive(cache: DiskCache): Promise<{ alive: boolean; files: Map<string, unknown> }> {
  const { ref, files } = indexFreshSections(cache);
  // A WeakRef's target stays alive until the current job ends.
  await new Promise((resolve) => setTimeout(resolve, 0));
  gc();
  return { alive: ref.deref() !== undefined, files };
}

describe('the search files made by a build', () => {
  it("do not keep the pages' sections alive once the index is merged (a large site's text, held until written)", async () => {
    const cache = new DiskCache(path.join(tempDir('docsgen-search-retention-'), 'cache'));
    const { alive, files } = await sectionsOutlive(cache);
    expect(files.size).toBeGreaterThan(0);
    expect(alive).toBe(false);
  });

  it('keep them while the index may still have to be merged (its files named by the cache, made when written)', async () => {
    const cache = new DiskCache(path.join(tempDir('docsgen-search-retention-'), 'cache'));
    await sectionsOutlive(cache);
    // Same keys: the cache names the files, which are merged from the sections only if the output needs them.
    const { alive, files } = await sectionsOutlive(cache);
    expect(alive).toBe(true);
    // And they make the same files as the first build.
    const first = await sectionsOutlive(new DiskCache(path.join(tempDir('docsgen-search-retention-'), 'cache')));
    expect([...files.keys()]).toEqual([...first.files.keys()]);
  });
});
