import path from 'node:path';
import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import type { Notice, Route } from '../types.js';
import { gitTimeoutMs, readGitDates, type GitDates } from './read-git-dates.js';

/** The rule of `check`'s notice when git gave no dates. */
export const LAST_UPDATE_UNAVAILABLE = 'last-update-unavailable';

/** The longest author name shown (a commit's author is whatever its author typed). */
const MAX_AUTHOR_LENGTH = 100;

/**
 * Whether anything uses the pages' last update: the line at a guide's foot
 * (date or author), `<lastmod>` in the sitemap or the structured data's
 * dateModified. With none of them git is never run.
 */
export function wantsLastUpdates(config: Pick<SiteConfig, 'docs' | 'sitemap' | 'structuredData'>): boolean {
  return (
    config.docs.showLastUpdateTime ||
    config.docs.showLastUpdateAuthor ||
    !!config.sitemap.lastmod ||
    config.structuredData
  );
}

/**
 * Starts reading the docs' dates from git (in the background: awaited when
 * the routes are built; it never rejects), or resolves to none when nothing
 * uses them.
 * `folders` are the docs folders of every version, `files` their docs.
 */
export function startGitDates(
  config: SiteConfig,
  input: { root: string; folders: string[]; files: string[]; cache: DiskCache },
): Promise<GitDates | undefined> {
  if (!wantsLastUpdates(config)) return Promise.resolve(undefined);
  // A bad DOCSGEN_GIT_TIMEOUT is a usage error now, before any page is compiled.
  const timeoutMs = gitTimeoutMs();
  return readGitDates({ ...input, timeoutMs }).catch((error: Error) => ({
    commits: new Map(),
    unavailable: { why: `reading git history failed: ${error.message}`, fix: 'set front matter last_update' },
  }));
}

/**
 * Sets `lastUpdate` on every doc route: front matter `last_update` first,
 * field by field, then git. The author is kept only when the site shows it
 * (`docs.showLastUpdateAuthor`), so no name is published that is not shown.
 */
export function addLastUpdates(routes: Route[], dates: GitDates | undefined, config: Pick<SiteConfig, 'docs'>): void {
  for (const route of routes) {
    if (route.kind !== 'doc' || !route.file) continue;
    const written = route.frontMatter?.last_update;
    const commit = dates?.commits.get(route.file.split(path.sep).join('/'));
    const date = written?.date ?? (commit ? new Date(commit.time * 1000).toISOString() : undefined);
    if (date === undefined) continue;
    const author = config.docs.showLastUpdateAuthor ? visibleAuthor(written?.author ?? commit?.author) : undefined;
    route.lastUpdate = author ? { date, author } : { date };
  }
}

/** An author name as shown: without control characters (a commit's author is anyone's), trimmed, at most 100 characters. */
function visibleAuthor(name: string | undefined): string | undefined {
  return (
    name
      ?.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
      .trim()
      .slice(0, MAX_AUTHOR_LENGTH) || undefined
  );
}

/** What `check` says, once, when git gave no dates. */
export function lastUpdateNotice(dates: GitDates | undefined): Notice | undefined {
  if (!dates?.unavailable) return undefined;
  return {
    rule: LAST_UPDATE_UNAVAILABLE,
    message: `pages show no "Last updated" date from git: ${dates.unavailable.why}; for dates, ${dates.unavailable.fix}`,
  };
}
