/**
 * The `plugins` of a Docusaurus config, entry by entry. Plugins are code, so
 * none is carried over as such; the docs plugin is data all the same: the
 * default instance becomes `docs` when no preset gave one, and any other
 * instance (a second docs folder at its own route) is listed so migrate can
 * name it with its doc count. Plugins whose job docsgen does itself say so.
 */

import { trimSlashes } from '../url-parts.js';
import { isObject, shownName, type Data, type Note } from './map-values.js';

/** A docs plugin instance docsgen's config cannot express (it builds one docs folder). */
export interface ExtraDocs {
  /** Its key path in the Docusaurus config (`plugins[1]`). */
  at: string;
  id: string;
  /** Its folder, relative to the site folder. */
  path: string;
  /** Its route, without slashes. */
  routeBasePath: string;
}

const DOCS_PLUGIN = '@docusaurus/plugin-content-docs';

/** What docsgen does instead of a plugin, by the plugin's package name. */
const INSTEAD: Record<string, string> = {
  '@docusaurus/plugin-google-analytics': 'write `analytics.gtag` instead',
  '@docusaurus/plugin-google-tag-manager': 'only `gtag` analytics are supported',
  '@docusaurus/plugin-client-redirects': 'docsgen writes no redirect pages',
  '@docusaurus/plugin-ideal-image': 'images are published as they are',
  '@docusaurus/plugin-debug': 'not needed',
  '@easyops-cn/docusaurus-search-local': 'docsgen has local search built in',
  '@cmfcmf/docusaurus-search-local': 'docsgen has local search built in',
  'docusaurus-lunr-search': 'docsgen has local search built in',
  'docusaurus-plugin-typedoc':
    "docsgen generates API pages from a package's types with typedoc: see `api` in docsgen's config reference (docs/reference/config)",
  'docusaurus-plugin-sass': "the theme's CSS is in templates/styles/",
};

/** Docusaurus's short names: `content-docs` is `@docusaurus/plugin-content-docs`. */
function fullName(name: string): string {
  if (
    /^[a-z-]+$/.test(name) &&
    (name.startsWith('content-') ||
      [
        'sitemap',
        'google-gtag',
        'google-analytics',
        'google-tag-manager',
        'client-redirects',
        'ideal-image',
        'debug',
        'pwa',
      ].includes(name))
  )
    return `@docusaurus/plugin-${name}`;
  return name;
}

export interface PluginMappers {
  /** Whether the docs are set already (by a preset). */
  hasDocs: () => boolean;
  /** Reads the options of the docs plugin instance that becomes `docs`. */
  useAsDocs: (options: unknown, at: string) => void;
  sitemap: (options: unknown, at: string) => void;
  gtag: (options: unknown, at: string) => void;
  /** Reads the pages plugin's options (src/pages). */
  pages: (options: unknown, at: string) => void;
  /** Reads the blog plugin's options. */
  blog: (options: unknown, at: string) => void;
}

/** Maps each plugin entry; returns the docs instances that are not built. */
export function mapPlugins(plugins: unknown, note: Note, map: PluginMappers): ExtraDocs[] {
  if (plugins === undefined) return [];
  if (!Array.isArray(plugins)) {
    note('plugins', 'not a list; plugins are code and not carried over');
    return [];
  }
  const extra: ExtraDocs[] = [];
  plugins.forEach((plugin: unknown, i) => {
    const at = `plugins[${i}]`;
    const [name, options] = Array.isArray(plugin) ? plugin : [plugin, undefined];
    if (typeof name !== 'string')
      return note(
        at,
        `the plugin ${shownName(name)} is code; docsgen has the docs, search, sitemap, mermaid and analytics built in`,
      );
    const full = fullName(name);
    const opts: Data = isObject(options) ? options : {};
    if (full === DOCS_PLUGIN) {
      const id = typeof opts.id === 'string' ? opts.id : 'default';
      if (id === 'default' && !map.hasDocs()) return map.useAsDocs(opts, `${at}[1]`);
      extra.push({
        at,
        id,
        path: typeof opts.path === 'string' ? opts.path : 'docs',
        routeBasePath: trimSlashes(typeof opts.routeBasePath === 'string' ? opts.routeBasePath : 'docs'),
      });
      return;
    }
    if (full === '@docusaurus/plugin-sitemap') return map.sitemap(opts, `${at}[1]`);
    if (full === '@docusaurus/plugin-google-gtag') return map.gtag(opts, `${at}[1]`);
    if (full === '@docusaurus/plugin-content-pages') return map.pages(opts, `${at}[1]`);
    if (full === '@docusaurus/plugin-content-blog') return map.blog(opts, `${at}[1]`);
    note(
      at,
      `the plugin ${shownName(name)} is not carried over: ${INSTEAD[full] ?? 'plugins are code; docsgen has the docs, search, sitemap, mermaid and analytics built in'}`,
    );
  });
  return extra;
}
