import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import {
  layoutCard,
  logoBoxOf,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  SocialImageFrame,
  SocialImageText,
  type FontWeight,
  type SocialCard,
  type SocialLogo,
} from '../../templates/og/SocialImage.js';
import { packageRoot } from '../package-root.js';
import { CardCanvas, type Layer } from './card-canvas.js';
import { encodePng } from './encode-png.js';
import { readFontMetrics, type FontMetrics } from './font-metrics.js';
import type { SocialLogoSource } from './social-logo.js';

/** The only fonts the images use, kept in the repository (never system fonts, never fetched). */
export const FONT_FILES: Record<FontWeight, string> = {
  400: 'inter-latin-400-normal.woff',
  700: 'inter-latin-700-normal.woff',
};

/** Titles are cut to this many characters before layout: no title shows more, and a huge one costs nothing. */
const MAX_TEXT = 400;

/** resvg draws only what satori wrote, with no font of its own: satori turned every glyph into a path. */
const RESVG_OPTIONS = { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } } as const;

/** Draws one card as a PNG. */
export type CardRenderer = (card: SocialCard) => Promise<Uint8Array>;

export function fontsDir(): string {
  return path.join(packageRoot(), 'templates', 'og', 'fonts');
}

/**
 * Loads satori, resvg and the fonts once, draws the logo once at the size the
 * images show it, and returns the function that draws each card. Nothing
 * handed to resvg or satori can name a file or a URL: the logo is a
 * sanitised SVG or checked bytes, embedded as a data URL; titles are text.
 */
export async function createCardRenderer(logoSource: SocialLogoSource | undefined): Promise<CardRenderer> {
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const fonts = ([400, 700] as const).map((weight) => ({
    weight,
    data: readFileSync(path.join(fontsDir(), FONT_FILES[weight])),
  }));
  const metrics = new Map(fonts.map((font) => [font.weight, readFontMetrics(font.data)]));
  const measure = (text: string, size: number, weight: FontWeight) => widthOf(text, metrics.get(weight)!) * size;
  const logo = logoSource && drawLogo(logoSource, Resvg);
  const satoriFonts = fonts.map((font) => ({
    name: 'Inter',
    data: font.data,
    weight: font.weight,
    style: 'normal' as const,
  }));
  const frames = new Map<string, CardCanvas>();
  return async (card) => {
    const bold = metrics.get(700)!;
    const shown: SocialCard = {
      title: drawableText(card.title, bold) || drawableText(card.siteTitle, bold),
      section: card.section && drawableText(card.section, bold),
      siteTitle: drawableText(card.siteTitle, bold),
      host: card.host && drawableText(card.host, metrics.get(400)!),
    };
    const layout = layoutCard(shown, measure, logo?.width);
    const options = { width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, fonts: satoriFonts };
    // The frame is the same for every page of a build: drawn by satori and rasterised by resvg once.
    const frameKey = JSON.stringify([layout.siteTitle, layout.host]);
    let frame = frames.get(frameKey);
    if (frame === undefined) {
      const svg = await satori(createElement(SocialImageFrame, { layout, logo }), options);
      const image = new Resvg(svg, RESVG_OPTIONS).render();
      frames.set(frameKey, (frame = new CardCanvas(image.pixels, image.width, image.height)));
    }
    const text = await satori(createElement(SocialImageText, { layout }), options);
    return frame.draw(drawTextLayer(text, Resvg));
  };
}

/** The box a pixel of anti-aliasing may spill out of resvg's bounding box of the paths, on every side. */
const BLEED = 2;

/**
 * The page's texts (satori's SVG, the image's size, transparent but for them)
 * rasterised by resvg in the box they cover only, whole pixels from the
 * image's origin so each lands on the pixel it would in a whole image.
 */
function drawTextLayer(svg: string, Resvg: typeof import('@resvg/resvg-js').Resvg): Layer | undefined {
  const resvg = new Resvg(svg, RESVG_OPTIONS);
  const box = resvg.getBBox();
  if (!box) return undefined;
  const x = Math.max(0, Math.floor(box.x) - BLEED);
  const y = Math.max(0, Math.floor(box.y) - BLEED);
  const right = Math.min(SOCIAL_IMAGE_WIDTH, Math.ceil(box.x + box.width) + BLEED);
  const bottom = Math.min(SOCIAL_IMAGE_HEIGHT, Math.ceil(box.y + box.height) + BLEED);
  if (right <= x || bottom <= y) return undefined;
  box.x = x;
  box.y = y;
  box.width = right - x;
  box.height = bottom - y;
  resvg.cropByBBox(box);
  const image = resvg.render();
  return { pixels: image.pixels, x, y, width: image.width, height: image.height };
}

/** Width of a text in ems (advances only: satori's kerning makes the drawn text a little narrower). */
function widthOf(text: string, font: FontMetrics): number {
  let units = 0;
  for (const char of text) units += font.advance(char.codePointAt(0)!) ?? 0;
  return units / font.unitsPerEm;
}

/**
 * The text as the fonts can draw it: composed (NFC), line breaks and tabs as
 * spaces, and without the characters the fonts lack (CJK, emoji, symbols):
 * they are dropped, not drawn as boxes. Cut to MAX_TEXT characters.
 */
export function drawableText(text: string, font: FontMetrics): string {
  let out = '';
  let count = 0;
  for (const char of text.normalize('NFC')) {
    if (count >= MAX_TEXT) break;
    const code = char.codePointAt(0)!;
    const space = code <= 0x20 || code === 0xa0 || code === 0x2028 || code === 0x2029;
    if (space) {
      if (out && !out.endsWith(' ')) out += ' ';
    } else if (font.advance(code) !== undefined) {
      out += char;
      count++;
    }
  }
  return out.trim();
}

/** The logo drawn once at the size the cards show it, as a PNG data URL; undefined when resvg cannot draw it. */
function drawLogo(source: SocialLogoSource, Resvg: typeof import('@resvg/resvg-js').Resvg): SocialLogo | undefined {
  const box = logoBoxOf(source.aspect);
  // A raster logo goes in an SVG of our own, as a data URL: the only image resvg is ever handed.
  const svg =
    source.kind === 'svg'
      ? source.svg
      : `<svg xmlns="http://www.w3.org/2000/svg" width="${box.width}" height="${box.height}"><image width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid meet" href="data:image/${source.kind};base64,${Buffer.from(source.bytes).toString('base64')}"/></svg>`;
  try {
    const image = new Resvg(svg, {
      font: { loadSystemFonts: false },
      fitTo: { mode: 'width', value: box.width },
    }).render();
    if (!image.width || !image.height) return undefined;
    return {
      src: `data:image/png;base64,${encodePng(image.pixels, image.width, image.height).toString('base64')}`,
      width: image.width,
      height: image.height,
    };
  } catch {
    return undefined;
  }
}
