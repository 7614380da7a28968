import { configSourceOf, findKey, findString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { trimSlashes } from '../url-parts.js';
import { versionDocsDir } from './version-files.js';

/** The docs folder's version, as Docusaurus names it. */
export const CURRENT = 'current';

/** One version of the docs, everything the later stages need to know of it. */
export interface DocsVersion {
  /** `current` (the docs folder) or a name of versions.json. */
  name: string;
  label: string;
  /** URL segment under `docs.routeBasePath` (`''` for the last version, by default). */
  path: string;
  /** Where its docs live, without slashes around: `docs` or `docs/1.0`. */
  routeBase: string;
  /** Its docs folder, relative to the site root. */
  docsDir: string;
  banner: 'none' | 'unreleased' | 'unmaintained';
  noIndex: boolean;
  /** Served at `routeBasePath`: the version readers are sent to, and the one the banners point at. */
  isLast: boolean;
}

/**
 * The versions the site builds, newest first, from versions.json's names
 * and the config's `docs` options (Docusaurus's rules). A `docs.versions`
 * key, `lastVersion` or `onlyIncludeVersions` entry that names no version is
 * a config error at its place.
 */
export function planVersions(config: SiteConfig, names: string[], configFile: string): DocsVersion[] {
  const { docs } = config;
  const all = [...(docs.includeCurrentVersion ? [CURRENT] : []), ...names];
  const known = `the versions are ${all.map((n) => `'${n}'`).join(', ') || 'none'} (the docs folder is 'current'; the others come from versions.json)`;
  if (all.length === 0)
    configError(
      'docs.includeCurrentVersion: false, and versions.json lists no version: there are no docs to build',
      'includeCurrentVersion',
      configFile,
      config,
      'list versions in versions.json, or include the current version',
    );
  for (const name of Object.keys(docs.versions)) {
    if (!all.includes(name))
      configError(`docs.versions.${name}: '${name}' is not a version`, name, configFile, config, known);
  }
  for (const name of docs.onlyIncludeVersions ?? []) {
    if (!all.includes(name))
      configError(`docs.onlyIncludeVersions: '${name}' is not a version`, name, configFile, config, known, true);
  }
  const included = docs.onlyIncludeVersions ? all.filter((name) => docs.onlyIncludeVersions!.includes(name)) : all;
  if (included.length === 0)
    configError(
      'docs.onlyIncludeVersions: no version is left to build',
      'onlyIncludeVersions',
      configFile,
      config,
      known,
    );
  const last = docs.lastVersion ?? names[0] ?? CURRENT;
  if (!included.includes(last))
    configError(
      `docs.lastVersion: '${last}' is not a version this site builds`,
      docs.lastVersion ? last : 'lastVersion',
      configFile,
      config,
      known,
      !!docs.lastVersion,
    );
  const lastIndex = all.indexOf(last);
  return included.map((name) => {
    const options = docs.versions[name] ?? {};
    const isLast = name === last;
    const path = trimSlashes(options.path ?? (isLast ? '' : name === CURRENT ? 'next' : name));
    return {
      name,
      label: options.label ?? (name === CURRENT ? 'Next' : name),
      path,
      routeBase: [trimSlashes(docs.routeBasePath), path].filter(Boolean).join('/'),
      docsDir: name === CURRENT ? docs.path : versionDocsDir(name),
      banner: options.banner ?? (isLast ? 'none' : all.indexOf(name) < lastIndex ? 'unreleased' : 'unmaintained'),
      noIndex: options.noIndex ?? false,
      isLast,
    };
  });
}

function configError(
  message: string,
  near: string,
  configFile: string,
  config: SiteConfig,
  hint: string,
  literal = false,
): never {
  const source = configSourceOf(config);
  const place = !source ? {} : literal ? findString(source, near) : findKey(source, near);
  throw new DocsgenError(`invalid config in ${configFile}`, {
    exitCode: EXIT_USAGE,
    diagnostics: [{ severity: 'error', rule: 'invalid-config', message, file: configFile, ...place, hint }],
    hint,
  });
}
