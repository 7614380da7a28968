import { createHash } from 'node:crypto';
import type { SiteData } from '../../templates/shared/site-data.js';
import type { SearchSettings } from '../../templates/shared/search-types.js';
import type { RenderedPage, Route } from '../types.js';
import { collectRecords, isSearchable, pageGroup, type SearchRecord } from './collect-records.js';
import type { PlainIndex } from './record-terms.js';
import { shardIndex } from './shard-index.js';

/** Folder of the search files in the output; `settings.json` is the one file with a fixed name. */
export const SEARCH_DIR = 'search';
const SUGGESTIONS = 3;

export interface SearchIndexOutput {
  /** Output path → contents. */
  files: Map<string, string>;
  /** Number of records (page sections) indexed; 0 with a hosted provider. */
  records: number;
}

/**
 * Writes what the search UI needs: `search/settings.json` (the provider's
 * settings) and, for the local provider, the index built from the rendered
 * pages, split into content-hashed files the browser fetches on first use.
 */
export function buildSearchIndex(pages: readonly RenderedPage[], site: SearchSite): SearchIndexOutput {
  const records = site.search.provider === 'local' ? collectRecords(pages, site.baseUrl) : [];
  return buildSearchFiles(
    pages.map((page) => page.route),
    records,
    site,
  );
}

type SearchSite = Pick<SiteData, 'baseUrl' | 'issuesUrl' | 'search' | 'docsVersions'>;

/**
 * The same from records collected page by page (a build does not keep every page in memory), and their index
 * when it was merged from cached pages; only the local provider uses them.
 */
export function buildSearchFiles(
  routes: readonly Route[],
  records: SearchRecord[],
  site: SearchSite,
  indexed?: PlainIndex,
): SearchIndexOutput {
  const files = new Map<string, string>();
  const common = {
    baseUrl: site.baseUrl,
    searchPageUrl: `${site.baseUrl}search`,
    issuesUrl: site.issuesUrl,
  };
  if (site.search.provider !== 'local') {
    const settings: SearchSettings = { ...site.search, ...common, suggestions: pickSuggestions(routes) };
    files.set(`${SEARCH_DIR}/settings.json`, JSON.stringify(settings));
    return { files, records: 0 };
  }
  const sharded = shardIndex(records, indexed, site.docsVersions?.find((v) => v.isLast)?.name);
  const add = (name: string, value: unknown) => {
    const json = JSON.stringify(value);
    const file = `${name}.${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`;
    files.set(`${SEARCH_DIR}/${file}`, json);
    return file;
  };
  const shards: Record<string, string> = {};
  let n = 0;
  for (const [key, shard] of sharded.shards) shards[key] = add(`terms-${n++}`, shard);
  const settings: SearchSettings = {
    provider: 'local',
    ...common,
    suggestions: pickSuggestions(routes),
    index: {
      keyLength: sharded.keyLength,
      base: add('base', sharded.base),
      shards,
      docs: sharded.docs.map((chunk, i) => add(`docs-${i}`, chunk)),
      ...(site.search.synonyms?.length
        ? { synonyms: site.search.synonyms.map((group) => group.map((word) => word.toLowerCase())) }
        : {}),
    },
  };
  files.set(`${SEARCH_DIR}/settings.json`, JSON.stringify(settings));
  return { files, records: records.length };
}

/** "Try searching for": the first page title of each of the first groups. */
function pickSuggestions(routes: readonly Route[]): string[] {
  const seen = new Map<string, string>();
  for (const route of routes)
    if (isSearchable(route) && !seen.has(pageGroup(route))) seen.set(pageGroup(route), route.title);
  return [...seen.values()].slice(0, SUGGESTIONS);
}
