/**
 * The default provider: the index built with the site, searched in the
 * browser and ranked by rank.ts. Only the shards holding the query's terms
 * and the text chunks of the hits shown are fetched, each once.
 */
import type SearchableMap from 'minisearch/SearchableMap';
import { markText, snippet } from './local-marks.js';
import {
  compactShard,
  matchedTerms,
  pageTable,
  planQuery,
  type Postings,
  queryWords,
  rankPages,
  termMap,
  unmatchedSplits,
} from './rank.js';
import { shardKey } from '../../shared/search-terms.js';
import { PREFERRED_VERSION_KEY } from '../version-preference.js';
import { storage } from '../../shared/storage.js';
import type {
  IndexShard,
  LocalIndexBase,
  LocalIndexManifest,
  RecordVersions,
  SearchHit,
  SearchProvider,
  SearchRequest,
  StoredRecord,
} from '../../shared/search-types.js';

async function fetchJson<T>(url: URL): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`search: ${url.pathname} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Keeps one promise per key; a failed load is forgotten so the next search retries it. */
function memo<K, V>(load: (key: K) => Promise<V>) {
  const cache = new Map<K, Promise<V>>();
  return (key: K) => {
    let promise = cache.get(key);
    if (!promise) {
      promise = load(key);
      promise.catch(() => cache.delete(key));
      cache.set(key, promise);
    }
    return promise;
  };
}

/** Creates the local provider for the index described by `manifest`, whose files sit next to `settingsUrl`. */
export function createLocalProvider(manifest: LocalIndexManifest, settingsUrl: URL): SearchProvider {
  const file = (name: string) => new URL(name, settingsUrl);
  const loadBase = memo((_: 'base') =>
    fetchJson<LocalIndexBase>(file(manifest.base)).then((base) => ({ base, pages: pageTable(base) })),
  );
  const loadShard = memo((key: string) =>
    fetchJson<IndexShard>(file(manifest.shards[key])).then((shard) => compactShard(shard)),
  );
  const loadDocs = memo((chunk: number) => fetchJson<StoredRecord[]>(file(manifest.docs[chunk])));
  const keys = Object.keys(manifest.shards);
  const loaded = new Set<string>();
  let lookup: SearchableMap<Postings> | undefined;

  /** Shards that may hold the words: by their first characters, all shards under a short last word. */
  function shardsFor(words: string[]): string[] {
    if (manifest.keyLength === 0) return keys;
    const wanted = new Set<string>();
    words.forEach((word, i) => {
      const last = i === words.length - 1;
      if (Array.from(word).length >= manifest.keyLength) wanted.add(shardKey(word, manifest.keyLength));
      else for (const key of keys) if (last ? key.startsWith(word) : key === word) wanted.add(key);
    });
    return [...wanted].filter((key) => key in manifest.shards);
  }

  /** The terms of the shards holding these words, loaded (and kept for the next query). */
  async function termsFor(words: string[]): Promise<SearchableMap<Postings>> {
    const needed = shardsFor(words);
    await Promise.all(needed.map(loadShard));
    if (!lookup || needed.some((key) => !loaded.has(key))) {
      needed.forEach((key) => loaded.add(key));
      const entries: [string, Postings][] = [];
      for (const key of loaded) entries.push(...(await loadShard(key)));
      lookup = termMap(entries);
    }
    return lookup;
  }

  return {
    async search(query: string, request: SearchRequest) {
      const words = queryWords(query);
      if (words.length === 0) return { hits: [], total: 0, page: 0, pages: 0 };
      const pendingBase = loadBase('base');
      let terms = await termsFor(words);
      // A word matching nothing may be two words run together: their shards are loaded too.
      const splits = unmatchedSplits(query, terms, manifest.keyLength);
      if (splits.length > 0) terms = await termsFor([...words, ...splits.filter((half) => half.length >= 2)]);
      const { base, pages: table } = await pendingBase;
      const plan = planQuery(query, terms, manifest.keyLength);
      const ranked = rankPages(plan, terms, base, table, versionFilter(base.versions));
      const pages = Math.ceil(ranked.length / request.hitsPerPage);
      const page = Math.min(Math.max(0, request.page), Math.max(0, pages - 1));
      const shown = ranked.slice(page * request.hitsPerPage, (page + 1) * request.hitsPerPage);
      const hits = await Promise.all(
        shown.map((result) =>
          toHit(result.record, base, matchedTerms(result, plan, terms, table), request.snippetWords),
        ),
      );
      return { hits, total: ranked.length, page, pages };
    },
  };

  async function toHit(
    id: number,
    base: LocalIndexBase,
    matched: Set<string>,
    snippetWords: number,
  ): Promise<SearchHit> {
    const chunk = chunkOf(base.chunkStarts, id);
    const [url, group, pageTitle, heading, text] = (await loadDocs(chunk))[id - base.chunkStarts[chunk]];
    return {
      url,
      group,
      pageTitle,
      heading,
      titleMarks: markText(pageTitle, matched),
      headingMarks: markText(heading, matched),
      snippet: snippet(text, matched, snippetWords),
    };
  }
}

/**
 * Keeps a search to one docs version: the page's (`data-docs-version`), else
 * the reader's stored preference, else the last version.
 */
function versionFilter(versions: RecordVersions | undefined): ((record: number) => boolean) | undefined {
  if (!versions) return undefined;
  const stored = storage.get(PREFERRED_VERSION_KEY);
  const wanted = [document.documentElement.dataset.docsVersion, stored, versions.last].find(
    (name) => name && versions.names.includes(name),
  );
  const index = versions.names.indexOf(wanted!);
  // Pages outside every version (none today) stay findable from all of them.
  return (record) => [index, -1].includes(versions.ofRecord[record]);
}

/** The doc chunk holding a record: the last chunk starting at or before it. */
function chunkOf(starts: number[], id: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= id) low = mid;
    else high = mid - 1;
  }
  return low;
}
