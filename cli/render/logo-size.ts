import { readFileSync, statSync } from 'node:fs';
import { imageSize } from 'image-size';
import type { SiteConfig } from '../config/schema.js';
import { checkSiteFile, type FileRule } from '../files/site-files.js';
import { staticCandidates } from '../files/static-dirs.js';
import { isExternalUrl } from '../url-parts.js';

/** Larger files are not read for their size: a logo is a few kilobytes. */
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

/**
 * The navbar logo's intrinsic size, read from its file in `public/` (through
 * the file rule, like any file content names), so the theme can keep its
 * aspect ratio without a layout shift. Undefined for an external URL, a file
 * the rule refuses or that is missing, or a format image-size does not know.
 */
export function readLogoSize(
  config: SiteConfig,
  rule: FileRule,
  staticDirs: readonly string[],
): { width: number; height: number } | undefined {
  const src = config.navbar.logo?.src;
  if (!src || isExternalUrl(src)) return undefined;
  const checked = staticCandidates(staticDirs, src)
    .map((candidate) => checkSiteFile(rule, candidate))
    .find((check) => check.kind !== 'missing');
  if (checked?.kind !== 'ok') return undefined;
  try {
    if (statSync(checked.real).size > MAX_LOGO_BYTES) return undefined;
    const { width, height } = imageSize(readFileSync(checked.real));
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
