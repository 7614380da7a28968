import { unzlibSync } from 'fflate';

/**
 * What the title layout needs to know of a font: which characters it has and
 * how wide each is. Read from the WOFF files the social images are drawn
 * with (templates/og/fonts/, trusted), so the layout measures exactly the
 * glyphs satori will draw and can drop the ones it would draw as boxes.
 */
export interface FontMetrics {
  /** Units per em: advances are in these units. */
  unitsPerEm: number;
  /** The advance width of a code point in font units, undefined when the font has no glyph for it. */
  advance(codePoint: number): number | undefined;
}

const TABLES = new Set(['cmap', 'hmtx', 'hhea', 'head']);

/** Reads the `cmap`, `hmtx`, `hhea` and `head` tables of a WOFF (1.0) file. */
export function readFontMetrics(woff: Uint8Array): FontMetrics {
  const data = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (data.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const tables = new Map<string, Buffer>();
  const count = data.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const entry = 44 + i * 20;
    const tag = data.toString('latin1', entry, entry + 4);
    // Only the tables read below: the glyph outlines, most of the file, are satori's business.
    if (!TABLES.has(tag)) continue;
    const offset = data.readUInt32BE(entry + 4);
    const compressed = data.readUInt32BE(entry + 8);
    const original = data.readUInt32BE(entry + 12);
    const bytes = data.subarray(offset, offset + compressed);
    // fflate, not node:zlib: this runs in an image worker, which may be terminated while it starts (image-workers.ts).
    const table = compressed < original ? unzlibSync(bytes) : bytes;
    tables.set(tag, Buffer.from(table.buffer, table.byteOffset, table.byteLength));
  }
  const table = (tag: string) => {
    const found = tables.get(tag);
    if (!found) throw new Error(`the font has no ${tag} table`);
    return found;
  };
  const unitsPerEm = table('head').readUInt16BE(18);
  const metrics = readAdvances(table('hhea'), table('hmtx'));
  const glyphs = readCharacterMap(table('cmap'));
  return {
    unitsPerEm,
    advance: (codePoint) => {
      const glyph = glyphs.get(codePoint);
      if (!glyph) return undefined;
      return metrics[Math.min(glyph, metrics.length - 1)];
    },
  };
}

/** Each glyph's advance width (glyphs past `numberOfHMetrics` share the last one). */
function readAdvances(hhea: Buffer, hmtx: Buffer): number[] {
  const count = hhea.readUInt16BE(34);
  return Array.from({ length: count }, (_, i) => hmtx.readUInt16BE(i * 4));
}

/** Code point → glyph id, from the Unicode subtable (format 12 or 4). */
function readCharacterMap(cmap: Buffer): Map<number, number> {
  const glyphs = new Map<number, number>();
  const subtables = cmap.readUInt16BE(2);
  const offsets: number[] = [];
  for (let i = 0; i < subtables; i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))
      offsets.push(cmap.readUInt32BE(record + 4));
  }
  for (const offset of offsets) {
    const format = cmap.readUInt16BE(offset);
    if (format === 12) readFormat12(cmap, offset, glyphs);
    else if (format === 4) readFormat4(cmap, offset, glyphs);
  }
  return glyphs;
}

function readFormat12(cmap: Buffer, offset: number, glyphs: Map<number, number>): void {
  const groups = cmap.readUInt32BE(offset + 12);
  for (let i = 0; i < groups; i++) {
    const group = offset + 16 + i * 12;
    const start = cmap.readUInt32BE(group);
    const end = cmap.readUInt32BE(group + 4);
    const first = cmap.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) if (!glyphs.has(c)) glyphs.set(c, first + c - start);
  }
}

function readFormat4(cmap: Buffer, offset: number, glyphs: Map<number, number>): void {
  const segments = cmap.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        glyph = at + 2 <= cmap.length ? cmap.readUInt16BE(at) : 0;
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0 && !glyphs.has(c)) glyphs.set(c, glyph);
    }
  }
}
