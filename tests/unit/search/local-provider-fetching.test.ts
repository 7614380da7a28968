/**
 * What the local provider fetches: on an index split by the first two letters of its terms, a word shorter than
 * that costs its own shard only; what a query finds does not depend on earlier queries; a search replaced by a newer
 * one (its signal aborted) fetches no text for its hits.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSearchFiles } from '../../../cli/search/build-search-index.js';
import type { SearchRecord } from '../../../cli/search/collect-records.js';
import { createLocalProvider } from '../../../templates/client/search/local-provider.js';
import type { SearchRequest, SearchSettings } from '../../../templates/shared/search-types.js';

/** Six-letter words starting with `e` (many, so the `e` shard alone passes the size that splits shards further). */
const word = (n: number) =>
  `e${Array.from({ length: 5 }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join('')}`;

function largeIndex(): Map<string, string> {
  const words = Array.from({ length: 9000 }, (_, i) => word(i * 7919 + 13));
  const records: SearchRecord[] = Array.from({ length: 300 }, (_, id) => ({
    id,
    url: `/p${id}`,
    group: 'G',
    title: `Page ${id}`,
    description: '',
    heading: id % 10 === 0 ? 'Exposure' : '',
    api: '',
    pageStart: true,
    text: `${id % 7 === 0 ? 'e' : ''} ${words.slice(id * 30, id * 30 + 60).join(' ')}`,
  }));
  return buildSearchFiles([], records, {
    baseUrl: '/',
    issuesUrl: undefined,
    search: { provider: 'local' },
  }).files;
}

const files = largeIndex();
const settings = JSON.parse(files.get('search/settings.json')!) as SearchSettings;
const manifest = settings.index!;

/** A provider over `files`, recording each file it fetches; `hold` delays the files it matches until released. */
function provider(hold?: RegExp) {
  const fetched: string[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (url: URL) => {
    const name = url.pathname.slice('/search/'.length);
    fetched.push(name);
    if (hold?.test(name)) await held;
    const body = files.get(`search/${name}`);
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  });
  return { search: createLocalProvider(manifest, new URL('http://site.test/search/settings.json')), fetched, release };
}

const request: SearchRequest = { page: 0, hitsPerPage: 20, snippetWords: 10 };
const shardFiles = (fetched: string[]) => fetched.filter((name) => name.startsWith('terms-'));
const docFiles = (fetched: string[]) => fetched.filter((name) => name.startsWith('docs-'));

afterEach(() => vi.unstubAllGlobals());

describe('the local provider fetches', () => {
  it('with terms split by their first two letters', () => {
    expect(manifest.keyLength).toBe(2);
    expect(Object.keys(manifest.shards).filter((key) => key.startsWith('e')).length).toBeGreaterThan(20);
  });

  it("for a word shorter than the shards' key, its own shard only, not every shard it begins", async () => {
    const { search, fetched } = provider();
    const found = await search.search('e', request);
    expect(found.total).toBeGreaterThan(0);
    expect(shardFiles(fetched)).toEqual([manifest.shards.e]);
  });

  it('the same hits for a query whatever was searched before', async () => {
    const all = { ...request, hitsPerPage: 1000 };
    const urls = async (search: ReturnType<typeof provider>['search'], query: string) =>
      (await search.search(query, all)).hits.map((hit) => hit.url);
    const alone = await urls(provider().search, 'e');
    const after = provider().search;
    await after.search('exposure', request);
    await after.search(word(13), request);
    expect(await urls(after, 'e')).toEqual(alone);
  });

  it('no text for the hits of a search replaced while its shards load, which rejects', async () => {
    const { search, fetched, release } = provider(/^terms-/);
    const replaced = new AbortController();
    const searching = search.search('exposure', { ...request, signal: replaced.signal });
    await vi.waitFor(() => expect(shardFiles(fetched)).toHaveLength(1));
    replaced.abort();
    release();
    await expect(searching).rejects.toThrow(/newer query/);
    expect(docFiles(fetched)).toEqual([]);
    // The shard it fetched serves the query that replaced it, which fetches the text of its own hits.
    const found = await search.search('exposure', request);
    expect(found.total).toBeGreaterThan(0);
    expect(shardFiles(fetched)).toHaveLength(1);
    expect(docFiles(fetched).length).toBeGreaterThan(0);
  });
});
