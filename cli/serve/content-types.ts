import path from 'node:path';
import { lookup } from 'mrmime';

/** What mrmime's table leaves out and a site commonly holds. */
const MISSING: Record<string, string> = { ico: 'image/x-icon' };

/** Types whose bodies are text: they get `charset=utf-8` and are compressed. */
const TEXT_TYPE = /^(?:text\/|application\/(?:javascript|json|xml|yaml|toml|[a-z0-9.-]+\+(?:json|xml))$)/;

/**
 * The Content-Type of a served file, by extension, from mrmime's table (the
 * IANA and Apache lists): `.csv`, `.yaml`, `.mp3` and the rest get their real
 * type, text types with `; charset=utf-8` (docsgen writes and copies UTF-8),
 * and an unknown extension `application/octet-stream` (sent with `nosniff`,
 * so a browser downloads it rather than guessing).
 */
export function contentTypeOf(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  const type = lookup(extension) ?? MISSING[extension];
  if (!type) return 'application/octet-stream';
  return TEXT_TYPE.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * Whether a body of this Content-Type is worth compressing: text and SVG.
 * Images, fonts, audio, video and archives are compressed already
 * (png, woff2, mp3, zip), and a second pass only costs time.
 */
export function isCompressible(contentType: string): boolean {
  const type = contentType.split(';')[0]!;
  return TEXT_TYPE.test(type) || type === 'image/svg+xml';
}

/** A content hash in a file name (`main.3FQZ2K7A.js`, `shot-1a2b3c4d.png`) or a versioned vendor folder. */
const HASHED_NAME = /[.-][A-Za-z0-9_]{8,}\.[a-z0-9]+$/;
// `\d[^/]*`, not `\d+[^/]*`: the two overlap, and a long run of digits would backtrack.
const VERSIONED_DIR = /^assets\/[a-z-]+-\d+\.\d+\.\d[^/]*\//;

/**
 * Cache-Control for a file of the site: hashed files under `assets/` never
 * change (a new build gives them a new name), so they are cached for a year;
 * HTML and everything else is revalidated on every visit.
 */
export function cacheControlOf(sitePath: string): string {
  if (
    sitePath.startsWith('assets/') &&
    (HASHED_NAME.test(path.posix.basename(sitePath)) || VERSIONED_DIR.test(sitePath))
  ) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}
