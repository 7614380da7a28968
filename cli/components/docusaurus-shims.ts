import path from 'node:path';
import type * as esbuild from 'esbuild';
import type { SiteConfig } from '../config/schema.js';
import { packageRoot } from '../package-root.js';
import { SHIMMED_MODULES } from './site-module-plugins.js';

/**
 * The `@theme/*` and `@docusaurus/*` modules a site component (or React page) may import,
 * each answered by docsgen's own implementation in `templates/docusaurus/`:
 * a component written for Docusaurus bundles unchanged when it uses only these.
 */
export const DOCUSAURUS_SHIMS: Readonly<Record<string, string>> = {
  '@docusaurus/Link': 'Link.tsx',
  '@theme/Link': 'Link.tsx',
  '@theme/CodeBlock': 'CodeBlock.tsx',
  '@theme/Tabs': 'Tabs.tsx',
  '@theme/TabItem': 'TabItem.tsx',
  '@theme/Admonition': 'Admonition.tsx',
  '@theme/Details': 'Details.tsx',
  '@docusaurus/useBaseUrl': 'useBaseUrl.ts',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext.ts',
  '@docusaurus/BrowserOnly': 'BrowserOnly.tsx',
  '@docusaurus/useIsBrowser': 'useIsBrowser.ts',
  '@docusaurus/Head': 'Head.tsx',
  '@docusaurus/theme-common': 'theme-common.ts',
  '@theme/useColorMode': 'useColorMode.ts',
  '@docusaurus/Translate': 'Translate.tsx',
  '@theme/Heading': 'Heading.tsx',
};

/** Every Docusaurus module docsgen answers: these, and the pages' `@theme/Layout` (site-module-plugins.ts). */
export const SUPPORTED_IMPORTS: readonly string[] = [
  ...Object.keys(DOCUSAURUS_SHIMS),
  ...SHIMMED_MODULES.filter((name) => !Object.hasOwn(DOCUSAURUS_SHIMS, name)),
];

/** Where the shims are: docsgen's own theme code, never a file of the site. */
export const shimsDir = () => path.join(packageRoot(), 'templates', 'docusaurus');

/** What the error of an import without a shim says (bundle-components.ts gives it its hint). */
export const NO_COUNTERPART = 'has no docsgen counterpart';

/** The imports this plugin answers: Docusaurus's theme aliases and packages. */
const DOCUSAURUS_IMPORT = /^@(?:theme|theme-original|theme-init|docusaurus)\//;

/** What the shims read of the config (templates/docusaurus/site.ts), as the bundler's define. */
export function siteDefine(config: SiteConfig): Record<string, string> {
  return { __DOCSGEN_SITE__: JSON.stringify(siteValues(config)) };
}

/** The config values a component sees: `useDocusaurusContext().siteConfig`, and a React page's `config` prop. */
export function siteValues(config: SiteConfig) {
  return {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: config.baseUrl,
    customFields: {},
  };
}

/**
 * The props a React page is rendered with, on the server and when it hydrates: Docusaurus's pages plugin gives
 * each page the site's config as `config` (pages written for Docusaurus 1 and 2 read `props.config.baseUrl`).
 */
export function pageProps(config: SiteConfig): Record<string, unknown> {
  return { config: siteValues(config) };
}

/**
 * Resolves a component's `@theme/*` and `@docusaurus/*` imports to the
 * shims; any other one is a bundle error at the import that names the ones
 * there are (a swizzled or plugin module docsgen has no counterpart for).
 */
export function docusaurusShimsPlugin(): esbuild.Plugin {
  const dir = shimsDir();
  return {
    name: 'docsgen-docusaurus-shims',
    setup(build) {
      build.onResolve({ filter: DOCUSAURUS_IMPORT }, (args) => {
        const shim = Object.hasOwn(DOCUSAURUS_SHIMS, args.path) ? DOCUSAURUS_SHIMS[args.path] : undefined;
        if (shim) return { path: path.join(dir, shim) };
        return {
          errors: [
            {
              text: `'${args.path}' ${NO_COUNTERPART}: docsgen provides ${SUPPORTED_IMPORTS.join(', ')}`,
            },
          ],
        };
      });
    },
  };
}
