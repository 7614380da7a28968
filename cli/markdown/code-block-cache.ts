import { CACHE_VERSION, hashOf } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import { DEFAULT_LANGUAGES, type HighlighterOptions, versionOfShiki } from './highlighter.js';

/** The disk cache's folder for highlighted code (compile-worker.ts writes it, compile-docs.ts keeps it through prune). */
export const CODE_NAMESPACE = 'code';

/** A site's highlighter settings, as the compile worker creates its highlighter. */
export function highlighterOptionsOf(highlight: {
  themes: { light: string; dark: string };
  additionalLanguages: readonly string[];
}): HighlighterOptions {
  return { themes: highlight.themes, languages: [...DEFAULT_LANGUAGES, ...highlight.additionalLanguages] };
}

/**
 * The keys of the highlighted code a site's pages keep in the disk cache: one
 * entry of blocks per page file (its blocks' own keys hold their code), and
 * one of the languages the grammars cover. Both change with the highlighter's
 * settings and the generator's and shiki's versions.
 */
export function codeCacheKeys(options: HighlighterOptions) {
  const codeKey = hashOf(CACHE_VERSION, codeVersion(), versionOfShiki(), options);
  return { languages: hashOf('languages', codeKey), page: (file: string) => hashOf('blocks', codeKey, file) };
}
