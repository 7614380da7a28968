/**
 * Shapes shared by the index builder, the settings file and the browser side
 * of search. Types only.
 */

/** The `search` part of the site data: what the browser needs to know about the provider. */
export type SearchProviderSettings =
  | {
      provider: 'local';
      /** Groups of words that stand for each other in a query (`search.synonyms`). */
      synonyms?: string[][];
    }
  | {
      provider: 'algolia';
      appId: string;
      /** The public, search-only key. */
      apiKey: string;
      indexName: string;
      contextualSearch: boolean;
      searchParameters: Record<string, unknown>;
      /** Hits whose URL matches are kept as they are; the others become local paths. */
      externalUrlRegex?: string;
      /** Custom hosts for the lite client (tests point it at a local server). */
      hosts?: { url: string; protocol: 'http' | 'https'; accept?: 'read' | 'readWrite' }[];
    };

/** `search/settings.json`: provider settings plus what every provider's UI shows. */
export type SearchSettings = SearchProviderSettings & {
  baseUrl: string;
  /** The `/search` page, baseUrl included. */
  searchPageUrl: string;
  /** "Let us know." links here (the repository's issues). */
  issuesUrl?: string;
  /** Offered under "Try searching for". */
  suggestions: string[];
  /** The local index's files, relative to `settings.json` (local provider only). */
  index?: LocalIndexManifest;
};

/** Which files make up the local index. */
export interface LocalIndexManifest {
  /** Terms are sharded by their first `keyLength` characters (0: one shard). */
  keyLength: number;
  base: string;
  /** Shard key → file. */
  shards: Record<string, string>;
  /** Record text, in chunks of consecutive record ids. */
  docs: string[];
  /** Groups of words that stand for each other in a query (`search.synonyms`), lower-cased. */
  synonyms?: string[][];
}

/** Everything of the index except the terms, in a compact form. */
export interface LocalIndexBase {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  averageFieldLength: number[];
  dirtCount: number;
  serializationVersion: number;
  /** Field lengths of record i at [i * fields, (i + 1) * fields). */
  fieldLength: number[];
  /** First record id of each doc chunk. */
  chunkStarts: number[];
  /** The number of records of each page, in order: a page's records are consecutive, its title on the first. */
  pageSizes: number[];
  /** With several docs versions: each record's version (an index into `names`), so a search keeps to the reader's version. */
  versions?: RecordVersions;
}

/** The docs version of each record, for a site with several. */
export interface RecordVersions {
  names: string[];
  /** The version searched where the page has none (the home page, /search) and no preference is stored. */
  last: string;
  /** Record id → index into `names`. */
  ofRecord: number[];
}

/**
 * One shard: the index entries of the terms it holds, `[term, {fieldId: postings}]`, where a field's postings are
 * its records in ascending order as pairs `[id gap, frequency, id gap, frequency, …]`, each gap from the previous
 * record (the first from 0): small numbers, shorter in JSON than record ids as keys.
 */
export type IndexShard = [string, Record<string, number[]>][];

/** A record as stored in a doc chunk: URL (baseUrl included), group, page title, heading, text. */
export type StoredRecord = [url: string, group: string, title: string, heading: string, text: string];

/** Text with some parts highlighted. */
export type Marked = { text: string; mark: boolean }[];

/** One result, provider-neutral; the UI only ever sets these as text. */
export interface SearchHit {
  url: string;
  group: string;
  pageTitle: string;
  heading: string;
  titleMarks: Marked;
  headingMarks: Marked;
  snippet: Marked;
}

export interface SearchResults {
  hits: SearchHit[];
  total: number;
  /** Zero-based. */
  page: number;
  pages: number;
}

export interface SearchRequest {
  page: number;
  hitsPerPage: number;
  /** Snippet length in words (10, or 5 on narrow screens). */
  snippetWords: number;
  /**
   * Aborted once a newer query replaces this one (the reader typed on), whose answer is then ignored: the local
   * provider fetches nothing more for it (not the text of hits no one will see) and rejects.
   */
  signal?: AbortSignal;
}

/** What both providers implement. Rejects when the provider or the index cannot be reached. */
export interface SearchProvider {
  search(query: string, request: SearchRequest): Promise<SearchResults>;
}
