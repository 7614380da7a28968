import { localName, rebuildSvg, type RebuiltSvg, type SvgRefusal, type SvgRules } from './rebuild-svg.js';

/**
 * SVG that content names as an image is published on the site's origin:
 * opened on its own (a link, a frame) it is a document, and any script in
 * it runs as the site. Unlike the logo's allow-list (og/sanitize-svg.ts),
 * which drops what resvg must not see, a diagram keeps every element it
 * draws with; what can run script refuses the file, so the author sees it
 * at the reference instead of a picture silently changed.
 */

/** Elements that run script or hold a document of another kind. */
const SCRIPT_ELEMENTS = new Set(['script', 'foreignobject', 'handler', 'listener']);
/** Animation elements: one that sets `href` (or a handler) can turn a link into script. */
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);
/** Namespaces whose elements are HTML or MathML (with their own links, frames and scripts), not drawing. */
const FOREIGN_NAMESPACES = new Set(['http://www.w3.org/1999/xhtml', 'http://www.w3.org/1998/math/mathml']);
/** `data:` images an `href` may embed: they load as images, which never run script. */
const DATA_IMAGES = ['data:image/png', 'data:image/jpeg', 'data:image/gif', 'data:image/webp', 'data:image/avif'];
/** Deep enough for any editor's groups, bounded so a crafted file costs little. */
const MAX_DEPTH = 256;
const MAX_ELEMENTS = 500_000;

const refuse = (why: string): SvgRefusal => ({ refuse: why });

const CONTENT_RULES: SvgRules = {
  maxDepth: MAX_DEPTH,
  maxElements: MAX_ELEMENTS,
  element(name, attributes) {
    if (!isPlainName(name)) return refuse(`an element is named ${JSON.stringify(name)}, which no SVG can be`);
    const local = localName(name).toLowerCase();
    if (SCRIPT_ELEMENTS.has(local)) return refuse(`it has a <${name}> element`);
    if (ANIMATIONS.has(local)) {
      const target = localName(attributes.attributeName ?? '')
        .trim()
        .toLowerCase();
      if (target === 'href' || target.startsWith('on'))
        return refuse(`it has a <${name}> that changes ${attributes.attributeName}`);
    }
    return { keep: name };
  },
  attributes(_, attributes) {
    let out = '';
    for (const [name, value] of Object.entries(attributes)) {
      const why = whyUnsafeAttribute(name, value);
      if (why) return refuse(why);
      out += ` ${name}="${escapeAttribute(value)}"`;
    }
    return out;
  },
  styleSheet: (text) => (hasScriptUrl(text) ? refuse('a style sheet names a javascript: URL') : true),
  declaration(name, data) {
    // Entities a DOCTYPE declares would be expanded by the browser, not by the check.
    if (name === '!doctype' && data.includes('[')) return refuse('it declares entities (a <!DOCTYPE> with [ ... ])');
    return undefined;
  },
};

/** Why an attribute can run script, or undefined. */
function whyUnsafeAttribute(name: string, value: string): string | undefined {
  if (!isPlainName(name)) return `an attribute is named ${JSON.stringify(name)}, which no SVG can be`;
  const lower = name.toLowerCase();
  const local = localName(lower);
  if (local.startsWith('on')) return `it has an event handler (${name})`;
  if ((lower === 'xmlns' || lower.startsWith('xmlns:')) && FOREIGN_NAMESPACES.has(value.trim().toLowerCase()))
    return `it embeds HTML or MathML (${name}="${value}")`;
  if (hasScriptUrl(value)) return `${name} is a javascript: URL`;
  if (local === 'href' || local === 'src') {
    const url = compact(value);
    if (url.startsWith('data:') && !DATA_IMAGES.some((prefix) => url.startsWith(prefix)))
      return `${name} is a data: URL of another kind than a PNG, JPEG, GIF, WebP or AVIF image`;
  }
  return undefined;
}

/** An XML name as editors write them: nothing a browser could read as the end of a tag or the start of a value. */
function isPlainName(name: string): boolean {
  for (const c of name) if (c.charCodeAt(0) <= 0x20 || '"\'<>=/&`'.includes(c)) return false;
  return name.length > 0;
}

/** A value read as a browser reads a URL: blanks and control characters removed, in lower case. */
function compact(value: string): string {
  // No colon, no scheme: path data and numbers (the bulk of a drawing) are not copied.
  if (!value.includes(':')) return '';
  let out = '';
  for (const c of value) if (c.charCodeAt(0) > 0x20) out += c;
  return out.toLowerCase();
}

/** Whether a value or style sheet names a script URL anywhere (`javascript:`, `vbscript:`), however spaced. */
function hasScriptUrl(value: string): boolean {
  const url = compact(value);
  return url.includes('javascript:') || url.includes('vbscript:');
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/** An attribute value for a double-quoted XML attribute; tabs and line breaks as references, which XML keeps (literal ones become spaces). */
function escapeAttribute(value: string): string {
  return /[&<>"\t\n\r]/.test(value) ? value.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]) : value;
}

/**
 * An SVG content names as an image, checked and rebuilt (rebuild-svg.ts):
 * refused when it has a script, a `foreignObject`, an event handler, a
 * `javascript:` URL, a `data:` URL other than an image, HTML or MathML, an
 * animation that sets a link, or entities of its own; otherwise the same
 * drawing written out from the parsed elements, which is what is published.
 */
export function checkContentSvg(text: string): RebuiltSvg {
  return rebuildSvg(text, CONTENT_RULES);
}
