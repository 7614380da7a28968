import type { SiteData } from '../../templates/site-data.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import type { Route } from '../types.js';
import { addSectionRecords, type SearchRecord } from './collect-records.js';
import type { PageSection } from './extract-sections.js';
import { indexRecord, mergeRecordTerms, type RecordTerms } from './record-terms.js';

const TERMS = 'search-terms';
const MAX_STORED = 200_000_000;

export interface SearchIndexInput {
  routes: Route[];
  /** Each page's render key (render-site.ts): the same key, the same sections. */
  keys: string[];
  /** Each searchable route's sections, read while rendering (none unless the local search provider is on). */
  sections?: (PageSection[] | undefined)[];
  site: Pick<SiteData, 'baseUrl' | 'issuesUrl' | 'search'>;
  cache: DiskCache;
}

/**
 * The search files, reused whole when no page and no search setting changed.
 * Otherwise each page's terms come from the cache unless that page changed,
 * and the index is merged from them: an edit to one page indexes one page.
 */
export async function cachedSearchIndex({ routes, keys, sections, site, cache }: SearchIndexInput): Promise<Map<string, string>> {
  const key = hashOf(codeVersion(), site.baseUrl, site.issuesUrl, site.search, keys);
  const termsKey = (i: number) => hashOf(codeVersion(), keys[i]);
  const stored = cache.get<[string, string][]>('search', key);
  const cached = stored && new Map(stored);
  if (cached) {
    // Each page's terms stay for the build that changes one page.
    if (site.search.provider === 'local' && sections) sections.forEach((found, i) => found && cache.keep(TERMS, termsKey(i)));
    return cached;
  }
  const { buildSearchFiles } = await import('./build-search-index.js');
  const records: SearchRecord[] = [];
  const terms: RecordTerms[] = [];
  if (site.search.provider === 'local' && sections) {
    for (let i = 0; i < routes.length; i++) {
      const found = sections[i];
      if (!found) continue;
      const first = records.length;
      addSectionRecords(records, routes[i], found, site.baseUrl);
      let page = cache.get<RecordTerms[]>(TERMS, termsKey(i));
      if (!page || page.length !== records.length - first) {
        page = records.slice(first).map((record) => indexRecord(record));
        cache.set(TERMS, termsKey(i), page);
      }
      terms.push(...page);
    }
  }
  const { files } = buildSearchFiles(routes, records, site, mergeRecordTerms(terms));
  // One entry, not a file per index file: a site's index is hundreds of files, and writing each cost more than the merge.
  // A giant index (over MAX_STORED characters) is merged again next time instead of stored as one string.
  let size = 0;
  for (const contents of files.values()) size += contents.length;
  if (size < MAX_STORED) cache.set('search', key, [...files]);
  return files;
}
