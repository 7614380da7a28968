import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import type { Encoding } from './accept-encoding.js';

/** Brotli at quality 5: close to its best ratio on minified JS and HTML, many times faster than the default 11. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) => promisify(zlib.brotliCompress)(body, BROTLI),
  gzip: (body) => promisify(zlib.gzip)(body),
};

/** A compressing stream, for a body too large to hold (see `COMPRESS_WHOLE_LIMIT`). */
export function createCompressor(encoding: Encoding): Transform {
  return encoding === 'br' ? zlib.createBrotliCompress(BROTLI) : zlib.createGzip();
}

/** Bodies up to this size are compressed whole and kept; larger ones are compressed as they stream. */
export const COMPRESS_WHOLE_LIMIT = 8 * 1024 * 1024;

/**
 * Compressed bodies kept in memory, so a file is compressed once per version
 * (its key names the file, its ETag and the coding) however often it is
 * asked for. Compression runs on libuv's thread pool, off the event loop; two
 * requests for the same body share one run. The total size is bounded: past
 * `maxBytes`, the least recently used bodies are dropped.
 */
export class CompressedBodies {
  private readonly entries = new Map<string, { body: Promise<Buffer>; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  /** The body under `key` in `encoding`; `read` supplies the uncompressed bytes when it is not kept. */
  async get(key: string, encoding: Encoding, read: () => Promise<Uint8Array>): Promise<Buffer> {
    const id = `${encoding}\0${key}`;
    const kept = this.entries.get(id);
    if (kept) {
      // Map order is use order: moved to the end, it is the last to be dropped.
      this.entries.delete(id);
      this.entries.set(id, kept);
      return kept.body;
    }
    const entry = { body: read().then(compressors[encoding]), bytes: 0 };
    this.entries.set(id, entry);
    try {
      const body = await entry.body;
      if (this.entries.get(id) === entry) this.account(entry, body.byteLength);
      return body;
    } catch (error) {
      if (this.entries.get(id) === entry) this.entries.delete(id);
      throw error;
    }
  }

  /** Records a finished body's size and drops the oldest bodies while the total is over the bound. */
  private account(entry: { bytes: number }, bytes: number): void {
    entry.bytes = bytes;
    this.total += bytes;
    for (const [oldId, old] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldId);
      this.total -= old.bytes;
    }
  }

  /** Bytes held now (for tests). */
  get size(): number {
    return this.total;
  }
}
