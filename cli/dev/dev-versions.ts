import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../config/schema.js';
import type { FileRule } from '../files/content-files.js';
import { DocsgenError } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { VERSIONS_FILE } from '../versions/version-files.js';
import { CURRENT, readSiteVersions, type SiteVersion } from '../versions/site-versions.js';
import { refreshContent, type DevContent, type RefreshContentInput } from './dev-content.js';

/** The docs versions as dev keeps them: the main one (API reference, code samples) and the others, each with its content. */
export interface DevVersions {
  /** Every version, newest first. */
  all: VersionContent[];
  /** The one with the API reference and the checked code samples: `current`, else the last version. */
  main: VersionContent;
  /** Why versions.json or a versioned sidebars file could not be read (the last good versions stay in use). */
  errors: Diagnostic[];
}

export interface VersionContent {
  site: SiteVersion;
  content: DevContent;
}

/** Docusaurus's versions files, at the site root: content, like the docs folder. */
export function versionPaths(root: string): string[] {
  return [path.join(root, VERSIONS_FILE), path.join(root, 'versioned_docs'), path.join(root, 'versioned_sidebars')];
}

/**
 * The versions files dev watches: those that exist when it starts (watching
 * a missing path would watch the whole site root, output and cache
 * included). A site that starts versioning during a session needs a restart.
 */
export function watchedVersionPaths(root: string): string[] {
  return versionPaths(root).filter((file) => existsSync(file));
}

/**
 * Reads the versions again and refreshes each one's content (only what
 * changed is compiled again, as for the docs folder). A versions file that
 * does not read keeps the previous versions, with its errors for the overlay.
 */
export async function refreshVersions(
  previous: DevVersions | undefined,
  config: SiteConfig,
  rule: FileRule,
  input: Omit<RefreshContentInput, 'config'>,
): Promise<{ versions: DevVersions; changedRoutes: string[] }> {
  let sites: SiteVersion[];
  let errors: Diagnostic[] = [];
  try {
    sites = readSiteVersions(config, rule, input.configFile);
  } catch (error) {
    if (!(error instanceof DocsgenError) || !previous) throw error;
    sites = previous.all.map((v) => v.site);
    errors = error.diagnostics;
  }
  const main = sites.find((s) => s.version.name === CURRENT) ?? sites.find((s) => s.version.isLast)!;
  const before = new Map((previous?.all ?? []).map((v) => [v.site.version.name, v.content] as const));
  const changedRoutes: string[] = [];
  const refresh = async (site: SiteVersion): Promise<VersionContent> => {
    // Only the main version checks code samples: the older ones are shown as they were released.
    const result = await refreshContent(before.get(site.version.name), {
      ...input,
      config: site.config,
      contentFolders: sites.map((s) => s.config.docs.path),
      // Only the main version's links may name the site's pages, as in `build`.
      ...(site === main ? {} : { samples: undefined, otherRoutes: undefined, blogPosts: undefined }),
    });
    changedRoutes.push(...result.changedRoutes);
    return { site, content: result.content };
  };
  const all: VersionContent[] = [];
  for (const site of sites) all.push(await refresh(site));
  return { versions: { all, main: all[sites.indexOf(main)], errors }, changedRoutes };
}
