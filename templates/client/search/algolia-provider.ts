/**
 * The hosted provider: queries go through Algolia's official lite client to a
 * DocSearch-shaped index; hits are mapped by `toSearchHit`.
 */
import { liteClient, type SearchResponse } from 'algoliasearch/lite';
import { MARK_CLOSE, MARK_OPEN, toSearchHit, type DocSearchHit } from './algolia-hits.js';
import type { SearchProvider, SearchProviderSettings, SearchRequest } from '../../shared/search-types.js';

type AlgoliaSettings = Extract<SearchProviderSettings, { provider: 'algolia' }>;

const ATTRIBUTES = [
  'hierarchy.lvl0',
  'hierarchy.lvl1',
  'hierarchy.lvl2',
  'hierarchy.lvl3',
  'hierarchy.lvl4',
  'hierarchy.lvl5',
  'hierarchy.lvl6',
  'content',
  'type',
  'url',
];

/** Creates the hosted provider from the site's `search` settings. */
export function createAlgoliaProvider(settings: AlgoliaSettings, baseUrl: string): SearchProvider {
  const hosts = settings.hosts?.map((host) => ({
    url: host.url,
    protocol: host.protocol,
    accept: host.accept ?? ('read' as const),
  }));
  const client = liteClient(settings.appId, settings.apiKey, hosts ? { hosts } : undefined);
  return {
    async search(query: string, request: SearchRequest) {
      const { results } = await client.search<DocSearchHit>({
        requests: [
          {
            indexName: settings.indexName,
            query,
            page: request.page,
            hitsPerPage: request.hitsPerPage,
            attributesToRetrieve: ATTRIBUTES,
            attributesToSnippet: [`content:${request.snippetWords}`],
            snippetEllipsisText: '…',
            highlightPreTag: MARK_OPEN,
            highlightPostTag: MARK_CLOSE,
            ...(settings.contextualSearch
              ? { facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']] }
              : {}),
            ...settings.searchParameters,
          },
        ],
      });
      const result = results[0] as SearchResponse<DocSearchHit> | undefined;
      if (!result || !Array.isArray(result.hits)) throw new Error('search: the provider answered without hits');
      return {
        hits: result.hits.map((hit) => toSearchHit(hit, { baseUrl, externalUrlRegex: settings.externalUrlRegex })),
        total: result.nbHits ?? result.hits.length,
        page: result.page ?? request.page,
        pages: result.nbPages ?? 1,
      };
    },
  };
}
