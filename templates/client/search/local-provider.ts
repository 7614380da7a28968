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
  synonymsOf,
  synonymTable,
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

/**
 * Lets the browser paint and answer input between the steps of a search, so that no step and the ones after it run
 * as one long task (scheduler.yield where the browser has it, else a message to itself, which is not clamped as
 * nested timers are).
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
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
  const synonyms = synonymTable(manifest.synonyms);
  /** The terms of the shards the last query needed, kept while the next ones need the same. */
  let current: { shards: string; lookup: SearchableMap<Postings> } | undefined;

  /**
   * Shards that may hold the words: the one named by each word's first `keyLength` characters. A word shorter than
   * that (the first letter of a word being typed) is looked up in its own shard, the terms of its length, not in
   * every shard it begins: that is most of the index, for results the next letter replaces.
   */
  function shardsFor(words: string[]): string[] {
    if (manifest.keyLength === 0) return keys;
    const wanted = new Set(words.map((word) => shardKey(word, manifest.keyLength)));
    return [...wanted].filter((key) => key in manifest.shards).sort();
  }

  /**
   * The terms of exactly the shards holding these words, so that what a query finds does not depend on what
   * earlier queries loaded. Rejects, having fetched nothing more, once a newer query has replaced this one.
   */
  async function termsFor(words: string[], signal?: AbortSignal): Promise<SearchableMap<Postings>> {
    const needed = shardsFor(words);
    const shards = await Promise.all(needed.map(loadShard));
    stopIfReplaced(signal);
    const names = JSON.stringify(needed);
    if (current?.shards !== names) current = { shards: names, lookup: termMap(shards.flat()) };
    return current.lookup;
  }

  return {
    async search(query: string, request: SearchRequest) {
      const words = queryWords(query);
      if (words.length === 0) return { hits: [], total: 0, page: 0, pages: 0 };
      const pendingBase = loadBase('base');
      // The shards of the words' synonyms are the query's too.
      const wanted = [...words, ...words.flatMap((word) => synonymsOf(word, synonyms))];
      let terms = await termsFor(wanted, request.signal);
      // A word matching nothing may be two words run together: their shards are loaded too.
      const splits = unmatchedSplits(query, terms, manifest.keyLength);
      if (splits.length > 0)
        terms = await termsFor([...wanted, ...splits.filter((half) => half.length >= 2)], request.signal);
      const { base, pages: table } = await pendingBase;
      await yieldToBrowser();
      stopIfReplaced(request.signal);
      const plan = planQuery(query, terms, manifest.keyLength, synonyms);
      const ranked = rankPages(plan, terms, base, table, versionFilter(base.versions));
      const pages = Math.ceil(ranked.length / request.hitsPerPage);
      const page = Math.min(Math.max(0, request.page), Math.max(0, pages - 1));
      const shown = ranked.slice(page * request.hitsPerPage, (page + 1) * request.hitsPerPage);
      const inChunk = shown.map((result) => chunkOf(base.chunkStarts, result.record));
      const chunks = await Promise.all(inChunk.map(loadDocs));
      await yieldToBrowser();
      stopIfReplaced(request.signal);
      const hits = shown.map((result, i) =>
        toHit(
          chunks[i][result.record - base.chunkStarts[inChunk[i]]],
          matchedTerms(result, plan, terms, table),
          request.snippetWords,
        ),
      );
      return { hits, total: ranked.length, page, pages };
    },
  };

  function toHit(record: StoredRecord, matched: Set<string>, snippetWords: number): SearchHit {
    const [url, group, pageTitle, heading, text] = record;
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

/** Rejects a search once a newer query has replaced it (SearchRequest.signal): nothing more is fetched for it. */
function stopIfReplaced(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new DOMException('a newer query replaced this one', 'AbortError');
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
