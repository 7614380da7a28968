import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { imageSize } from 'image-size';
import type { SiteConfig } from '../config/schema.js';
import { checkSiteFile, type FileRule } from '../files/site-files.js';
import { staticCandidates } from '../files/static-dirs.js';
import type { Diagnostic } from '../types.js';
import { isExternalUrl } from '../url-parts.js';
import { sanitizeSvg } from './sanitize-svg.js';

/** A logo file larger than this is not drawn: a logo is a few kilobytes. */
export const MAX_LOGO_BYTES = 1024 * 1024;
/** Nor a raster logo wider or taller than this (its header can promise gigabytes of pixels). */
export const MAX_LOGO_SIDE = 4096;

export const LOGO_RULE = 'social-image-logo';

/**
 * The logo as the social images draw it: an SVG rewritten so it references
 * nothing outside itself (sanitize-svg.ts), or the bytes of a PNG or JPEG
 * whose size was checked. `hash` identifies it in the images' cache keys.
 */
export type SocialLogoSource = ({ kind: 'svg'; svg: string } | { kind: 'png' | 'jpeg'; bytes: Uint8Array }) & {
  aspect: number;
  hash: string;
};

/**
 * Reads `navbar.logo.src` from the static folders, through the file rule,
 * for the social images. A logo they cannot draw safely (too large, too many
 * pixels, not SVG, PNG or JPEG, not a well-formed SVG) is left out with a
 * warning on the file, and every image is drawn without it. An external URL
 * is never fetched: the images have no logo then.
 */
export function readSocialLogo(
  config: SiteConfig,
  rule: FileRule,
  staticDirs: readonly string[],
): { logo?: SocialLogoSource; diagnostics: Diagnostic[] } {
  const src = config.navbar.logo?.src;
  if (!src || isExternalUrl(src) || src.startsWith('data:')) return { diagnostics: [] };
  const checked = staticCandidates(staticDirs, src)
    .map((candidate) => checkSiteFile(rule, candidate))
    .find((check) => check.kind !== 'missing');
  if (checked?.kind !== 'ok') return { diagnostics: [] };
  const file = path.relative(rule.root, checked.real) || checked.real;
  const skip = (why: string, hint: string) => ({
    diagnostics: [
      {
        severity: 'warning' as const,
        rule: LOGO_RULE,
        message: `the social images are drawn without the logo: ${why}`,
        file,
        hint,
      },
    ],
  });
  try {
    const size = statSync(checked.real).size;
    if (size > MAX_LOGO_BYTES)
      return skip(
        `${file} is ${Math.ceil(size / 1024)} KB, more than ${MAX_LOGO_BYTES / 1024} KB`,
        'use a smaller logo file (an SVG or a PNG of a few kilobytes)',
      );
    const bytes = readFileSync(checked.real);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const { type, width, height } = imageSize(bytes);
    if (!width || !height) return skip(`${file} has no width and height`, 'give the SVG a viewBox, or use a PNG');
    if (type === 'svg') {
      const svg = sanitizeSvg(bytes.toString('utf8'));
      if (!svg) return skip(`${file} is not a well-formed SVG document`, 'check that the file is a complete SVG');
      return { logo: { kind: 'svg', svg, aspect: width / height, hash }, diagnostics: [] };
    }
    if (type !== 'png' && type !== 'jpg')
      return skip(
        `${file} is a ${type ?? 'file of unknown format'}, not an SVG, PNG or JPEG`,
        'use an SVG, PNG or JPEG logo',
      );
    if (width > MAX_LOGO_SIDE || height > MAX_LOGO_SIDE)
      return skip(
        `${file} is ${width}x${height} pixels, more than ${MAX_LOGO_SIDE} on a side`,
        'use a smaller logo image',
      );
    return { logo: { kind: type === 'jpg' ? 'jpeg' : 'png', bytes, aspect: width / height, hash }, diagnostics: [] };
  } catch (error) {
    return skip(
      `${file} could not be read (${(error as Error).message})`,
      'check that the file is a complete SVG, PNG or JPEG',
    );
  }
}
