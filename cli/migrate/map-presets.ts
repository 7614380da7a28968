/**
 * The `presets` of a Docusaurus config: the classic preset's docs, sitemap,
 * gtag and theme (`customCss`) options (and those of a preset that wraps it, when its options
 * have the classic shape). The docs options themselves are mapped by
 * map-docusaurus.ts.
 */

import { mapThemeOptions } from './map-theme-css.js';
import { mapBlog } from './map-blog.js';
import { isObject, shownName, withoutUndefined, type Data, type Note } from './map-values.js';
import { mapPages } from './map-pages.js';

/** What the docs options say beyond `docs`: the sidebars file, where the options are, the instance's id. */
export interface DocsSource {
  sidebarPath?: string | false;
  docsAt?: string;
  docsId?: string;
  /** Where the docs were turned off (`docs: false`), when they were. */
  off?: string;
}

/** Preset-classic options that have no equivalent. */
const PRESET_UNSUPPORTED: Record<string, string> = {
  googleTagManager: 'only `gtag` analytics are supported',
  googleAnalytics: 'write `analytics.gtag` instead',
  svgr: 'not needed',
  debug: 'not needed',
};

/** The names of the classic preset; a preset by another name (one that wraps it) is read when its options have its shape. */
const CLASSIC = ['classic', '@docusaurus/preset-classic', 'preset-classic'];

/**
 * The classic preset's docs, sitemap and gtag options. A preset of another
 * package is code Docusaurus runs; its options are read as the classic
 * preset's when they have their shape (`docs` an object), with a note to
 * check them, and are otherwise a note.
 */
export function mapPresets(
  presets: unknown,
  config: Data,
  note: Note,
  mapDocs: (docs: unknown, at: string) => DocsSource,
): DocsSource {
  if (!Array.isArray(presets)) return {};
  let result: DocsSource = {};
  presets.forEach((preset, i) => {
    const [name, options] = Array.isArray(preset) ? preset : [preset, {}];
    const at = `presets[${i}]`;
    const classic = CLASSIC.includes(name as string);
    if (!classic && !(isObject(options) && isObject(options.docs))) {
      note(
        at,
        `the preset ${shownName(name)} is code docsgen does not run, and its options are not the classic preset's: they are not read`,
      );
      return;
    }
    if (!isObject(options)) return;
    if (config.docs !== undefined && options.docs !== undefined) {
      note(`${at}[1].docs`, "a second preset's docs are not read: docsgen builds one docs instance");
      return;
    }
    if (!classic)
      note(
        at,
        `the preset ${shownName(name)} is code docsgen does not run: its options were read as the classic preset's, check the written config against what it does`,
      );
    for (const [key, why] of Object.entries(PRESET_UNSUPPORTED))
      if (options[key] !== undefined && options[key] !== false) note(`${at}[1].${key}`, why);
    result = mapDocs(options.docs, `${at}[1].docs`);
    if (options.sitemap !== undefined) mapSitemap(options.sitemap, config, `${at}[1].sitemap`, note);
    if (isObject(options.gtag)) mapGtag(options.gtag, config, `${at}[1].gtag`, note);
    if (options.theme !== undefined) mapThemeOptions(options.theme, config, `${at}[1].theme`, note);
    if (options.pages !== undefined) mapPages(options.pages, config, `${at}[1].pages`, note);
    if (options.blog !== undefined) mapBlog(options.blog, config, `${at}[1].blog`, note);
  });
  return result;
}

/** The sitemap's options (the classic preset's `sitemap`, or the sitemap plugin's); `false` and `null` values are notes. */
export function mapSitemap(options: unknown, config: Data, at: string, note: Note): void {
  if (options === false) {
    note(
      at,
      'docsgen always writes sitemap.xml (unlisted and `noIndex` pages are left out of it): `false` is not carried over',
    );
    return;
  }
  if (!isObject(options)) return;
  const { changefreq, priority, ignorePatterns, filename, lastmod } = options;
  for (const [key, value] of Object.entries({ changefreq, priority })) {
    if (value === null)
      note(`${at}.${key}`, `null (Docusaurus then writes no <${key}>) has no equivalent: docsgen writes its default`);
  }
  const written = withoutUndefined({ changefreq, priority, ignorePatterns, filename, lastmod });
  config.sitemap = Object.fromEntries(
    Object.entries(written).filter(([key, value]) => value !== null || key === 'lastmod'),
  );
}

/** gtag's options; Docusaurus 3 takes a list of tracking IDs, docsgen one: the first is written. */
export function mapGtag(options: unknown, config: Data, at: string, note: Note): void {
  if (!isObject(options)) return;
  let trackingID = options.trackingID;
  if (Array.isArray(trackingID)) {
    if (trackingID.length > 1)
      note(
        `${at}.trackingID`,
        `docsgen sends to one tracking ID: ${shownName(trackingID[0])} is written, the others are not carried over`,
      );
    trackingID = trackingID[0];
  }
  config.analytics = { gtag: withoutUndefined({ trackingID, anonymizeIP: options.anonymizeIP }) };
}
