import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SOCIAL_IMAGE_DESIGN, SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH, type SocialCard } from '../../templates/og/SocialImage.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { packageRoot } from '../package-root.js';
import { encodeRoutePath } from '../routes/route-text.js';
import type { LazyFile } from '../search/cached-search-index.js';
import type { Route } from '../types.js';
import { isCompletePng } from './encode-png.js';
import { ImageWorkers } from './image-workers.js';
import { createCardRenderer, type CardRenderer } from './render-social-image.js';
import type { SocialLogoSource } from './social-logo.js';

/** Where the images are written: `img/og/<route>.png`, the home page's `img/og/index.png`. */
export const SOCIAL_IMAGES_DIR = 'img/og/';
const NAMESPACE = 'social-images';
/** Bump when the drawing code (cli/og/) changes the pixels; the design's own files are hashed into the key. */
const RENDERER_VERSION = 1;
const KINDS = new Set<Route['kind']>(['home', 'doc', 'api', 'category']);

/** One page's image: its output file, what it shows, and the key it is cached and written by. */
export interface PlannedImage {
  file: string;
  card: SocialCard;
  key: string;
}

/** True when the cache holds no social image at all: a first build, which will draw every image (start the workers early). */
export function hasNoCachedImages(cache: DiskCache, noCache: boolean | undefined): boolean {
  return !!noCache || !existsSync(path.join(cache.dir, NAMESPACE));
}

/** The image file of a route, or undefined for a page that has none (search, 404, redirects). */
export function socialImageFile(route: Pick<Route, 'path' | 'kind'>): string | undefined {
  if (!KINDS.has(route.kind)) return undefined;
  return SOCIAL_IMAGES_DIR + (route.path === '/' ? 'index' : route.path.replace(/^\/+/, '')) + '.png';
}

/**
 * Plans an image for every home, doc, API and category page, and gives each
 * route its `socialImage` (what `og:image` shows). Each is keyed by what it
 * shows: its texts, the logo's bytes, and the design's and fonts' files.
 */
export function planSocialImages(routes: Route[], config: SiteConfig, logo: SocialLogoSource | undefined): PlannedImage[] {
  const version = hashOf(RENDERER_VERSION, SOCIAL_IMAGE_DESIGN, designHash(), logo?.hash ?? null);
  const host = hostOf(config.url);
  const images: PlannedImage[] = [];
  for (const route of routes) {
    const file = socialImageFile(route);
    if (!file) continue;
    const card: SocialCard = { title: route.kind === 'home' ? config.tagline || config.title : route.title, section: sectionOf(route), siteTitle: config.title, host };
    route.socialImage = { src: encodeRoutePath(file), width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT, alt: [card.title, card.section, card.siteTitle].filter(Boolean).join(' · ') };
    images.push({ file, card, key: hashOf(version, card) });
  }
  return images;
}

/** The section a page's image names: its breadcrumb trail without the page, under "API reference" for API pages. */
function sectionOf(route: Route): string | undefined {
  const parents = (route.breadcrumbs ?? []).slice(0, -1).map((crumb) => crumb.label);
  if (route.kind === 'api') return ['API reference', ...parents.slice(1)].join(' › ');
  return parents.length ? parents.join(' › ') : undefined;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host || undefined;
  } catch {
    return undefined;
  }
}

let cachedDesignHash: string | undefined;

/** A hash of templates/og/ (the design and its fonts). */
function designHash(): string {
  if (cachedDesignHash) return cachedDesignHash;
  const dir = path.join(packageRoot(), 'templates', 'og');
  const parts: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.isFile()) parts.push(entry.name, hashOf(readFileSync(path.join(entry.parentPath ?? entry.path, entry.name)).toString('base64')));
  }
  return (cachedDesignHash = hashOf(parts));
}

/**
 * The images as lazy output files: each is drawn only if the output needs
 * it, and at most once for its key (the disk cache keeps it). With `draw`
 * (`build`), the images the cache lacks are drawn right away on worker
 * threads (`workers`, if started early), while the pages render; `check` and in-memory builds draw none
 * unless a file's contents are asked for, then on the main thread.
 */
export function socialImageFiles(images: PlannedImage[], options: { cache: DiskCache; logo: SocialLogoSource | undefined; draw: boolean; workers?: ImageWorkers }): Map<string, LazyFile> {
  const { cache, logo } = options;
  const drawing = new Map<string, Promise<void>>();
  const misses = images.filter((image) => !cache.hasBytes(NAMESPACE, image.key));
  const workers = options.draw && misses.length > 0 ? (options.workers ?? ImageWorkers.start(logo)) : undefined;
  if (options.workers && options.workers !== workers) void options.workers.stop();
  if (workers) {
    const settle = new Map<string, () => void>();
    for (const image of misses) drawing.set(image.key, new Promise<void>((resolve) => settle.set(image.key, resolve)));
    const done = workers.draw(misses.map((image) => image.card), (index, png) => {
      cache.setBytes(NAMESPACE, misses[index].key, png);
      settle.get(misses[index].key)!();
    });
    // A failed worker leaves its images to be drawn on the main thread when they are written.
    done.catch(() => undefined).finally(() => settle.forEach((resolve) => resolve()));
  }
  let local: Promise<CardRenderer> | undefined;
  const draw = async (image: PlannedImage) => {
    await drawing.get(image.key);
    const cached = cache.getBytes(NAMESPACE, image.key);
    if (cached && isCompletePng(cached)) return cached;
    const png = await (await (local ??= createCardRenderer(logo)))(image.card);
    cache.setBytes(NAMESPACE, image.key, png);
    return png;
  };
  return new Map(images.map((image) => [image.file, { key: image.key, contents: () => draw(image) }]));
}
