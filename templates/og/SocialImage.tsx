/**
 * The social image of a page (og:image, 1200x630): the site's logo and title,
 * the page's section and its title, in the site's light palette
 * (styles/tokens.css). Drawn by satori, which takes these elements, with the
 * Inter fonts of ./fonts only. The text is laid out here, line by line (and
 * drawn with `white-space: pre`, so satori breaks nowhere else), so it is never clipped: a long title wraps onto more lines and a smaller size,
 * and one too long even then ends in an ellipsis.
 */
import type { ReactElement, ReactNode } from 'react';

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;

/** Bump when the design changes in a way the files' hash would not show (it is part of every image's cache key). */
export const SOCIAL_IMAGE_DESIGN = 2;

/** The light theme's colours (styles/tokens.css). */
const PALETTE = {
  text: '#1c1e21',
  muted: '#525860',
  primary: '#5b3fd9',
  primaryStrong: '#4a2fc4',
  primarySoft: '#efebff',
  border: '#e3e5e8',
  bg: '#ffffff',
};

const PAD_X = 80;
const CONTENT_WIDTH = SOCIAL_IMAGE_WIDTH - 2 * PAD_X;
const LOGO_HEIGHT = 64;
const BAR_HEIGHT = 12;
const LOGO_MAX_WIDTH = 320;
const SITE_TITLE_SIZE = 36;
const SECTION_SIZE = 26;
const SECTION_PAD_X = 18;
const HOST_SIZE = 26;
const FOOTER_HEIGHT = 32;
/** Title sizes, largest first, and the height their lines may take together. */
const TITLE_SIZES = [80, 72, 64, 56, 50, 44];
const TITLE_LINE_HEIGHT = 1.15;
const TITLE_HEIGHT = 300;
const TITLE_MAX_LINES = 4;
const TITLE_TRACKING = -0.02;
/** Measured widths leave this much room: satori kerns, the measure does not. */
const FIT = 0.98;
const ELLIPSIS = '…';

export type FontWeight = 400 | 700;

/** Width in pixels of a text at a size and weight, without letter spacing (the renderer measures the fonts). */
export type MeasureText = (text: string, fontSize: number, weight: FontWeight) => number;

/** What a page's image shows: texts already reduced to characters the fonts have. */
export interface SocialCard {
  title: string;
  /** The sidebar category (breadcrumb trail) or "API reference"; none on the home page. */
  section?: string;
  siteTitle: string;
  /** The site's host name, shown at the foot. */
  host?: string;
}

/** The logo as the image embeds it: a PNG data URL of exactly this size. */
export interface SocialLogo {
  src: string;
  width: number;
  height: number;
}

/** The card's texts as laid out: the title's size and lines, every text fitted to its width. */
export interface CardLayout {
  titleSize: number;
  titleLines: string[];
  section?: string;
  siteTitle: string;
  host?: string;
}

/** The size the logo is drawn at, for a file of this aspect ratio (width / height). */
export function logoBoxOf(aspect: number): { width: number; height: number } {
  const width = Math.min(LOGO_MAX_WIDTH, Math.max(1, Math.round(LOGO_HEIGHT * aspect)));
  return { width, height: width === LOGO_MAX_WIDTH ? Math.max(1, Math.round(LOGO_MAX_WIDTH / aspect)) : LOGO_HEIGHT };
}

/** Chooses the title's size and lines, and fits the other texts to their room. */
export function layoutCard(card: SocialCard, measure: MeasureText, logoWidth = 0): CardLayout {
  const tracked = (size: number) => (text: string) =>
    measure(text, size, 700) + TITLE_TRACKING * size * [...text].length;
  const headerRoom = CONTENT_WIDTH - (logoWidth ? logoWidth + 24 : 0);
  return {
    ...layoutTitle(card.title, tracked),
    section:
      card.section && fitLine(card.section, CONTENT_WIDTH - 2 * SECTION_PAD_X, (t) => measure(t, SECTION_SIZE, 700)),
    siteTitle: fitLine(card.siteTitle, headerRoom, (t) => measure(t, SITE_TITLE_SIZE, 700)),
    host: card.host && fitLine(card.host, CONTENT_WIDTH, (t) => measure(t, HOST_SIZE, 400)),
  };
}

/**
 * The largest size at which the title fits its lines without breaking a
 * word; failing that, the smallest size, words broken where they must be,
 * and an ellipsis on the last line when even that is not enough.
 */
export function layoutTitle(
  title: string,
  widthAt: (size: number) => (text: string) => number,
): { titleSize: number; titleLines: string[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrapWords(title, CONTENT_WIDTH * FIT, widthAt(size), false);
    if (lines && lines.length <= maxLinesAt(size)) return { titleSize: size, titleLines: lines };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1];
  const width = widthAt(size);
  const lines = wrapWords(title, CONTENT_WIDTH * FIT, width, true) ?? [];
  const max = maxLinesAt(size);
  if (lines.length <= max) return { titleSize: size, titleLines: lines };
  const kept = lines.slice(0, max);
  kept[max - 1] = withEllipsis(kept[max - 1] + ' ' + lines[max], CONTENT_WIDTH * FIT, width);
  return { titleSize: size, titleLines: kept };
}

function maxLinesAt(size: number): number {
  return Math.min(TITLE_MAX_LINES, Math.floor(TITLE_HEIGHT / (size * TITLE_LINE_HEIGHT)));
}

/** Greedy line breaking at spaces; a word wider than a line is broken only when `breakWords`, else undefined. */
function wrapWords(
  text: string,
  room: number,
  width: (text: string) => number,
  breakWords: boolean,
): string[] | undefined {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (width(joined) <= room) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    if (width(word) <= room) continue;
    if (!breakWords) return undefined;
    // A word wider than the line: as many characters as fit on each line.
    let piece = '';
    for (const char of word) {
      if (piece && width(piece + char) > room) {
        lines.push(piece);
        piece = '';
      }
      piece += char;
    }
    line = piece;
  }
  if (line) lines.push(line);
  return lines;
}

/** The text on one line, cut with an ellipsis when it is wider than the room. */
export function fitLine(text: string, room: number, width: (text: string) => number): string {
  return width(text) <= room * FIT ? text : withEllipsis(text, room * FIT, width);
}

/** The longest start of the text that fits with an ellipsis after it. */
function withEllipsis(text: string, room: number, width: (text: string) => number): string {
  const chars = [...text];
  let count = chars.length;
  while (count > 0 && width(chars.slice(0, count).join('').trimEnd() + ELLIPSIS) > room) count--;
  return chars.slice(0, count).join('').trimEnd() + ELLIPSIS;
}

/**
 * What every page's image shares (background, logo, site title, host, the
 * bar), drawn once per build; each page's own texts (`SocialImageText`) are
 * drawn over it. Both lay out the same grid, so the texts sit where a single
 * image would have them.
 */
export function SocialImageFrame({
  layout,
  logo,
}: {
  layout: Pick<CardLayout, 'siteTitle' | 'host'>;
  logo?: SocialLogo;
}): ReactElement {
  return (
    <div
      style={{
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
        display: 'flex',
        position: 'relative',
        backgroundColor: PALETTE.bg,
        fontFamily: 'Inter',
        color: PALETTE.text,
      }}
    >
      <div
        style={{
          position: 'absolute',
          top: -260,
          right: -200,
          width: 640,
          height: 640,
          borderRadius: 320,
          backgroundColor: PALETTE.primarySoft,
        }}
      />
      <Grid
        header={
          <>
            {logo ? (
              <img src={logo.src} alt="" width={logo.width} height={logo.height} style={{ marginRight: 24 }} />
            ) : null}
            <div style={{ display: 'flex', fontSize: SITE_TITLE_SIZE, fontWeight: 700, whiteSpace: 'pre' }}>
              {layout.siteTitle}
            </div>
          </>
        }
        footer={
          layout.host ? (
            <div
              style={{
                display: 'flex',
                fontSize: HOST_SIZE,
                lineHeight: `${FOOTER_HEIGHT}px`,
                color: PALETTE.muted,
                whiteSpace: 'pre',
              }}
            >
              {layout.host}
            </div>
          ) : null
        }
      />
      <div
        style={{
          position: 'absolute',
          left: 0,
          bottom: 0,
          width: SOCIAL_IMAGE_WIDTH,
          height: BAR_HEIGHT,
          backgroundColor: PALETTE.primary,
        }}
      />
    </div>
  );
}

/** A page's section and title, on a transparent image the size of the frame. */
export function SocialImageText({
  layout,
}: {
  layout: Pick<CardLayout, 'section' | 'titleLines' | 'titleSize'>;
}): ReactElement {
  const { titleSize } = layout;
  return (
    <div
      style={{
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
        display: 'flex',
        position: 'relative',
        fontFamily: 'Inter',
        color: PALETTE.text,
      }}
    >
      <Grid>
        {layout.section ? (
          <div style={{ display: 'flex' }}>
            <div
              style={{
                display: 'flex',
                fontSize: SECTION_SIZE,
                fontWeight: 700,
                color: PALETTE.primaryStrong,
                backgroundColor: PALETTE.primarySoft,
                borderRadius: 999,
                padding: `6px ${SECTION_PAD_X}px`,
                whiteSpace: 'pre',
              }}
            >
              {layout.section}
            </div>
          </div>
        ) : null}
        {/* One text of laid-out lines: satori only breaks at the line breaks ('pre'), and draws it fastest. */}
        <div
          style={{
            display: 'flex',
            marginTop: layout.section ? 20 : 0,
            fontSize: titleSize,
            fontWeight: 700,
            lineHeight: TITLE_LINE_HEIGHT,
            letterSpacing: TITLE_TRACKING * titleSize,
            whiteSpace: 'pre',
          }}
        >
          {layout.titleLines.join('\n')}
        </div>
      </Grid>
    </div>
  );
}

/** The image's rows: a header as tall as the logo, the middle (centred vertically), a footer line. */
function Grid({
  header,
  footer,
  children,
}: {
  header?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}): ReactElement {
  return (
    <div
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        bottom: BAR_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        padding: `64px ${PAD_X}px 52px`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', height: LOGO_HEIGHT }}>{header}</div>
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center' }}>{children}</div>
      <div style={{ display: 'flex', height: FOOTER_HEIGHT }}>{footer}</div>
    </div>
  );
}
