/**
 * Loads `search/settings.json` and the site's provider; the provider's code
 * (the local index's ranker or Algolia's lite client) is a lazy chunk, and the bundle holds
 * the site's provider only (cli/assets/search-provider-plugin.ts).
 */
import type { SearchProvider, SearchSettings } from '../../shared/search-types.js';

/** The provider this bundle was built for (`search.provider`), set by the bundler: the other one's branch is dead code. */
declare const __DOCSGEN_SEARCH_PROVIDER__: SearchSettings['provider'];

export interface LoadedSearch {
  settings: SearchSettings;
  provider: SearchProvider;
}

let loading: Promise<LoadedSearch> | undefined;

/** The search settings and provider, loaded once; a failure is retried on the next call. */
export function loadSearch(settingsUrl: URL): Promise<LoadedSearch> {
  loading ??= load(settingsUrl).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(settingsUrl: URL): Promise<LoadedSearch> {
  const response = await fetch(settingsUrl, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`search: ${settingsUrl.pathname} answered ${response.status}`);
  const settings = (await response.json()) as SearchSettings;
  // A tab opened before the config changed provider (dev) has the other provider's script: a reload fixes it.
  if (settings.provider !== __DOCSGEN_SEARCH_PROVIDER__)
    throw new Error(`search: the site now uses ${settings.provider} search: reload the page`);
  // Folded by the bundler: the other provider's function, and its import, are left out.
  return __DOCSGEN_SEARCH_PROVIDER__ === 'algolia' ? loadAlgolia(settings) : loadLocal(settings, settingsUrl);
}

async function loadAlgolia(settings: SearchSettings): Promise<LoadedSearch> {
  if (settings.provider !== 'algolia') throw new Error('search: settings.json names no Algolia index');
  const { createAlgoliaProvider } = await import('./algolia-provider.js');
  return { settings, provider: createAlgoliaProvider(settings, settings.baseUrl) };
}

async function loadLocal(settings: SearchSettings, settingsUrl: URL): Promise<LoadedSearch> {
  if (!settings.index) throw new Error('search: settings.json names no index');
  const { createLocalProvider } = await import('./local-provider.js');
  return { settings, provider: createLocalProvider(settings.index, settingsUrl) };
}
