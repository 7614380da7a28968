import type { Heading, Route, SidebarItem } from '../cli/types.js';
import type { SearchProviderSettings } from './client/search/search-types.js';

/** Everything the theme needs from the config, computed once per build. */
export interface SiteData {
  title: string;
  tagline: string;
  /** Origin + baseUrl, without trailing slash, for absolute URLs. */
  siteUrl: string;
  baseUrl: string;
  favicon?: string;
  titleDelimiter: string;
  noIndex: boolean;
  image?: string;
  navbar: {
    title?: string;
    logo?: { alt: string; src: string; srcDark?: string };
    hideOnScroll: boolean;
    items: { label: string; href: string; external: boolean; position: 'left' | 'right'; ariaLabel?: string }[];
  };
  footer: { style: 'light' | 'dark'; links: { title: string; items: { label: string; href: string; external: boolean }[] }[]; copyright?: string };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  home: { features: { title: string; description: string }[]; codeSampleHtml?: string; getStartedHref: string };
  /** Hashed URLs of the stylesheet and scripts; `preload` are chunks the entry needs at start-up. */
  assets: { css: string[]; js: string[]; preload?: string[] };
  /** Google Analytics (gtag): loaded by the client only when a tracking id is set. */
  analytics?: { gtag?: { trackingID: string; anonymizeIP: boolean } };
  /** The docs version readers are on (`current`, labelled Next), stored as their preference. */
  docsVersion?: { name: string; label: string };
  /** Mermaid's browser build, when some page has a diagram. */
  mermaidUrl?: string;
  /** The repository's issues page, for "Let us know". */
  issuesUrl?: string;
  /** Search provider settings for the browser (never the list of routes). */
  search: SearchProviderSettings;
}

/** What one page template receives. */
export interface PageProps {
  site: SiteData;
  route: Route;
  /** The sidebar of this page, if it belongs to one. */
  sidebar?: SidebarItem[];
  /** The same sidebar already rendered, with this page marked (the build renders each sidebar once). */
  sidebarHtml?: string;
  /** Current page URL (baseUrl included). */
  url: string;
}

export type { Heading, Route, SidebarItem };
