import { parseDocument } from 'htmlparser2';

/** The element the `@theme/Layout` shim renders to pass a React page's title and description on (never published). */
export const PAGE_HEAD_TAG = 'docsgen-page-head';

/**
 * Reads the title and description a React page gave `<Layout>` from its markup, and removes the element that
 * carried them. The markup is the site's own code's (trusted), rendered by React: the element is found by a scan
 * for its tag, and its attributes read by htmlparser2.
 */
export function takePageHead(html: string): { html: string; title?: string; description?: string } {
  const start = html.indexOf(`<${PAGE_HEAD_TAG}`);
  if (start < 0) return { html };
  const close = `</${PAGE_HEAD_TAG}>`;
  const end = html.indexOf(close, start);
  if (end < 0) return { html };
  const element = parseDocument(html.slice(start, end + close.length)).firstChild;
  const attribs = element && 'attribs' in element ? element.attribs : {};
  return {
    html: html.slice(0, start) + html.slice(end + close.length),
    ...(attribs['data-title'] !== undefined ? { title: attribs['data-title'] } : {}),
    ...(attribs['data-description'] !== undefined ? { description: attribs['data-description'] } : {}),
  };
}
