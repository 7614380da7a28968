/**
 * What every part of an API page needs while it is being built.
 */
import type { Diagnostic } from '../types.js';
import type { SourceView } from '../../templates/shared/api-view-types.js';
import type { ApiModel, ApiSource } from '../api-model.js';
import type { ApiOptions } from './api-options.js';
import { getTargetHref } from './api-paths.js';
import type { HrefResolver } from './type-tokens.js';

/** Services the site's Markdown and layout stages provide to the API pages. */
export interface ApiRenderContext {
  /** Markdown (TSDoc text) → HTML fragment, through the site's Markdown pipeline. Links in it are final hrefs. */
  renderMarkdown(markdown: string): Promise<string>;
  /** Highlights code to an HTML `<pre>` block (shiki dual theme), with its links into the API when it is given them. */
  highlight(code: string, lang: string): string | Promise<string>;
  /** Prefixes a site path with the site's baseUrl. */
  url(path: string): string;
  /** A one-line `@default` as inline code; unset: HTML `<code>`. (The Markdown copy's context writes it in backticks.) */
  inlineCode?(code: string): string;
}

/** Per-page state: services, link resolution and the page's diagnostics. */
export interface PageContext {
  model: ApiModel;
  options: ApiOptions;
  render: ApiRenderContext;
  href: HrefResolver;
  /** Route of the page being built, for diagnostics. */
  route: string;
  diagnostics: Diagnostic[];
}

/** Creates the context for one page. */
export function createPageContext(
  model: ApiModel,
  options: ApiOptions,
  render: ApiRenderContext,
  route: string,
): PageContext {
  const names = new Set(model.entities.map((e) => `${e.kind}:${e.name}`));
  const href: HrefResolver = (target) =>
    names.has(`${target.kind}:${target.entity}`) ? getTargetHref(target, options, render.url) : undefined;
  return { model, options, render, href, route, diagnostics: [] };
}

/** The source file of a declaration relative to the site root, for diagnostics. */
export function getSiteFile(model: ApiModel, source: ApiSource | undefined): string | undefined {
  if (!source) return undefined;
  return model.package.dir ? `${model.package.dir}/${source.file}` : source.file;
}

/** The template for "Defined in" links: the option, else one derived from package.json. */
export function getSourceLinkTemplate(model: ApiModel, options: ApiOptions): string | undefined {
  if (options.sourceLinkTemplate) return options.sourceLinkTemplate;
  const { repository, directory } = model.package;
  if (!repository) return undefined;
  return `${repository}/blob/v{version}/${directory ? `${directory}/` : ''}{path}#L{line}`;
}

/** "Defined in" label and link of a declaration. */
export function getSourceView(pc: PageContext, source: ApiSource | undefined): SourceView | undefined {
  if (!source) return undefined;
  const label = `${source.file}:${source.line}`;
  const template = getSourceLinkTemplate(pc.model, pc.options);
  if (!template) return { label };
  const href = template
    .replaceAll('{version}', pc.model.package.version)
    .replaceAll('{path}', source.file)
    .replaceAll('{line}', String(source.line));
  return { label, href };
}
