/**
 * The theme's contract: everything the generator hands the page templates. The generator (cli/) builds these
 * values and depends on this module; the theme never imports from cli/.
 */
import type { SearchProviderSettings } from './search-types.js';

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
  /** JSON-LD on each page (`structuredData`): breadcrumbs, and a TechArticle on guides. */
  structuredData: boolean;
  image?: string;
  navbar: {
    title?: string;
    /** `aspect`: the logo file's width / height, when docsgen could read it (the theme keeps it, with no layout shift). */
    logo?: { alt: string; src: string; srcDark?: string; aspect?: number };
    hideOnScroll: boolean;
    /** `navbar.style`: a dark navbar in both colour modes, or one in the primary colour; unset, it follows the mode. */
    style?: 'dark' | 'primary';
    items: NavbarItem[];
  };
  footer: {
    style: 'light' | 'dark';
    links: { title: string; items: { label: string; href: string; external: boolean }[] }[];
    copyright?: string;
  };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  colorMode: { defaultMode: 'light' | 'dark'; respectPrefersColorScheme: boolean; disableSwitch: boolean };
  toc: { minHeadingLevel: number; maxHeadingLevel: number };
  home: { features: { title: string; description: string }[]; codeSampleHtml?: string; getStartedHref: string };
  /** Hashed URLs of the stylesheet and scripts; `preload` are chunks the entry needs at start-up. */
  assets: { css: string[]; js: string[]; preload?: string[] };
  /** Google Analytics (gtag): loaded by the client only when a tracking id is set. */
  analytics?: { gtag?: { trackingID: string; anonymizeIP: boolean } };
  /** The docs version of pages that have none of their own (`current`, labelled Next), stored as the reader's preference. */
  docsVersion?: { name: string; label: string };
  /** Every docs version the site builds, newest first, each with its main doc (the version dropdown, the banners). */
  docsVersions?: DocsVersionView[];
  /** Mermaid's browser build, when some page has a diagram. */
  mermaidUrl?: string;
  /** The repository's issues page, for "Let us know". */
  issuesUrl?: string;
  /** The actions menu beside each doc, API and category page's title (`pageActions`); on unless false. */
  pageActions?: boolean;
  /** Search provider settings for the browser (never the list of routes). */
  search: SearchProviderSettings;
  /** `docs.showLastUpdateTime`: guides show the date of `route.lastUpdate` at their foot. */
  showLastUpdateTime?: boolean;
}

/** A navbar link, or the docs version dropdown (its versions are `docsVersions`). */
export type NavbarItem =
  | { type?: undefined; label: string; href: string; external: boolean; position: 'left' | 'right'; ariaLabel?: string }
  | { type: 'docsVersionDropdown'; position: 'left' | 'right' };

/** A docs version as the theme shows it. */
export interface DocsVersionView {
  name: string;
  label: string;
  /** Its main doc (first doc of its first sidebar), baseUrl included. */
  href: string;
  /** The version served at the docs' root path, which banners point readers to. */
  isLast: boolean;
}

/** The docs version a page belongs to. */
export interface PageVersion {
  name: string;
  /** The banner the page shows: on pages of a version that is not the last, unless turned off. */
  banner?: 'unreleased' | 'unmaintained';
  /** The same doc in each version that has it, by version name (baseUrl included). */
  alternates: Record<string, string>;
}

/** What one page template receives. */
export interface PageProps {
  site: SiteData;
  route: PageRoute;
  /** The sidebar of this page, if it belongs to one. */
  sidebar?: SidebarItem[];
  /** The same sidebar already rendered, with this page marked (the build renders each sidebar once). */
  sidebarHtml?: string;
  /** Current page URL (baseUrl included). */
  url: string;
}

/** One heading of a page, as rendered (id is the HTML id). */
export interface Heading {
  depth: number;
  id: string;
  /** Plain text of the heading. */
  text: string;
}

/** The front matter keys the theme reads (the generator reads and checks the others). */
export interface PageFrontMatter {
  keywords?: string[];
  image?: string;
  hide_title?: boolean;
  hide_table_of_contents?: boolean;
  toc_min_heading_level?: number;
  toc_max_heading_level?: number;
}

/** A page's compiled body, as the theme shows it. */
export interface PageBody {
  /** The page body as an HTML fragment. */
  html: string;
  /** Title found in the first h1, when any. */
  h1?: string;
  headings: Heading[];
  /** The page contains a mermaid diagram (the client loads the renderer). */
  hasMermaid?: boolean;
}

export type SidebarItem =
  | { type: 'doc'; id: string; label: string; href: string; className?: string }
  /** A link: to another site, to a page of this one, or to a doc the sidebar names without making it its own (`ref`). */
  | { type: 'link'; label: string; href: string; className?: string; description?: string }
  /** Markup from the config (trusted), shown as it is; `defaultStyle` gives it a link's padding. */
  | { type: 'html'; value: string; defaultStyle?: boolean; className?: string }
  | {
      type: 'category';
      label: string;
      items: SidebarItem[];
      collapsed: boolean;
      /** `false`: always open, with no toggle (then `collapsed` is false too); absent means collapsible. */
      collapsible?: boolean;
      href?: string;
      className?: string;
    };

/** What a template knows of the page it renders. */
export interface PageRoute {
  /** Clean path, starting with `/` and without trailing slash (except `/`). Without baseUrl. */
  path: string;
  /** `page`: a page of the site's pages folder (`src/pages`), Markdown or React. */
  kind: 'home' | 'doc' | 'api' | 'category' | 'redirect' | 'search' | 'not-found' | 'page' | BlogRouteKind;
  title: string;
  description?: string;
  content?: PageBody;
  breadcrumbs?: { label: string; href?: string }[];
  previous?: { label: string; href: string };
  next?: { label: string; href: string };
  editUrl?: string;
  frontMatter?: PageFrontMatter;
  /** For redirect pages. */
  redirectTo?: string;
  /** Excluded from the sitemap (drafts are not routes at all). */
  noindex?: boolean;
  /** For the generated index of a sidebar category (`link: {type: 'generated-index'}`): what it lists. */
  categoryIndex?: CategoryIndexView;
  /** The docs version of a doc, API or category page. */
  docsVersion?: PageVersion;
  /** The page's Markdown copy (`<route>.md`, baseUrl included), when the site publishes one (`markdownPages`). */
  markdownHref?: string;
  /** The page's generated social image (`og:image`), when the site draws them (`socialImages`): path from the site root (percent-encoded), size, text. */
  socialImage?: { src: string; width: number; height: number; alt: string };
  /** A React page of the pages folder (`src/pages/x.tsx`): its body is the component's whole markup, shown without the docs' frame. */
  reactPage?: boolean;
  /** When the page's source last changed (ISO 8601) and by whom: from git history or front matter `last_update`. */
  lastUpdate?: { date: string; author?: string };
  /** Blog pages (a post, a list, the tags, the archive): what they show besides the body. */
  blog?: BlogView;
}

/** The blog's pages: a post, a page of the list (all posts, or one tag's), the tags, the archive. */
export type BlogRouteKind = 'blog-post' | 'blog-list' | 'blog-tags' | 'blog-archive';

/** A post as the blog's pages show it (its title, date, authors, tags). */
export interface BlogPostView {
  title: string;
  href: string;
  /** ISO 8601. */
  date: string;
  authors: { name: string; title?: string; url?: string; imageUrl?: string }[];
  tags: { label: string; href: string }[];
  /** Minutes, when the blog shows reading time. */
  readingMinutes?: number;
  description?: string;
}

/** What a blog page shows besides the body. */
export interface BlogView {
  /** The post itself (post pages). */
  post?: BlogPostView;
  /** List pages: each post with its part up to the truncate marker (`truncated`: a "Read more" link follows). */
  list?: (BlogPostView & { html: string; truncated: boolean })[];
  /** The tags page: every tag with its page and number of posts. */
  tags?: { label: string; href: string; count: number }[];
  /** The archive: posts by year, newest first. */
  archive?: { year: string; posts: BlogPostView[] }[];
  /** The blog's feeds, for `<link rel="alternate">`. */
  feeds: { type: 'application/rss+xml' | 'application/atom+xml'; href: string; title: string }[];
}

/** The page a sidebar category with a generated index links to: a card for each of its items. */
export interface CategoryIndexView {
  /** The category's label, as the sidebar shows it. */
  label: string;
  cards: CategoryCard[];
}

/** One item of a category, as a card: a doc (its description), a sub-category (its item count) or a link. */
export interface CategoryCard {
  kind: 'doc' | 'category' | 'link';
  label: string;
  href: string;
  description?: string;
}
