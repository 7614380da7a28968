import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/** The Content-Type of a served file, by extension. */
export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
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
  if (sitePath.startsWith('assets/') && (HASHED_NAME.test(path.posix.basename(sitePath)) || VERSIONED_DIR.test(sitePath))) {
    return 'public, max-age=31536000, immutable';
  }
  return 'no-cache';
}
