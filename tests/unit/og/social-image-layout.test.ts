/**
 * The social image's text layout (templates/og/SocialImage.tsx) with the real Inter metrics: a title is never
 * clipped; it shrinks and wraps, and ends in an ellipsis only when even the smallest size cannot hold it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutCard } from '../../../templates/og/SocialImage.js';
import { readFontMetrics } from '../../../cli/og/font-metrics.js';
import { drawableText, FONT_FILES, fontsDir } from '../../../cli/og/render-social-image.js';

const bold = readFontMetrics(readFileSync(path.join(fontsDir(), FONT_FILES[700])));
const regular = readFontMetrics(readFileSync(path.join(fontsDir(), FONT_FILES[400])));
const measure = (text: string, size: number, weight: 400 | 700) => {
  const font = weight === 700 ? bold : regular;
  let units = 0;
  for (const char of text) units += font.advance(char.codePointAt(0)!) ?? 0;
  return (units / font.unitsPerEm) * size;
};
/** A title line as drawn: letter-spaced by -0.02em. */
const titleWidth = (text: string, size: number) => measure(text, size, 700) - 0.02 * size * [...text].length;
/** The room a title line has: 1200 wide less 80 on each side. */
const ROOM = 1040;
const card = (title: string) => ({ title, siteTitle: 'VisionCamera', section: 'Guides', host: 'example.com' });

describe('the social image layout', () => {
  it('draws a short title on one line at the largest size', () => {
    expect(layoutCard(card('Taking Photos'), measure)).toMatchObject({ titleSize: 80, titleLines: ['Taking Photos'] });
  });

  it('shrinks a long identifier until it fits one line rather than breaking it', () => {
    const layout = layoutCard(card('CameraPermissionRequestResult'), measure);
    expect(layout.titleLines).toEqual(['CameraPermissionRequestResult']);
    expect(layout.titleSize).toBeLessThan(80);
    expect(titleWidth('CameraPermissionRequestResult', layout.titleSize)).toBeLessThanOrEqual(ROOM);
  });

  it('wraps a long title onto at most four lines, each within the width, and ellipsises only what even that cannot hold', () => {
    const title =
      'Creating Frame Processor Plugins for Android with a very long title that goes on and on and on until it surely needs an ellipsis somewhere near the end of the text, and then some more words. '.repeat(
        3,
      );
    const layout = layoutCard(card(title), measure);
    expect(layout.titleLines.length).toBeLessThanOrEqual(4);
    for (const line of layout.titleLines) expect(titleWidth(line, layout.titleSize)).toBeLessThanOrEqual(ROOM);
    expect(layout.titleLines.at(-1)!.endsWith('…')).toBe(true);
    expect(layout.titleSize).toBe(44);
    // Every word shown is the title's, in order.
    expect(title.startsWith(layout.titleLines.join(' ').replace(/…$/, ''))).toBe(true);
  });

  it('keeps a title that fits within its lines whole, without an ellipsis', () => {
    const layout = layoutCard(card('Creating Frame Processor Plugins for Android with Kotlin and Java'), measure);
    expect(layout.titleLines.join(' ')).toBe('Creating Frame Processor Plugins for Android with Kotlin and Java');
    expect(layout.titleLines.length).toBeGreaterThan(1);
  });

  it('breaks a single word wider than a line at the smallest size, and ellipsises the rest', () => {
    const layout = layoutCard(card('x'.repeat(400)), measure);
    expect(layout.titleSize).toBe(44);
    expect(layout.titleLines.length).toBe(4);
    expect(layout.titleLines.at(-1)).toMatch(/…$/);
    for (const line of layout.titleLines) expect(titleWidth(line, 44)).toBeLessThanOrEqual(ROOM);
  });

  it('fits a long section on one line with an ellipsis', () => {
    const layout = layoutCard({ ...card('Title'), section: 'Guides › '.repeat(40) + 'End' }, measure);
    expect(layout.section).toMatch(/…$/);
    expect(measure(layout.section!, 26, 700)).toBeLessThanOrEqual(ROOM);
  });

  it('drops the characters the fonts lack (CJK, emoji) and keeps markup as text', () => {
    expect(drawableText('相机 <b>&amp; "q"</b>\n😀 Frame', bold)).toBe('<b>&amp; "q"</b> Frame');
    expect(drawableText('相机😀', bold)).toBe('');
  });
});
