import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Deflate's level, measured on 60 indexed cards of the synthetic site: levels 1 to 3 take about 1 ms a card
 * (26, 24 and 23 KB), level 4 twice that (20 KB), level 6 four times (19 KB).
 */
const LEVEL = 3;

/** The rows (each a filter byte, 0, then its pixels) before deflate: one buffer, reused, as each card is as large. */
let scratch: Buffer | undefined;

/**
 * An RGBA image as a PNG, compressed fast: resvg's own encoder compresses
 * harder and took twice as long as drawing the image. Rows are stored
 * unfiltered; a social image is mostly flat colour, which deflate's lowest
 * levels already pack well (about 35 KB).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  return png(width, height, 6, rows(rgba, width * 4, height));
}

/**
 * An image of at most 256 colours (`palette`, each 0xAABBGGRR) as an indexed
 * PNG: one byte a pixel to deflate instead of four, the same pixels.
 */
export function encodeIndexedPng(
  indices: Uint8Array,
  palette: readonly number[],
  width: number,
  height: number,
): Buffer {
  const plte = Buffer.alloc(palette.length * 3);
  const alpha = Buffer.alloc(palette.length);
  palette.forEach((colour, i) => {
    plte[i * 3] = colour & 0xff;
    plte[i * 3 + 1] = (colour >>> 8) & 0xff;
    plte[i * 3 + 2] = (colour >>> 16) & 0xff;
    alpha[i] = colour >>> 24;
  });
  // Transparency only where a colour has some: an opaque card has no tRNS chunk.
  const opaque = alpha.every((a) => a === 255);
  return png(width, height, 3, rows(indices, width, height), [
    chunk('PLTE', plte),
    ...(opaque ? [] : [chunk('tRNS', alpha)]),
  ]);
}

/** The image's rows, each after its filter byte (0: none). */
function rows(pixels: Uint8Array, stride: number, height: number): Buffer {
  const size = height * (stride + 1);
  // Every byte is written below: no need to zero it first.
  if (!scratch || scratch.length < size) scratch = Buffer.allocUnsafe(size);
  const out = scratch.subarray(0, size);
  for (let y = 0; y < height; y++) {
    out[y * (stride + 1)] = 0;
    out.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return out;
}

function png(width: number, height: number, colourType: 3 | 6, data: Buffer, extra: Buffer[] = []): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType; // 3: palette indices, 6: RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', deflateSync(data, { level: LEVEL })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, crc]);
}

/** True when the bytes end with an IEND chunk: a PNG cut short (a build killed while caching it) is not one. */
export function isCompletePng(bytes: Uint8Array): boolean {
  return (
    bytes.length > SIGNATURE.length + 12 &&
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-8, -4).toString('latin1') === 'IEND' &&
    SIGNATURE.equals(bytes.subarray(0, 8))
  );
}
