import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SOCIAL_IMAGE_DESIGN,
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  type SocialCard,
} from '../../templates/og/SocialImage.js';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { packageRoot } from '../package-root.js';
import { encodeRoutePath, routeUrl } from '../route-text.js';
import { documentFileStem } from '../routes/markdown-copies.js';
import { findTrails } from '../routes/sidebar.js';
import type { LazyFile, Route, SidebarItem } from '../types.js';
import { isCompletePng } from './encode-png.js';
import { ImageWorkers } from './image-workers.js';
import { createCardRenderer, type CardRenderer } from './render-social-image.js';
import type { SocialLogoSource } from './social-logo.js';

/** Where the images are written: `img/og/<route>.png`, the home page's `img/og/index.png`. */
export const SOCIAL_IMAGES_DIR = 'img/og/';
const NAMESPACE = 'social-images';
/** Bump when the drawing code (cli/og/) changes the pixels; the design's own files are hashed into the key. */
const RENDERER_VERSION = 2;

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
  const stem = documentFileStem(route);
  return stem === undefined ? undefined : `${SOCIAL_IMAGES_DIR}${stem}.png`;
}

/**
 * Plans an image for every home, doc, API and category page, and gives each
 * route its `socialImage` (what `og:image` shows). Each is keyed by what it
 * shows: its texts, the logo's bytes, and the design's and fonts' files.
 */
export function planSocialImages(
  routes: Route[],
  config: SiteConfig,
  logo: SocialLogoSource | undefined,
): PlannedImage[] {
  const plan = imagePlanner(config, logo);
  const images: PlannedImage[] = [];
  for (const route of routes) {
    const image = plan(route);
    if (!image) continue;
    route.socialImage = {
      src: encodeRoutePath(image.file),
      width: SOCIAL_IMAGE_WIDTH,
      height: SOCIAL_IMAGE_HEIGHT,
      alt: [image.card.title, image.card.section, image.card.siteTitle].filter(Boolean).join(' · '),
    };
    images.push(image);
  }
  return images;
}

/**
 * The API pages' images as `planSocialImages` will plan them once the routes
 * exist, read from the API sidebar (their breadcrumbs): known as soon as the
 * API stage is done. Where the API category sits below another category the
 * sections differ, the keys do not match, and the images are drawn again later.
 */
export function planApiImages(
  pages: readonly { path: string; title: string }[],
  apiSidebar: SidebarItem | undefined,
  config: SiteConfig,
  logo: SocialLogoSource | undefined,
): PlannedImage[] {
  const plan = imagePlanner(config, logo);
  const trails = apiSidebar ? findTrails([apiSidebar]) : new Map<string, { label: string }[]>();
  return pages.flatMap((page) => {
    const trail = trails.get(routeUrl(config.baseUrl, page.path)) ?? [];
    const image = plan({
      path: page.path,
      kind: 'api',
      title: page.title,
      breadcrumbs: [...trail, { label: page.title }],
    });
    return image ? [image] : [];
  });
}

/** Plans one page's image: its file, its card and the key it is cached by (its texts, the logo's bytes, the design's files). */
function imagePlanner(
  config: SiteConfig,
  logo: SocialLogoSource | undefined,
): (route: Pick<Route, 'path' | 'kind' | 'title' | 'breadcrumbs'>) => PlannedImage | undefined {
  const version = hashOf(RENDERER_VERSION, SOCIAL_IMAGE_DESIGN, designHash(), logo?.hash ?? null);
  const host = hostOf(config.url);
  return (route) => {
    const file = socialImageFile(route);
    if (!file) return undefined;
    const card: SocialCard = {
      title: route.kind === 'home' ? config.tagline || config.title : route.title,
      section: sectionOf(route),
      siteTitle: config.title,
      host,
    };
    return { file, card, key: hashOf(version, card) };
  };
}

/** The section a page's image names: its breadcrumb trail without the page, under "API reference" for API pages. */
function sectionOf(route: Pick<Route, 'kind' | 'breadcrumbs'>): string | undefined {
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
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (entry.isFile())
      parts.push(
        entry.name,
        hashOf(readFileSync(path.join(entry.parentPath ?? entry.path, entry.name)).toString('base64')),
      );
  }
  return (cachedDesignHash = hashOf(parts));
}

/**
 * The images as lazy output files (and the workers drawing them, if any):
 * each is drawn only if the output needs it, and at most once for its key
 * (the disk cache keeps it). With `draw` (`build`), the images the cache
 * lacks are queued right away on worker threads (`workers`, if started early),
 * drawn while the pages render; `check` and in-memory builds draw none unless
 * a file's contents are asked for, then on the main thread.
 */
export function socialImageFiles(
  images: PlannedImage[],
  options: { cache: DiskCache; logo: SocialLogoSource | undefined; draw: boolean; workers?: ImageWorkers },
): { files: Map<string, LazyFile>; workers?: ImageWorkers } {
  const { cache, logo } = options;
  // Only a build that draws needs to know which images the cache lacks (dev draws the one a browser asks for).
  const misses = options.draw ? images.filter((image) => !cache.hasBytes(NAMESPACE, image.key)) : [];
  if (!options.draw) for (const image of images) cache.keepBytes(NAMESPACE, image.key);
  const workers = options.draw && misses.length > 0 ? (options.workers ?? ImageWorkers.start(logo)) : undefined;
  if (options.workers && options.workers !== workers) void options.workers.stop();
  if (workers) {
    const drawn = misses.map((image) => drawOnWorker(workers, cache, image));
    // Every image this build needs is drawn (or left to the main thread): the workers, and any early card not needed, stop.
    void Promise.all(drawn).finally(() => workers.stop());
  }
  let local: Promise<CardRenderer> | undefined;
  const draw = async (image: PlannedImage) => {
    if (workers) await drawOnWorker(workers, cache, image);
    const cached = cache.getBytes(NAMESPACE, image.key);
    if (cached && isCompletePng(cached)) return cached;
    const png = await (await (local ??= createCardRenderer(logo)))(image.card);
    cache.setBytes(NAMESPACE, image.key, png);
    return png;
  };
  return {
    files: new Map(images.map((image) => [image.file, { key: image.key, contents: () => draw(image) }])),
    workers,
  };
}

/**
 * Queues images on the workers before the routes are known (the API pages', as soon as the API stage is done), so
 * they are drawn while the guides still compile; `socialImageFiles` later finds them drawn or in the queue by key.
 */
export function drawEarly(workers: ImageWorkers, cache: DiskCache, images: PlannedImage[]): void {
  for (const image of images) if (!cache.hasBytes(NAMESPACE, image.key)) void drawOnWorker(workers, cache, image);
}

/** The image drawn on a worker (once per key) and cached; resolves either way (undrawn: the main thread draws it). */
function drawOnWorker(workers: ImageWorkers, cache: DiskCache, image: PlannedImage): Promise<void> {
  return workers.draw(image.key, image.card).then((png) => {
    if (png && !cache.hasBytes(NAMESPACE, image.key)) cache.setBytes(NAMESPACE, image.key, png);
  });
}
