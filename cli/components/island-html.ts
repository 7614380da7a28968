import { escapeHtml } from '../strings.js';
import type { ComponentCall } from '../types.js';
import type { BrowserBundle } from './browser-bundle.js';

/**
 * The markup of one use of a `client: true` component: what the build
 * rendered, in a `<docsgen-island>` (`display: contents`, so it is at home
 * in a paragraph as in a section) that names its chunk; then its props and
 * its children's HTML as JSON (`<` escaped, so no text can end the script),
 * and the loader (templates/client/components/load-components.ts), which the
 * browser runs once however many islands name it.
 */
export function islandHtml(
  call: ComponentCall,
  html: string,
  children: string,
  idPrefix: string,
  browser: BrowserBundle | undefined,
): string {
  const chunk = browser?.chunks[call.name];
  if (!browser || !chunk) return html;
  const data = scriptJson({ props: call.props, children: call.children ? children : null, idPrefix });
  return (
    `<docsgen-island data-component="${escapeHtml(call.name)}" data-src="${escapeHtml(chunk)}" style="display:contents">${html}</docsgen-island>` +
    `<script type="application/json" data-component-props>${data}</script>` +
    `<script type="module" src="${escapeHtml(browser.loader)}" data-component-loader></script>`
  );
}

/** A value as JSON to put in a `<script>` element: `<` escaped, so no string in it can end the script. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
