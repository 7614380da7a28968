import { encodeIndexedPng, encodePng } from './encode-png.js';

/** A layer of premultiplied RGBA pixels (as resvg renders them), `width` x `height`, placed at `x`, `y`. */
export interface Layer {
  pixels: Uint8Array;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A PNG holds at most this many palette colours. */
const MAX_PALETTE = 256;

/**
 * The part of a build's images that never changes (the frame: background,
 * logo, site title, host), rasterised once, over which each page's texts are
 * drawn. resvg only draws the box the texts cover (a fifth of the image):
 * rasterising the whole image cost three times more, nearly all of it
 * clearing and copying 3 MB of pixels. The same pixels in memory serve every
 * card, and so do the frame's palette indices: a card is a few hundred
 * colours at most (flat colours and anti-aliased text), written as an indexed
 * PNG (a quarter of the bytes to deflate, and smaller) when it has at most
 * 256; otherwise as RGBA.
 *
 * The frame is opaque (its background fills it), so premultiplied and straight
 * RGBA are the same bytes in every card.
 */
export class CardCanvas {
  private readonly pixels: Uint8Array;
  /** The frame's colours (0xAABBGGRR) in the order first met, and each one's index; undefined past 256. */
  private readonly palette: Map<number, number> | undefined;
  private readonly indices: Uint8Array | undefined;
  private readonly frameIndices: Uint8Array | undefined;

  private readonly frame: Uint8Array;

  constructor(
    frame: Uint8Array,
    readonly width: number,
    readonly height: number,
  ) {
    this.frame = new Uint8Array(frame);
    this.pixels = new Uint8Array(frame.length);
    const indexed = indexColours(frame, width * height);
    this.palette = indexed?.palette;
    this.frameIndices = indexed?.indices;
    this.indices = indexed && new Uint8Array(indexed.indices.length);
  }

  /** The frame with the layer drawn over it (source-over), as a PNG. */
  draw(layer: Layer | undefined): Buffer {
    const { width, height, pixels } = this;
    pixels.set(this.frame);
    const palette = this.palette && new Map(this.palette);
    const indices = this.indices;
    if (palette) indices!.set(this.frameIndices!);
    let indexed = palette !== undefined;
    if (layer) {
      const src = layer.pixels;
      const x0 = Math.max(0, layer.x);
      const y0 = Math.max(0, layer.y);
      const x1 = Math.min(width, layer.x + layer.width);
      const y1 = Math.min(height, layer.y + layer.height);
      for (let y = y0; y < y1; y++) {
        let s = ((y - layer.y) * layer.width + (x0 - layer.x)) * 4;
        for (let x = x0; x < x1; x++, s += 4) {
          const alpha = src[s + 3];
          if (alpha === 0) continue;
          const at = y * width + x;
          const d = at * 4;
          const keep = 255 - alpha;
          pixels[d] = src[s] + (((pixels[d] * keep + 127) / 255) | 0);
          pixels[d + 1] = src[s + 1] + (((pixels[d + 1] * keep + 127) / 255) | 0);
          pixels[d + 2] = src[s + 2] + (((pixels[d + 2] * keep + 127) / 255) | 0);
          pixels[d + 3] = alpha + (((pixels[d + 3] * keep + 127) / 255) | 0);
          if (!indexed) continue;
          const colour = colourAt(pixels, d);
          let index = palette!.get(colour);
          if (index === undefined) {
            if (palette!.size === MAX_PALETTE) {
              indexed = false;
              continue;
            }
            palette!.set(colour, (index = palette!.size));
          }
          indices![at] = index;
        }
      }
    }
    return indexed ? encodeIndexedPng(indices!, [...palette!.keys()], width, height) : encodePng(pixels, width, height);
  }
}

/** Each pixel's index in the image's palette (its colours in the order first met), or undefined past 256 colours. */
function indexColours(
  pixels: Uint8Array,
  count: number,
): { palette: Map<number, number>; indices: Uint8Array } | undefined {
  const palette = new Map<number, number>();
  const indices = new Uint8Array(count);
  let last = -1;
  let index = 0;
  for (let i = 0; i < count; i++) {
    const colour = colourAt(pixels, i * 4);
    if (colour !== last) {
      let found = palette.get(colour);
      if (found === undefined) {
        if (palette.size === MAX_PALETTE) return undefined;
        palette.set(colour, (found = palette.size));
      }
      last = colour;
      index = found;
    }
    indices[i] = index;
  }
  return { palette, indices };
}

/** The RGBA pixel at byte `at` as one number (0xAABBGGRR). */
function colourAt(pixels: Uint8Array, at: number): number {
  return (pixels[at] | (pixels[at + 1] << 8) | (pixels[at + 2] << 16) | (pixels[at + 3] << 24)) >>> 0;
}
