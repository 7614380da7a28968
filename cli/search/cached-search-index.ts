import { createHash } from 'node:crypto';
import type { SiteData } from '../../templates/shared/site-data.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import type { LazyFile, Route } from '../types.js';
import { buildSearchFiles } from './build-search-index.js';
import { addSectionRecords, type SearchRecord } from './collect-records.js';
import type { PageSection } from './extract-sections.js';
import { wordParts } from '../../templates/shared/search-terms.js';
import { indexRecord, memoize, mergeRecordTerms, type RecordTerms } from './record-terms.js';

const TERMS = 'search-terms';

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
 * The search files, each with a key, made only when the output must write
 * one. When no page and no search setting changed, the files are the
 * previous build's (their names and keys are cached, not their contents):
 * the output keeps them without the index being merged again. Otherwise
 * each page's terms come from the cache unless that page changed, and the
 * index is merged from them: an edit to one page indexes one page.
 */
export function cachedSearchIndex(input: SearchIndexInput): Map<string, LazyFile> {
  const { keys, site, cache } = input;
  const key = hashOf(codeVersion(), site.baseUrl, site.issuesUrl, site.search, keys);
  const termsKey = (i: number) => hashOf(codeVersion(), keys[i]);
  // Only the local provider indexes pages; a hosted one gets its settings file alone.
  const sections = site.search.provider === 'local' ? input.sections : undefined;
  let built: Map<string, string> | undefined;
  const build = () => (built ??= mergeSearchFiles(input, sections, termsKey));

  const names = cache.get<[string, string][]>('search', key);
  if (names) {
    // Each page's terms stay for the build that changes one page.
    sections?.forEach((found, i) => found && cache.keep(TERMS, termsKey(i)));
    return new Map(names.map(([name, fileKey]) => [name, { key: fileKey, contents: () => contentsOf(build(), name) }]));
  }
  const files = keyedFiles(build());
  cache.set(
    'search',
    key,
    [...files].map(([name, file]) => [name, file.key]),
  );
  return files;
}

/**
 * The files made now, each keyed by its contents. A function of its own: a closure made here holds only the
 * contents, not the pages' sections that `cachedSearchIndex`'s closures hold (a large site's text, until written).
 */
function keyedFiles(built: Map<string, string>): Map<string, LazyFile> {
  return new Map(
    [...built].map(([name, contents]) => [
      name,
      { key: createHash('sha256').update(contents).digest('hex'), contents: () => contents },
    ]),
  );
}

/** The search files, from each page's terms: cached ones reused, the others indexed and cached. */
function mergeSearchFiles(
  { routes, site, cache }: SearchIndexInput,
  sections: SearchIndexInput['sections'],
  termsKey: (i: number) => string,
): Map<string, string> {
  const records: SearchRecord[] = [];
  // Page by page, each merged as soon as it is read: all of a large site's terms at once would take gigabytes.
  function* pageTerms(): Generator<RecordTerms> {
    // The same words come back thousands of times: each is split into terms once per build.
    const termsOf = memoize(wordParts);
    for (let i = 0; i < routes.length; i++) {
      const found = sections?.[i];
      if (!found) continue;
      const first = records.length;
      addSectionRecords(records, routes[i], found, site.baseUrl);
      let page = cache.get<RecordTerms[]>(TERMS, termsKey(i));
      if (!page || page.length !== records.length - first) {
        page = records.slice(first).map((record) => indexRecord(record, termsOf));
        cache.set(TERMS, termsKey(i), page);
      }
      yield* page;
    }
  }
  return buildSearchFiles(routes, records, site, mergeRecordTerms(pageTerms())).files;
}

function contentsOf(files: Map<string, string>, name: string): string {
  const contents = files.get(name);
  // The same pages and settings give the same files; a name the index no longer has would be a bug, not stale output.
  if (contents === undefined) throw new Error(`search index: ${name} was expected from the same pages and settings`);
  return contents;
}
