import type { Plugin } from 'esbuild';

/** The search providers the theme's client knows, by config name: the module `client/search/load-provider.ts` imports for each. */
const PROVIDER_MODULES = { local: './local-provider.js', algolia: './algolia-provider.js' } as const;

export type SearchProviderName = keyof typeof PROVIDER_MODULES;

/** The constant the client reads to know which provider its bundle holds (declared in `load-provider.ts`). */
const PROVIDER_CONSTANT = '__DOCSGEN_SEARCH_PROVIDER__';

/**
 * The client bundle holds the code of one search provider, the site's: the local index's ranker or Algolia's lite client, never
 * both. The constant makes the other provider's branch in `load-provider.ts` dead code, and this plugin leaves its
 * module out (esbuild would otherwise still read and emit it as a chunk: it drops dead code, not the imports in it);
 * so a site with local search carries no Algolia chunk and needs no `algoliasearch` installed.
 */
export function searchProviderOptions(provider: SearchProviderName): {
  define: Record<string, string>;
  plugin: Plugin;
} {
  const unused = new Set<string>(
    Object.entries(PROVIDER_MODULES).flatMap(([name, module]) => (name === provider ? [] : [module])),
  );
  return {
    define: { [PROVIDER_CONSTANT]: JSON.stringify(provider) },
    plugin: {
      name: 'docsgen-search-provider',
      setup(build) {
        build.onResolve({ filter: /-provider\.js$/ }, (args) =>
          unused.has(args.path) && args.importer.endsWith('load-provider.ts')
            ? { path: args.path, external: true }
            : undefined,
        );
      },
    },
  };
}
