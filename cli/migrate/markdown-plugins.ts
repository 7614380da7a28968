/**
 * What `migrate` says about each remark or rehype plugin of a Docusaurus
 * config: a plugin is code, so it is never carried over, and every one is
 * named. For the plugins docsgen does itself the note says so and that
 * nothing needs writing; for any other, what a reader of the built site will
 * see: the plugin's own syntax shown as written where it is still valid
 * Markdown (a heading marker such as `[A]`), and reported where it is not.
 */

import type { SkippedValue } from './read-js-data.js';

/** The docs options (and the blog's and pages') that hold Markdown plugins. */
const PLUGIN_KEYS = ['remarkPlugins', 'rehypePlugins', 'beforeDefaultRemarkPlugins', 'beforeDefaultRehypePlugins'];

/** The plugins docsgen has built in, by the module a config imports them from, and what docsgen does instead. */
const BUILT_IN: Record<string, string> = {
  'remark-code-import': 'code blocks with `file=./example.tsx` (and `#L3-L7`) are filled from the file',
  '@docusaurus/remark-plugin-npm2yarn':
    '`npm2yarn` code blocks become npm, Yarn and pnpm tabs (`markdown.npm2yarn`, on by default)',
  'docusaurus-remark-plugin-tab-blocks': 'consecutive code blocks marked `tab` become one group of tabs',
  'remark-admonitions': 'admonitions (`:::note`, `:::tip`, …) are built in',
  'remark-gfm': 'GitHub Markdown (tables, task lists, strikethrough, autolinks, footnotes) is built in',
};

/**
 * The note for a value left out of a Markdown plugin list (`presets[0][1].docs.remarkPlugins[0]`,
 * `…remarkPlugins[1][0]` for `[plugin, options]`, or the whole list when it is computed), or undefined
 * for any other value.
 */
export function markdownPluginAdvice(skipped: SkippedValue): string | undefined {
  const key = pluginListKey(skipped.path);
  if (key === undefined) return undefined;
  const kind = key.toLowerCase().includes('rehype') ? 'rehype' : 'remark';
  const builtIn = skipped.module === undefined ? undefined : BUILT_IN[skipped.module];
  if (builtIn) return `\`${skipped.module}\` is built into docsgen: ${builtIn}; nothing needs to be written`;
  const from = skipped.module && skipped.module !== skipped.source ? ` (from ${skipped.module})` : '';
  // The whole list is code (`remarkPlugins: plugins()`), or one plugin of it.
  const list = skipped.path.endsWith(key);
  const what = list
    ? `the ${kind} plugins \`${skipped.source}\` are`
    : `the ${kind} plugin \`${skipped.source}\`${from} is`;
  return `${what} not carried over: docsgen runs no Markdown plugins. Plugin syntax that is still valid Markdown (a heading marker such as \`[A]\`) is shown as written, without a warning; other plugin syntax is reported where docsgen finds it. Check the pages that use ${list ? 'them' : 'it'}`;
}

/** The Markdown plugin list a key path is in (`remarkPlugins`), or undefined: the last name before any `[n]`. */
function pluginListKey(path: string): string | undefined {
  let end = path.length;
  while (end > 0 && path[end - 1] === ']') {
    const open = path.lastIndexOf('[', end - 1);
    if (open === -1) return undefined;
    end = open;
  }
  const name = path.slice(path.lastIndexOf('.', end - 1) + 1, end);
  return PLUGIN_KEYS.includes(name) ? name : undefined;
}
