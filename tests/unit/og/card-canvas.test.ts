import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CardCanvas } from '../../../cli/og/card-canvas.js';
import { isCompletePng } from '../../../cli/og/encode-png.js';

/** The RGBA pixels of a PNG as the encoder writes it (8-bit RGBA or indexed, rows unfiltered), and its colour type. */
function decode(png: Buffer): { type: number; width: number; height: number; rgba: Uint8Array } {
  let at = 8;
  let width = 0;
  let height = 0;
  let type = 0;
  let palette: Buffer = Buffer.alloc(0);
  let alpha: Buffer | undefined;
  const data: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const name = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (name === 'IHDR') [width, height, type] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9]];
    if (name === 'PLTE') palette = body;
    if (name === 'tRNS') alpha = body;
    if (name === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const bytes = type === 3 ? 1 : 4;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * bytes + 1)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const from = y * (width * bytes + 1) + 1 + x * bytes;
      const to = (y * width + x) * 4;
      if (type === 6) rgba.set(raw.subarray(from, from + 4), to);
      else {
        const index = raw[from];
        rgba.set(palette.subarray(index * 3, index * 3 + 3), to);
        rgba[to + 3] = alpha?.[index] ?? 255;
      }
    }
  }
  return { type, width, height, rgba };
}

const WIDTH = 40;
const HEIGHT = 20;

/** An opaque frame: white, with a purple band at the top. */
function frame(): Uint8Array {
  const pixels = new Uint8Array(WIDTH * HEIGHT * 4).fill(255);
  for (let i = 0; i < WIDTH * 4; i += 4) pixels.set([91, 63, 217, 255], i);
  return pixels;
}

/** A layer at (2, 0) of `width` x `height` premultiplied pixels: dark text at coverage 0, 128 and 255 by turns. */
function layer(width: number, height = 4) {
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const alpha = [0, 128, 255][i % 3];
    const value = Math.round((28 * alpha) / 255);
    pixels.set([value, value, value, alpha], i * 4);
  }
  return { pixels, x: 2, y: 0, width, height };
}

describe('a card drawn over its frame', () => {
  it('is an indexed PNG of the same pixels when it has at most 256 colours', () => {
    const png = new CardCanvas(frame(), WIDTH, HEIGHT).draw(layer(10));
    expect(isCompletePng(png)).toBe(true);
    const image = decode(png);
    expect(image).toMatchObject({ type: 3, width: WIDTH, height: HEIGHT });
    // Over the purple band, half-covered: half the text's colour and half the band's, opaque.
    const pixel = (x: number, y: number) => [...image.rgba.subarray((y * WIDTH + x) * 4, (y * WIDTH + x + 1) * 4)];
    expect(pixel(3, 0)).toEqual([14 + 45, 14 + 31, 14 + 108, 255]);
    // Fully covered: the text's colour; not covered: the frame's.
    expect(pixel(4, 0)).toEqual([28, 28, 28, 255]);
    expect(pixel(2, 0)).toEqual([91, 63, 217, 255]);
    expect(pixel(20, 10)).toEqual([255, 255, 255, 255]);
  });

  it('is an RGBA PNG of the same pixels past 256 colours, and the next card is indexed again', () => {
    const canvas = new CardCanvas(frame(), WIDTH, HEIGHT);
    // 36 x 10 opaque pixels, each its own colour: more than 256.
    const many = layer(36, 10);
    for (let i = 0; i < 360; i++) many.pixels.set([i % 256, i >> 8, 7, 255], i * 4);
    const image = decode(canvas.draw(many));
    expect(image.type).toBe(6);
    for (let i = 0; i < 360; i++) {
      const at = (Math.floor(i / 36) * WIDTH + 2 + (i % 36)) * 4;
      expect([...image.rgba.subarray(at, at + 4)]).toEqual([i % 256, i >> 8, 7, 255]);
    }
    expect([...image.rgba.subarray((15 * WIDTH + 1) * 4, (15 * WIDTH + 2) * 4)]).toEqual([255, 255, 255, 255]);
    expect(decode(canvas.draw(layer(10))).type).toBe(3);
  });

  it('without a layer is the frame', () => {
    expect(decode(new CardCanvas(frame(), WIDTH, HEIGHT).draw(undefined)).rgba).toEqual(frame());
  });
});
