import type { Heading, Route, SidebarItem } from '../cli/types.js';

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
  /** Hashed URLs of the stylesheet and scripts. */
  assets: { css: string[]; js: string[] };
  /** Mermaid's browser build, when some page has a diagram. */
  mermaidUrl?: string;
  /** The repository's issues page, for "Let us know". */
  issuesUrl?: string;
}

/** What one page template receives. */
export interface PageProps {
  site: SiteData;
  route: Route;
  /** The sidebar of this page, if it belongs to one. */
  sidebar?: SidebarItem[];
  /** Current page URL (baseUrl included). */
  url: string;
}

export type { Heading, Route, SidebarItem };
