import { Parser } from 'htmlparser2';

/** Elements that run script, load active content or change how the page is read, whatever their attributes. */
const ACTIVE_ELEMENTS = new Set([
  'script',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'style',
  'template',
  'noscript',
  'form',
  'foreignobject',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'handler',
  'listener',
]);
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'srcset',
  'poster',
  'cite',
  'data',
  'background',
  'ping',
  'longdesc',
  'manifest',
]);
/** Data attributes the theme's scripts act on (they must never come from content). */
const THEME_HOOKS = /^data-(island|island-props|fragments|lazy|persist|mermaid|base-url|page)$/;

/** A URL's scheme the way a browser finds it: controls, spaces, tabs and newlines ignored, any case. */
function dangerousScheme(value: string): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return /^(?:javascript|vbscript|data|file|blob|livescript):/.test(compact);
}

/**
 * Everything in an HTML fragment or page that could run script or reach the
 * theme's scripts, as `element attribute` strings; [] for a safe page. It is
 * written independently of docsgen's sanitiser (its own parser, htmlparser2,
 * and its own rules), so the tests do not judge the sanitiser by itself.
 */
export function findScriptVectors(html: string, options: { allowThemeScripts?: boolean } = {}): string[] {
  const found: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (ACTIVE_ELEMENTS.has(name) && !(options.allowThemeScripts && isThemeScript(name, attributes)))
          found.push(`<${name}>`);
        if (name === 'iframe' && !/^https:\/\//.test((attributes.src ?? '').trim()))
          found.push(`<iframe src=${JSON.stringify(attributes.src ?? '')}>`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/.test(attribute)) found.push(`<${name} ${attribute}>`);
          if (attribute === 'srcdoc') found.push(`<${name} srcdoc>`);
          if (THEME_HOOKS.test(attribute)) found.push(`<${name} ${attribute}>`);
          if (!URL_ATTRIBUTES.has(attribute)) continue;
          // The theme's empty icon of a site without a favicon (Html.tsx): an empty data URL holds nothing to run.
          if (name === 'link' && attribute === 'href' && value === 'data:,' && attributes.rel === 'icon') continue;
          const urls = attribute === 'srcset' || attribute === 'ping' ? value.split(/[,\s]+/) : [value];
          if (urls.some(dangerousScheme)) found.push(`<${name} ${attribute}=${JSON.stringify(value)}>`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/**
 * The theme's own `<script>`/`<link>`/`<meta>` in a whole page, which the page needs: `<head>` tags, island props
 * and the JSON-LD data block (never run; what is in it is checked by tests/integration/search-engine-files.test.ts).
 */
function isThemeScript(name: string, attributes: Record<string, string>): boolean {
  if (name === 'meta' || name === 'link') return true;
  const types = ['module', 'application/json', 'application/ld+json'];
  return (
    name === 'script' &&
    ((types.includes(attributes.type ?? '') && Object.keys(attributes).length <= 2) ||
      Object.keys(attributes).length === 0)
  );
}

/** The article of a built page: what content put there (the `.markdown` body). */
export function articleOf(page: string): string {
  const start = page.indexOf('<div class="markdown">');
  const end = page.indexOf('</article>', start);
  if (start === -1) throw new Error('no article in this page');
  return page.slice(start, end === -1 ? undefined : end);
}
