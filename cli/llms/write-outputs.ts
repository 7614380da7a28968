import type { SiteConfig } from '../config/schema.js';
import { DOC_CARD_LIST_COPY } from '../markdown/copy/clean-tree.js';
import { stringifyMarkdown } from '../markdown/copy/stringify-copy.js';
import type { Route, SidebarItem } from '../types.js';
import type { SiteData } from '../../templates/shared/site-data.js';
import { createCopyLinker, hasCopy, type CopyLinker } from './copy-links.js';
import { cardList, categoryCopy, homeCopy } from './generated-copies.js';
import { collectLlmsPages, writeLlmsFullTxt, writeLlmsTxt, type LlmsPages } from './llms-txt.js';
import { trimTrailingSlashes } from '../url-parts.js';

export interface MarkdownOutputsInput {
  routes: Route[];
  sidebars: ReadonlyMap<string, SidebarItem[]>;
  site: SiteData;
  config: SiteConfig;
}

/** The latest docs version's routes and sidebars (the only version without versions). */
export interface LatestVersion {
  routes: Route[];
  sidebars: SidebarItem[][];
}

/**
 * Writes the Markdown outputs (loaded only when one must be written: it
 * brings unified's serialiser): a page's copy, llms.txt, llms-full.txt.
 */
export class MarkdownWriter {
  private readonly linker: CopyLinker;
  private pages?: LlmsPages;

  constructor(
    private readonly input: MarkdownOutputsInput,
    private readonly latest: LatestVersion,
  ) {
    this.linker = createCopyLinker(input.routes, trimTrailingSlashes(input.config.url), input.config.baseUrl);
  }

  /** A page's copy: its compiled Markdown (with its doc cards), or made from the route (home, generated indexes). */
  copyOf(route: Route): string | undefined {
    const { linker, input } = this;
    if (route.kind === 'home') return homeCopy(input.site, input.config, this.latest.sidebars[0] ?? [], linker);
    if (route.kind === 'category' && route.categoryIndex) return categoryCopy(route, linker);
    const markdown = route.content?.markdown;
    if (markdown === undefined || !markdown.includes(DOC_CARD_LIST_COPY)) return markdown;
    const cards = route.docCards?.length
      ? stringifyMarkdown({ type: 'root', children: [cardList(route.docCards, linker)] }).trimEnd()
      : '';
    return markdown.split(DOC_CARD_LIST_COPY).join(cards);
  }

  llmsTxt(): string {
    return writeLlmsTxt(this.input.site, this.llmsPages(), this.linker);
  }

  llmsFullTxt(): string {
    return writeLlmsFullTxt(this.llmsPages(), (route) => this.copyOf(route), this.linker);
  }

  private llmsPages(): LlmsPages {
    if (this.pages) return this.pages;
    const pages = collectLlmsPages(
      this.latest.sidebars,
      this.linker,
      this.latest.routes.filter((r) => r.kind === 'api'),
      this.latest.routes.filter((r) => r.kind === 'blog-post'),
    );
    // The Markdown pages of the pages folder (src/pages), which no sidebar lists, in a section of their own.
    const own = this.input.routes.filter((r) => r.kind === 'page' && !r.unlisted && hasCopy(r));
    if (own.length) pages.sections.push({ title: 'Pages', routes: own });
    return (this.pages = pages);
  }
}
