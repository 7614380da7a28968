/**
 * What a file content names as an image or a video is, by its first bytes:
 * the formats browsers show in `<img>` and play in `<video>`/`<audio>`. A
 * file's name says nothing (an HTML page renamed `shot.png` is still HTML);
 * the published copy takes its extension from here, so the Content-Type a
 * host sends for it always matches what it holds. SVG is text and is judged
 * by parsing it (content-svg.ts), not here.
 */

/** Where a format may be used: an image (`<img>`, `srcset`, `poster`) or a video or audio source. */
export type MediaUse = 'image' | 'media';

export interface MediaType {
  /** Short name shown in messages (`PNG`, `MP4`). */
  name: string;
  use: MediaUse;
  /** Extensions the published copy may keep, lower case; the first is used when the file's own is not one of them. */
  extensions: readonly string[];
}

const type = (name: string, use: MediaUse, ...extensions: string[]): MediaType => ({ name, use, extensions });

export const PNG = type('PNG', 'image', 'png', 'apng');
export const JPEG = type('JPEG', 'image', 'jpg', 'jpeg', 'jfif', 'pjpeg', 'pjp');
export const GIF = type('GIF', 'image', 'gif');
export const WEBP = type('WebP', 'image', 'webp');
export const AVIF = type('AVIF', 'image', 'avif');
export const ICO = type('ICO', 'image', 'ico');
export const BMP = type('BMP', 'image', 'bmp');
export const SVG = type('SVG', 'image', 'svg');
export const MP4 = type('MP4', 'media', 'mp4', 'm4v', 'm4a', 'mov');
export const WEBM = type('WebM', 'media', 'webm', 'mkv');
export const OGG = type('Ogg', 'media', 'ogg', 'ogv', 'oga', 'opus');
export const MP3 = type('MP3', 'media', 'mp3');
export const AAC = type('AAC', 'media', 'aac');
export const FLAC = type('FLAC', 'media', 'flac');
export const WAV = type('WAV', 'media', 'wav');

/** Every type, for messages: what an image or a source may be. */
export const MEDIA_TYPES: readonly MediaType[] = [
  PNG,
  JPEG,
  GIF,
  WEBP,
  AVIF,
  ICO,
  BMP,
  SVG,
  MP4,
  WEBM,
  OGG,
  MP3,
  AAC,
  FLAC,
  WAV,
];

/** The sizes a BMP's second header declares (its version): anything else is not a BMP, whatever its first two bytes. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The binary format whose signature starts `bytes`, or undefined (text, SVG, HTML, anything else). */
export function sniffBinaryType(bytes: Uint8Array): MediaType | undefined {
  const ascii = (at: number, text: string) =>
    bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));
  const starts = (...values: number[]) => bytes.length >= values.length && values.every((v, i) => bytes[i] === v);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return PNG;
  if (starts(0xff, 0xd8, 0xff)) return JPEG;
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return GIF;
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return WEBP;
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return WAV;
  if (ascii(4, 'ftyp')) return isAvif(bytes) ? AVIF : MP4;
  if (starts(0x00, 0x00, 0x01, 0x00) && bytes.length >= 6 && (bytes[4] | bytes[5]) !== 0) return ICO;
  if (ascii(0, 'BM') && bytes.length >= 18 && BMP_HEADER_SIZES.has(readUint32LE(bytes, 14))) return BMP;
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return WEBM;
  if (ascii(0, 'OggS')) return OGG;
  if (ascii(0, 'fLaC')) return FLAC;
  if (ascii(0, 'ID3')) return MP3;
  // An MPEG audio frame: eleven set sync bits; layer bits 00 mark AAC in an ADTS stream.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0) return (bytes[1] & 0x06) === 0 ? AAC : MP3;
  return undefined;
}

/** An ISO media file (`ftyp` box) whose brands name AVIF: an image; other brands (mp4, isom, qt, M4A) are video or audio. */
function isAvif(bytes: Uint8Array): boolean {
  const size = Math.min(readUint32BE(bytes, 0), bytes.length, 256);
  for (let at = 8; at + 4 <= size; at += at === 8 ? 8 : 4) {
    const brand = String.fromCharCode(bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

function readUint32BE(bytes: Uint8Array, at: number): number {
  return ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
}

function readUint32LE(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16) | (bytes[at + 3] << 24)) >>> 0;
}

/** The extension a published copy of `type` gets: the file's own (lower case) when the type allows it, else the type's usual one. */
export function publishedExtension(type: MediaType, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const own = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return type.extensions.includes(own) ? own : type.extensions[0];
}
