/**
 * The default provider: the index built with the site, searched in the
 * browser with MiniSearch. Only the shards holding the query's terms and the
 * text chunks of the hits shown are fetched, each once.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { markText, snippet } from './local-marks.js';
import { FIELD_BOOST, SEARCH_FIELDS, indexTerms, queryTerm, shardKey, tokenize } from '../../shared/search-terms.js';
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

/** Longest query, in words, that is searched. */
const MAX_WORDS = 10;
/** Sections without a heading (a page's introduction) rank a little above its other sections. */
const INTRO_BOOST = 1.2;

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

/** Typos allowed for a word of this length (none under 4 letters, 1 up to 7, then 2). */
const typos = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/** Creates the local provider for the index described by `manifest`, whose files sit next to `settingsUrl`. */
export function createLocalProvider(manifest: LocalIndexManifest, settingsUrl: URL): SearchProvider {
  const file = (name: string) => new URL(name, settingsUrl);
  const loadBase = memo((_: 'base') => fetchJson<LocalIndexBase>(file(manifest.base)));
  const loadShard = memo((key: string) => fetchJson<IndexShard>(file(manifest.shards[key])));
  const loadDocs = memo((chunk: number) => fetchJson<StoredRecord[]>(file(manifest.docs[chunk])));
  const keys = Object.keys(manifest.shards);
  const loaded = new Set<string>();
  let index: MiniSearch | undefined;

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

  async function indexFor(words: string[]): Promise<{ index: MiniSearch; base: LocalIndexBase }> {
    const needed = shardsFor(words);
    const pendingBase = loadBase('base');
    await Promise.all(needed.map(loadShard));
    const base = await pendingBase;
    if (!index || needed.some((key) => !loaded.has(key))) {
      needed.forEach((key) => loaded.add(key));
      const entries: IndexShard = [];
      for (const key of loaded) entries.push(...(await loadShard(key)));
      index = MiniSearch.loadJS(toPlainIndex(base, entries), {
        fields: [...SEARCH_FIELDS],
        tokenize: (text: string) => tokenize(text),
        processTerm: (term: string) => indexTerms(term),
      });
    }
    return { index, base };
  }

  return {
    async search(query: string, request: SearchRequest) {
      const words = tokenize(query).map(queryTerm).slice(0, MAX_WORDS);
      if (words.length === 0) return { hits: [], total: 0, page: 0, pages: 0 };
      const { index, base } = await indexFor(words);
      const headingField = base.fieldIds.heading;
      const options = {
        boost: FIELD_BOOST,
        tokenize: (text: string) => tokenize(text),
        processTerm: queryTerm,
        prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
        fuzzy: (term: string) => typos(term),
        boostDocument: (id: number) =>
          base.fieldLength[id * SEARCH_FIELDS.length + headingField] === 0 ? INTRO_BOOST : 1,
      };
      // Every word must match (as with the hosted provider), each with its typo and prefix tolerance.
      const results: SearchResult[] = index.search(words.join(' '), {
        ...options,
        combineWith: 'AND',
        ...versionFilter(base.versions),
      });
      const pages = Math.ceil(results.length / request.hitsPerPage);
      const page = Math.min(Math.max(0, request.page), Math.max(0, pages - 1));
      const shown = results.slice(page * request.hitsPerPage, (page + 1) * request.hitsPerPage);
      const hits = await Promise.all(shown.map((result) => toHit(result, base, request.snippetWords)));
      return { hits, total: results.length, page, pages };
    },
  };

  async function toHit(result: SearchResult, base: LocalIndexBase, snippetWords: number): Promise<SearchHit> {
    const id = result.id as number;
    const chunk = chunkOf(base.chunkStarts, id);
    const [url, group, pageTitle, heading, text] = (await loadDocs(chunk))[id - base.chunkStarts[chunk]];
    const matched = new Set(result.terms);
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
function versionFilter(versions: RecordVersions | undefined): { filter?: (result: SearchResult) => boolean } {
  if (!versions) return {};
  const stored = storage.get(PREFERRED_VERSION_KEY);
  const wanted = [document.documentElement.dataset.docsVersion, stored, versions.last].find(
    (name) => name && versions.names.includes(name),
  );
  const index = versions.names.indexOf(wanted!);
  // Pages outside every version (none today) stay findable from all of them.
  return { filter: (result) => [index, -1].includes(versions.ofRecord[result.id as number]) };
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

/** Rebuilds MiniSearch's serialized form from the compact base and the loaded term entries. */
function toPlainIndex(base: LocalIndexBase, index: IndexShard) {
  const fields = SEARCH_FIELDS.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let id = 0; id < base.nextId; id++) {
    documentIds[id] = id;
    fieldLength[id] = base.fieldLength.slice(id * fields, (id + 1) * fields);
  }
  return {
    documentCount: base.documentCount,
    nextId: base.nextId,
    documentIds,
    fieldIds: base.fieldIds,
    fieldLength,
    averageFieldLength: base.averageFieldLength,
    storedFields: {},
    dirtCount: base.dirtCount,
    index,
    serializationVersion: base.serializationVersion,
  };
}
