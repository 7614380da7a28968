/**
 * The data that flows between pipeline stages. Each stage takes some of
 * these and returns others; nothing here knows about the disk or React.
 */
import type {
  CategoryCard,
  CategoryIndexView,
  Heading,
  PageBody,
  PageFrontMatter,
  PageRoute,
  SidebarItem,
} from '../templates/shared/site-data.js';

export type { CategoryCard, Heading, SidebarItem };

/** A problem found in content or config, always with a place when there is one. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Short machine name of the rule, e.g. `broken-link`, `invalid-mdx`. */
  rule: string;
  message: string;
  /** Path relative to the site root (or absolute when outside it). */
  file?: string;
  line?: number;
  column?: number;
  /** What to do about it. */
  hint?: string;
  /** The route whose rendered HTML contains the problem. */
  route?: string;
  /** The link target, for link rules. */
  target?: string;
  /** Code sample rules: the line of the block's opening fence in `file`, so reports can count the samples with problems. */
  block?: number;
}

/** Something a reviewer should know that is not a problem in content (`markdown.trustContent` is on). */
export interface Notice {
  rule: string;
  message: string;
}

/** Milliseconds spent in each stage, in the order they ran. */
export type Timings = Record<string, number>;

/** Told of each stage's progress (the CLI prints it; `createStageTimer` in cli/pipeline/stage-timer.ts times it). */
export interface Reporter {
  stageStart?(name: string): void;
  stageEnd?(name: string, ms: number): void;
  progress?(done: number, total: number, label: string): void;
  /** One line about something done besides the build itself (a stale lock taken over, output restored after a crash). */
  note?(line: string): void;
}

/** Front matter accepted on a doc (Docusaurus-compatible names). */
/** An author as a post's front matter writes it inline. */
export interface BlogAuthorEntry {
  name?: string;
  title?: string;
  url?: string;
  image_url?: string;
  key?: string;
}

export interface FrontMatter extends PageFrontMatter {
  id?: string;
  title?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  /** Class name of the doc's sidebar item. */
  sidebar_class_name?: string;
  slug?: string;
  description?: string;
  draft?: boolean;
  unlisted?: boolean;
  /** Blog posts only (cli/blog/). */
  date?: string;
  authors?: string | BlogAuthorEntry | (string | BlogAuthorEntry)[];
  tags?: (string | { label: string })[];
  /** Docusaurus's older single-author keys (cli/blog/legacy-author.ts). */
  author?: string;
  author_title?: string;
  authorTitle?: string;
  author_url?: string;
  authorURL?: string;
  author_image_url?: string;
  authorImageURL?: string;
  /** `md`, `mdx` or `detect`: overrides `markdown.format` for this file. */
  format?: 'md' | 'mdx' | 'detect';
  /** When (ISO 8601, UTC) and by whom the page last changed, instead of what git says. */
  last_update?: { date?: string; author?: string };
}

/** A Markdown or MDX file read from the content folder. */
export interface ContentFile {
  /** Absolute path on disk. */
  path: string;
  /** Path relative to the site root, used in every message. */
  file: string;
  /** Path relative to the docs folder, e.g. `guides/taking-photos.mdx`. */
  docPath: string;
  /** Doc id: directory + front matter id (or file name), e.g. `guides/taking-photos`. */
  id: string;
  /** How the body is compiled: decided from the front matter's `format`, `markdown.format` and the extension (doc-format.ts). */
  format: 'md' | 'mdx';
  frontMatter: FrontMatter;
  /** The body after the front matter. */
  body: string;
  /** Number of lines taken by the front matter, added to body positions. */
  bodyLineOffset: number;
  /** Line of the front matter key that decides the route (`slug`, else `id`), to place route errors. */
  routeKeyLine?: number;
  /** Lines of a blog post's `date` and `authors` keys, to place errors about them (cli/blog/). */
  blogKeyLines?: { date?: number; authors?: number };
  /** Hash of the raw file contents, used for caching. */
  hash: string;
}

/** A doc with its route decided (cli/routes/plan-docs.ts); content is compiled later. */
export interface PlannedDoc {
  file: ContentFile;
  /** Clean route without baseUrl, e.g. `/docs/guides/taking-photos`. */
  path: string;
}

/** A link or asset reference found while compiling, kept to place link errors. */
export interface LinkRef {
  /** As written in the source. */
  url: string;
  /** After rewriting `.md`/`.mdx` file links to routes. */
  href: string;
  kind: 'link' | 'image';
  line?: number;
  column?: number;
}

/** The result of compiling one Markdown/MDX body (or generating an API page). */
export interface PageContent extends PageBody {
  links: LinkRef[];
  /** Files to copy into the output: absolute source path → output path (relative to out dir). */
  assets: Record<string, string>;
  diagnostics: Diagnostic[];
  /** Plain text excerpt used for the meta description when none is given. */
  excerpt?: string;
  /** The line of the page's first mermaid diagram (where a missing mermaid package is reported), when it has one. */
  mermaidLine?: number;
  /** Files besides the source that shaped the page (the images it reads): a cached page is stale once one changes. */
  reads?: FileStamp[];
  /**
   * The `.md`/`.mdx` link targets the page looked up in the route table, with the route each had: a cached page
   * is stale once one of them has another route (or none), and only then (compile-deps.ts).
   */
  lookups?: RouteLookup[];
  /** The site components the page uses, rendered into `html` after compiling (cli/components/fill-components.ts). */
  components?: ComponentCalls;
  /**
   * The page as clean CommonMark + GFM, published at `<route>.md` and in llms-full.txt: what an AI assistant or a
   * reader of raw text gets (no imports, no JSX, links absolute). Unset for pages that have no Markdown copy.
   */
  markdown?: string;
}

/**
 * The uses of site components (the config's `components`) in a compiled page.
 * Its HTML holds each use as `<MARKER-i>children</MARKER-i>`, with `i` its
 * index in `calls`: markup no content can write (the marker is random, and
 * content's own tags and text go through the sanitiser and escaping).
 */
export interface ComponentCalls {
  marker: string;
  calls: ComponentCall[];
}

/** One use of a site component: its name, its props (plain data), whether it has children, and its place. */
export interface ComponentCall {
  name: string;
  props: Record<string, unknown>;
  children: boolean;
  line?: number;
  column?: number;
}

/** A doc path a page looked up while compiling (`guides/x.mdx`), and the route it had then (null: no doc at that path). */
export type RouteLookup = [docPath: string, route: string | null];

/** A file as it was when read: a different size or modification time means it changed. */
export interface FileStamp {
  path: string;
  size: number;
  mtimeMs: number;
}

/** A page the site will contain, before rendering: what the theme sees of it, and what only the generator needs. */
export interface Route extends PageRoute {
  /** Doc id for docs and API pages. */
  docId?: string;
  /** Source file (relative to root) for docs. */
  file?: string;
  content?: PageContent;
  sidebar?: string;
  frontMatter?: FrontMatter;
  /** Unlisted docs are built but kept out of the sidebar, sitemap and search. */
  unlisted?: boolean;
  /** For the generated index of a sidebar category (`link: {type: 'generated-index'}`): what it lists. */
  categoryIndex?: CategoryIndex;
  /** A doc that shows `<DocCardList />`: the cards of the category it is the page of (routes/doc-card-lists.ts). */
  docCards?: CategoryCard[];
}

/** The generated index of a sidebar category, with where the category is in the config (to place an error about its page). */
export interface CategoryIndex extends CategoryIndexView {
  place: { file: string; line?: number; column?: number };
}

/** A generated file whose contents are made only if the output needs them: its key says whether they changed. */
export interface LazyFile {
  key: string;
  contents(): string | Uint8Array | Promise<string | Uint8Array>;
}

/** A rendered route, ready to be written. */
export interface RenderedPage {
  route: Route;
  /** Output path relative to the out dir, e.g. `docs/guides/index.html`. */
  outPath: string;
  html: string;
  /** SHA-256 of `html`, when the renderer computed it: the output does not hash the page again. */
  hash?: string;
}
