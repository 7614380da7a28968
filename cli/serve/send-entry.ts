import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { negotiateEncoding } from './accept-encoding.js';
import { COMPRESS_WHOLE_LIMIT, createCompressor, type CompressedBodies } from './compressed-bodies.js';
import { cacheControlOf, contentTypeOf, isCompressible } from './content-types.js';
import type { SiteEntry } from './site-source.js';
import { bodyValidators, fileValidators, isNotModified, type Validators } from './validators.js';

/** Bodies shorter than this are sent as they are: compressing them saves less than it costs. */
const MIN_COMPRESS_BYTES = 1024;

/** A body to send, with its validators: bytes in memory, or a file opened before answering. */
type Body = ({ bytes: Uint8Array } | { file: FileHandle; path: string }) & { size: number; validators: Validators };

/**
 * Answers with one file of the site: its Content-Type, Cache-Control and
 * `nosniff`; ETag (and Last-Modified for files on disk) with a 304 when the
 * browser's copy is current; brotli or gzip for text when the client accepts
 * it (`Vary: Accept-Encoding` on every text answer, so a shared cache keeps
 * the codings apart); no body for HEAD. Resolves to false, having sent
 * nothing, when a file on disk is gone by the time it is opened.
 */
export async function sendEntry(
  req: IncomingMessage,
  res: ServerResponse,
  entry: SiteEntry,
  sitePath: string,
  status: number,
  compressed: CompressedBodies,
  vary?: string,
): Promise<boolean> {
  const body = await openBody(entry);
  if (!body) return false;
  const type = contentTypeOf(sitePath);
  const headers: Record<string, string | number> = {
    'content-type': type,
    'cache-control': cacheControlOf(sitePath),
    'x-content-type-options': 'nosniff',
  };
  const compressible = isCompressible(type);
  // `vary`: a request header that chose this body among others (Accept, for a page and its Markdown copy).
  const varies = [vary, compressible ? 'Accept-Encoding' : undefined].filter(Boolean);
  if (varies.length) headers.vary = varies.join(', ');
  // A 404 page carries no validators: the browser asked about another URL, not the not-found page.
  if (status === 200) {
    headers.etag = body.validators.etag;
    if (body.validators.lastModified) headers['last-modified'] = body.validators.lastModified;
    if (isNotModified(req.headers, body.validators)) {
      await closeBody(body);
      delete headers['content-type'];
      res.writeHead(304, headers).end();
      return true;
    }
  }
  const encoding =
    compressible && body.size >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers['accept-encoding']) : undefined;
  const head = req.method === 'HEAD';
  if (encoding && body.size <= COMPRESS_WHOLE_LIMIT) {
    const key = `${'path' in body ? body.path : ''}\0${body.validators.etag}`;
    const bytes = await compressed.get(key, encoding, () => readBody(body)).finally(() => closeBody(body));
    res.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': bytes.byteLength });
    res.end(head ? undefined : bytes);
  } else if ('bytes' in body) {
    res.writeHead(status, { ...headers, 'content-length': body.size });
    res.end(head ? undefined : body.bytes);
  } else if (head || body.size === 0) {
    await closeBody(body);
    res
      .writeHead(
        status,
        encoding ? { ...headers, 'content-encoding': encoding } : { ...headers, 'content-length': body.size },
      )
      .end();
  } else {
    // No more than the length found when it was opened is sent if the file grows meanwhile;
    // pipeline closes the file when the reader goes away mid-transfer.
    const stream = body.file.createReadStream({ end: body.size - 1 });
    if (encoding) {
      res.writeHead(status, { ...headers, 'content-encoding': encoding });
      pipeline(stream, createCompressor(encoding), res, () => undefined);
    } else {
      res.writeHead(status, { ...headers, 'content-length': body.size });
      pipeline(stream, res, () => undefined);
    }
  }
  return true;
}

/**
 * Opens a file entry before answering: a file deleted since it was found
 * (dev, while you edit) is then not found, instead of a reset connection.
 */
async function openBody(entry: SiteEntry): Promise<Body | undefined> {
  if ('body' in entry) {
    const bytes = typeof entry.body === 'string' ? Buffer.from(entry.body) : entry.body;
    return { bytes, size: bytes.byteLength, validators: bodyValidators(bytes) };
  }
  const file = await open(entry.file).catch(() => undefined);
  if (!file) return undefined;
  const info = await file.stat({ bigint: true });
  return { file, path: entry.file, size: Number(info.size), validators: fileValidators(info.size, info.mtimeNs) };
}

/** The whole body, at most the length the file had when it was opened. */
async function readBody(body: Body): Promise<Uint8Array> {
  if ('bytes' in body) return body.bytes;
  const bytes = Buffer.alloc(body.size);
  let filled = 0;
  while (filled < body.size) {
    const { bytesRead } = await body.file.read(bytes, filled, body.size - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return bytes.subarray(0, filled);
}

async function closeBody(body: Body): Promise<void> {
  if ('file' in body) await body.file.close().catch(() => undefined);
}
