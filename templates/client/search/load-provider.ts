/**
 * Loads `search/settings.json` and the provider it names; each provider's
 * code (MiniSearch or Algolia's lite client) is its own lazy chunk.
 */
import type { SearchProvider, SearchSettings } from '../../shared/search-types.js';

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
  if (settings.provider === 'algolia') {
    const { createAlgoliaProvider } = await import('./algolia-provider.js');
    return { settings, provider: createAlgoliaProvider(settings, settings.baseUrl) };
  }
  if (!settings.index) throw new Error('search: settings.json names no index');
  const { createLocalProvider } = await import('./local-provider.js');
  return { settings, provider: createLocalProvider(settings.index, settingsUrl) };
}
