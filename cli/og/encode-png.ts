import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An RGBA image as a PNG, compressed fast: resvg's own encoder compresses
 * harder and took twice as long as drawing the image. Rows are stored
 * unfiltered; a social image is mostly flat colour, which deflate's lowest
 * levels already pack well (about 35 KB).
 */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4;
  // Every byte is written below (each row's filter byte, 0, then its pixels): no need to zero 3 MB first.
  const rows = Buffer.allocUnsafe(height * (stride + 1));
  const pixels = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = 0;
    pixels.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 3 })),
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
