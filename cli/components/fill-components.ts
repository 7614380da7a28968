import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { ComponentCall, ComponentCalls, Diagnostic, PageContent } from '../types.js';
import type { ComponentBundle } from './bundle-components.js';
import type { BrowserBundle } from './browser-bundle.js';
import { fillCodeBlocks, type HighlightCodeBlock } from './code-block-slots.js';
import { ComponentRenderer } from './component-renderer.js';
import { islandHtml } from './island-html.js';

/** The site's components, ready to render: the bundle, the site root its imports resolve from, and each render's time limit. */
export interface SiteComponents {
  bundle: ComponentBundle;
  /** The names registered with `client: true`: their uses are islands (island-html.ts). */
  client: Set<string>;
  /** The browser bundle of those components, when there are any (browser-bundle.ts). */
  browser?: BrowserBundle;
  root: string;
  timeoutMs: number;
}

/** A compiled page, by the file diagnostics name. */
export interface CompiledPage {
  file: string;
  content: PageContent;
}

/**
 * Renders the component uses of compiled pages into their HTML: the compile
 * left each use as a marker around its (sanitised) children. Cached per page
 * by the bundle's hash, so editing a component module, or anything it
 * imports, renders its pages again and only them. A use that throws or is
 * stopped is an error at its place, and renders as nothing.
 */
export async function fillComponents(
  pages: CompiledPage[],
  components: SiteComponents,
  cache: DiskCache,
  highlight: HighlightCodeBlock,
): Promise<PageContent[]> {
  const renderer = new ComponentRenderer(components.bundle, components.root, components.timeoutMs);
  try {
    const filled: PageContent[] = [];
    for (const { file, content } of pages) {
      if (!content.components) {
        filled.push(content);
        continue;
      }
      const key = hashOf(components.bundle.hash, components.browser?.hash ?? null, content.html, content.components);
      const cached = cache.get<{ html: string }>('components', key);
      if (cached) {
        filled.push({ ...content, html: cached.html });
        continue;
      }
      const diagnostics: Diagnostic[] = [];
      let uses = 0;
      const html = await fillMarkers(content.html, content.components, async (call, children) => {
        const island = components.client.has(call.name);
        const idPrefix = `c${uses++}-`;
        const request = { name: call.name, props: call.props, children: call.children, island, idPrefix };
        const outcome = await renderer.render(request);
        if ('html' in outcome) {
          const own = await fillCodeBlocks(outcome.html, renderer.codeBlockTag, outcome.codeBlocks, highlight);
          const html = own.split(`<${renderer.childrenTag}></${renderer.childrenTag}>`).join(children);
          return island ? islandHtml(call, html, children, idPrefix, components.browser) : html;
        }
        diagnostics.push(componentError(file, call, outcome.error));
        return '';
      });
      if (diagnostics.length === 0) cache.set('components', key, { html });
      filled.push({ ...content, html, diagnostics: [...content.diagnostics, ...diagnostics] });
    }
    return filled;
  } finally {
    await renderer.close();
  }
}

/**
 * Replaces each `<MARKER-i>children</MARKER-i>` of the HTML, innermost first,
 * with what `render` makes of use `i` and its children's HTML. A plain scan:
 * the markers are unique and well nested, as the compile wrote them.
 */
export async function fillMarkers(
  html: string,
  uses: ComponentCalls,
  render: (call: ComponentCall, children: string) => Promise<string>,
): Promise<string> {
  const open = `<${uses.marker}-`;
  let out = '';
  let position = 0;
  for (let start = html.indexOf(open); start !== -1; start = html.indexOf(open, position)) {
    const end = html.indexOf('>', start);
    const index = Number(html.slice(start + open.length, end));
    const close = `</${uses.marker}-${index}>`;
    const closeAt = html.indexOf(close, end);
    const call = uses.calls[index];
    if (!call || closeAt === -1) throw new Error(`the compiled page has a component marker without its use (${index})`);
    const children = await fillMarkers(html.slice(end + 1, closeAt), uses, render);
    out += html.slice(position, start) + (await render(call, children));
    position = closeAt + close.length;
  }
  return out + html.slice(position);
}

function componentError(file: string, call: ComponentCall, error: string): Diagnostic {
  return {
    severity: 'error',
    rule: 'component-error',
    message: `<${call.name}> ${error}`,
    file,
    line: call.line,
    column: call.column,
    hint: `<${call.name}> is the site's own code (components.${call.name} in the config): fix it, or the props this use gives it`,
  };
}
