import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The validators a served file carries, so a browser revalidating a page
 * (`no-cache`) gets a 304 without the body when nothing changed.
 *
 * A file on disk: a weak ETag from its size and modification time (in
 * nanoseconds), plus Last-Modified. Both come from the stat the server makes
 * anyway, so nothing is read to answer a 304; a build replaces every file it
 * writes, so a changed file always gets a new tag (an unchanged one rewritten
 * by a rebuild is sent once more). A body in memory (dev's rendered pages): a
 * weak ETag from a hash of its bytes, which are at hand.
 *
 * Weak (`W/`), because the same tag names the file whichever coding it is
 * sent in (gzip, br, none): the bodies differ in bytes but not in meaning,
 * which is what a weak tag says; If-None-Match compares tags weakly anyway.
 */
export interface Validators {
  etag: string;
  /** An HTTP date, for files on disk. */
  lastModified?: string;
}

/** Validators of a file from its stat (`bigint: true`, for the nanoseconds). */
export function fileValidators(size: bigint, mtimeNs: bigint): Validators {
  return {
    etag: `W/"${size.toString(16)}-${mtimeNs.toString(16)}"`,
    lastModified: new Date(Number(mtimeNs / 1_000_000n)).toUTCString(),
  };
}

/** Validators of a body held in memory. */
export function bodyValidators(bytes: Uint8Array): Validators {
  return { etag: `W/"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a GET or HEAD may be answered 304 Not Modified (RFC 9110 §13.2.2):
 * If-None-Match, when sent, decides alone (`*`, or any listed tag equal to
 * ours by weak comparison); otherwise If-Modified-Since, at the second
 * (HTTP dates have no finer unit), against Last-Modified.
 */
export function isNotModified(headers: IncomingHttpHeaders, validators: Validators): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const ours = opaque(validators.etag);
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag.trim()) === ours);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || validators.lastModified === undefined) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && Date.parse(validators.lastModified) <= sinceMs;
}
