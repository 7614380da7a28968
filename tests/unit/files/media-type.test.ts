/**
 * Files content names as images or sources are recognised by their first bytes, never their names
 * (issue 27): the published copy takes its extension from here.
 */
import { describe, expect, it } from 'vitest';
import {
  AAC,
  AVIF,
  BMP,
  FLAC,
  GIF,
  ICO,
  JPEG,
  MP3,
  MP4,
  OGG,
  PNG,
  publishedExtension,
  sniffBinaryType,
  SVG,
  WAV,
  WEBM,
  WEBP,
} from '../../../cli/files/media-type.js';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const ftyp = (major: string, ...compatible: string[]) => {
  const body = bytes('ftyp', major, [0, 0, 0, 0], ...compatible);
  return bytes([0, 0, 0, body.length + 4], body);
};

describe('sniffBinaryType', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', 'IHDR'), PNG],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), JPEG],
    ['GIF', bytes('GIF89a'), GIF],
    ['WebP', bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '), WEBP],
    ['AVIF (major brand)', ftyp('avif', 'mif1'), AVIF],
    ['AVIF (compatible brand)', ftyp('mif1', 'miaf', 'avif'), AVIF],
    ['ICO', bytes([0, 0, 1, 0, 1, 0]), ICO],
    ['BMP', bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [40, 0, 0, 0]), BMP],
    ['MP4', ftyp('isom', 'mp42'), MP4],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), WEBM],
    ['Ogg', bytes('OggS'), OGG],
    ['MP3 with a tag', bytes('ID3'), MP3],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90]), MP3],
    ['AAC frame', bytes([0xff, 0xf1, 0x50]), AAC],
    ['FLAC', bytes('fLaC'), FLAC],
    ['WAV', bytes('RIFF', [1, 0, 0, 0], 'WAVEfmt '), WAV],
  ])('recognises %s', (_, data, type) => {
    expect(sniffBinaryType(data)).toBe(type);
  });

  it.each([
    ['HTML', '<!doctype html><script>alert(1)</script>'],
    ['XHTML', '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'],
    ['SVG (text: parsed, not sniffed)', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ['text that starts like a BMP', 'BM<script>alert(1)</script>'],
    ['a secret', 'SECRET_TOKEN=abc\n'],
    ['nothing', ''],
  ])('knows no format in %s', (_, text) => {
    expect(sniffBinaryType(Buffer.from(text))).toBeUndefined();
  });
});

describe('publishedExtension', () => {
  it("keeps the file's own extension when it names the format, in lower case", () => {
    expect(publishedExtension(JPEG, 'shot.JPEG')).toBe('jpeg');
    expect(publishedExtension(MP4, 'clip.mov')).toBe('mov');
  });

  it("gives the format's own extension when the name says something else", () => {
    expect(publishedExtension(PNG, 'evil.html')).toBe('png');
    expect(publishedExtension(SVG, 'drawing.xhtml')).toBe('svg');
    expect(publishedExtension(GIF, '.env')).toBe('gif');
    expect(publishedExtension(WEBP, 'noext')).toBe('webp');
  });
});
