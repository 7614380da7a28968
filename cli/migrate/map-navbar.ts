/**
 * `themeConfig.navbar` of a Docusaurus config mapped onto docsgen's
 * `navbar`. Links to a doc or a sidebar (`type: 'doc'`, `'docSidebar'`)
 * name ids, not paths: they are written once the docs are read and their
 * routes known (doc-links.ts). What docsgen's navbar cannot show is a note.
 */

import { isObject, shownName, withoutUndefined, type Data, type Note } from './map-values.js';

/** A navbar item that links to a doc (`docId`) or to a sidebar's first doc (`sidebarId`) of a docs plugin instance. */
export interface DocLink {
  /** The written item: `to` is set once the route is known, or the item is removed with a note. */
  item: Data;
  /** Its key path in the Docusaurus config. */
  at: string;
  docId?: string;
  sidebarId?: string;
  /** `docsPluginId`: the docs instance it links into (undefined: the default one). */
  pluginId?: string;
}

/** The logo keys docsgen's navbar has no equivalent for, and why. */
const LOGO_UNSUPPORTED: Record<string, string> = {
  target: 'the logo opens in the same tab',
  width: "the logo is sized from its image and the navbar's height",
  height: "the logo is sized from its image and the navbar's height",
  className: "the theme's CSS is in templates/styles/",
  style: "the theme's CSS is in templates/styles/",
};

export function mapNavbar(navbar: Data, note: Note, baseUrl: unknown): { navbar: Data; docLinks: DocLink[] } {
  const out: Data = {};
  const docLinks: DocLink[] = [];
  if (typeof navbar.title === 'string') out.title = navbar.title;
  if (typeof navbar.hideOnScroll === 'boolean') out.hideOnScroll = navbar.hideOnScroll;
  if (navbar.style === 'dark' || navbar.style === 'primary') out.style = navbar.style;
  else if (navbar.style !== undefined)
    note(
      'themeConfig.navbar.style',
      `docsgen's navbar styles are 'dark' and 'primary': ${shownName(navbar.style)} is not carried over`,
    );
  if (isObject(navbar.logo)) out.logo = mapLogo(navbar.logo, note, baseUrl);
  const items: Data[] = [];
  (Array.isArray(navbar.items) ? navbar.items : []).forEach((item: unknown, i) => {
    const at = `themeConfig.navbar.items[${i}]`;
    if (!isObject(item)) return;
    if (item.type === 'search') return; // the search button is always in the navbar
    const position = item.position === 'left' || item.position === 'right' ? item.position : undefined;
    if (item.type === 'docsVersionDropdown') {
      if (item.docsPluginId === undefined) items.push(withoutUndefined({ type: item.type, position }));
      else
        note(
          at,
          `the version dropdown of the docs plugin instance ${shownName(item.docsPluginId)} is not carried over: docsgen builds one docs instance`,
        );
      return;
    }
    const isLink =
      typeof item.to === 'string' ||
      typeof item.href === 'string' ||
      (item.type === 'doc' && typeof item.docId === 'string') ||
      (item.type === 'docSidebar' && typeof item.sidebarId === 'string');
    if (!isLink) {
      note(
        at,
        item.type === 'localeDropdown'
          ? 'docsgen builds one language: the locale dropdown is not carried over'
          : `the navbar item type ${shownName(item.type ?? 'dropdown')} is not supported`,
      );
      return;
    }
    const label =
      typeof item.label === 'string'
        ? item.label
        : typeof item['aria-label'] === 'string'
          ? item['aria-label']
          : undefined;
    if (label === undefined) {
      note(at, 'an item without a label (an icon drawn by CSS) is not carried over: give it a `label`');
      return;
    }
    if (typeof item.label !== 'string')
      note(
        at,
        `an item without a label (an icon drawn by CSS) is shown as its aria-label, ${shownName(label)}: give it the \`label\` you want`,
      );
    const base = withoutUndefined({
      label,
      position,
      'aria-label': typeof item['aria-label'] === 'string' ? item['aria-label'] : undefined,
    });
    const pluginId = typeof item.docsPluginId === 'string' ? item.docsPluginId : undefined;
    if (typeof item.to === 'string') items.push({ ...base, to: item.to.replace(/^\/+/, '') });
    else if (typeof item.href === 'string') items.push({ ...base, href: item.href });
    else {
      const written: Data = { ...base, to: '' };
      items.push(written);
      docLinks.push({
        item: written,
        at,
        pluginId,
        ...(item.type === 'doc' ? { docId: item.docId as string } : { sidebarId: item.sidebarId as string }),
      });
    }
  });
  out.items = items;
  return { navbar: out, docLinks };
}

/** The logo: `alt`, `src`, `srcDark`; an `href` other than the home page, and what styles it, are notes. */
function mapLogo(logo: Data, note: Note, baseUrl: unknown): Data | undefined {
  const at = 'themeConfig.navbar.logo';
  for (const [key, why] of Object.entries(LOGO_UNSUPPORTED))
    if (logo[key] !== undefined && !(key === 'target' && logo[key] === '_self')) note(`${at}.${key}`, why);
  const home = ['/', '', typeof baseUrl === 'string' ? baseUrl : '/'];
  if (logo.href !== undefined && !home.includes(logo.href as string)) {
    note(
      `${at}.href`,
      `the logo links to the home page: ${shownName(logo.href)} is not carried over (add a navbar item for it)`,
    );
  }
  const { alt, src, srcDark } = logo;
  if (typeof src !== 'string') {
    note(`${at}.src`, 'a logo without a `src` is not carried over');
    return undefined;
  }
  return withoutUndefined({
    alt: typeof alt === 'string' ? alt : '',
    src,
    srcDark: typeof srcDark === 'string' ? srcDark : undefined,
  });
}
