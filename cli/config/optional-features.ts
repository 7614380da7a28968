import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { installCommand, missingPackages, SOCIAL_IMAGE_PACKAGES } from '../optional-packages.js';
import type { Diagnostic } from '../types.js';
import { findKey, type SourcePlace } from './config-source.js';
import type { SiteConfig } from './schema.js';

/**
 * Refuses a config that asks for a feature whose optional package is not installed (cli/optional-packages.ts):
 * `search.provider: 'algolia'` needs `algoliasearch` (its client is bundled into the site), and `socialImages: true`,
 * written in the config, needs satori and resvg. A config error at the key, saying what to install or which key turns
 * the feature off, before any work. `socialImages` left at its default asks for nothing: without the packages the
 * build skips the images and says so once (cli/og/social-images-wanted.ts). `raw` is the config as written (before
 * the schema's defaults), to tell the two apart.
 */
export function assertOptionalPackages(config: SiteConfig, raw: unknown, where: { name: string; source: string }) {
  const diagnostics: Diagnostic[] = [];
  const problem = (message: string, place: SourcePlace, hint: string) =>
    diagnostics.push({ severity: 'error', rule: 'missing-package', message, file: where.name, ...place, hint });
  if (config.search.provider === 'algolia' && missingPackages(['algoliasearch']).length > 0)
    problem(
      "search.provider is 'algolia', but the algoliasearch package (Algolia's client, bundled into the site's search) is not installed",
      placeOf(where.source, ['search', 'provider']),
      `${installCommand(['algoliasearch'])}, or use the built-in search: search: { provider: 'local' }`,
    );
  const missing = missingPackages(SOCIAL_IMAGE_PACKAGES);
  if (writtenTrue(raw, 'socialImages') && missing.length > 0)
    problem(
      `socialImages is true, but ${missing.join(' and ')}, which draw the social images, ${missing.length > 1 ? 'are' : 'is'} not installed`,
      placeOf(where.source, ['socialImages']),
      `${installCommand(missing)}, or set socialImages: false (pages then show the config's image)`,
    );
  if (diagnostics.length === 0) return;
  throw new DocsgenError(`${where.name} asks for features whose packages are not installed`, {
    exitCode: EXIT_USAGE,
    diagnostics,
    hint: 'install them in the site (they are optional: only sites that use these features need them)',
  });
}

/** Whether the config as written sets `key` to true (not the schema's default). */
function writtenTrue(raw: unknown, key: string): boolean {
  return (
    typeof raw === 'object' && raw !== null && Object.hasOwn(raw, key) && (raw as Record<string, unknown>)[key] === true
  );
}

/** The place of the first of `keys` written once in the source. */
function placeOf(source: string, keys: string[]): SourcePlace {
  for (const key of keys) {
    const place = findKey(source, key);
    if (place.line) return place;
  }
  return {};
}
