import type { Options as Schema } from 'rehype-sanitize';
import { SAFE_SCHEMES } from './safe-url.js';

/**
 * What a page may hold once content is sanitised: the HTML of prose, the
 * theme's own markup (code blocks, admonitions, tabs, mermaid, headings with
 * hash links, GFM tables, task lists and footnotes, sized lazy images) and
 * static SVG. Everything that can run script is left out: `<script>`,
 * event-handler attributes, `<object>`/`<embed>`, `<base>`, `<meta>`,
 * `<link>`, `<style>`, forms, SVG animation (it can rewrite an `href`) and
 * `<foreignObject>`. Property names are hast's (`className`, `strokeWidth`).
 *
 * Ids are NOT prefixed (hast-util-sanitize's `user-content-` clobber
 * prefix): `#anchor` and `{#custom-id}` links must keep working. What a
 * prefix would protect against is handled another way: `name`, which lets
 * `<img>`/`<form>`/`<iframe>` shadow `document` properties, is only kept on
 * `<a>` and `<details>`; the theme's client code reads no global an id could
 * shadow (see templates/client/analytics.ts) and looks elements up by class
 * and by the data attributes in RESERVED_DATA_ATTRIBUTES, which content loses.
 */

/** Attributes every element may have. */
const GLOBAL = [
  'className', 'id', 'style', 'title', 'lang', 'dir', 'hidden', 'tabIndex', 'role', 'translate',
  'ariaLabel', 'ariaLabelledBy', 'ariaDescribedBy', 'ariaDetails', 'ariaHidden', 'ariaCurrent',
  'ariaExpanded', 'ariaControls', 'ariaSelected', 'ariaLive',
  'width', 'height', 'align', 'data*',
];

/** Static SVG: shapes, text, gradients, masks, markers, filters, `<use>`/`<image>`. No animation, no foreignObject. */
const SVG_ELEMENTS = [
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'path', 'circle', 'ellipse', 'line', 'polyline',
  'polygon', 'rect', 'text', 'tspan', 'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath',
  'mask', 'pattern', 'marker', 'image', 'filter', 'feBlend', 'feColorMatrix', 'feComposite', 'feDropShadow',
  'feFlood', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feOffset',
];

/** Presentation and geometry attributes of static SVG (hast names, svg space). */
const SVG_ATTRIBUTES = [
  'viewBox', 'xmlns', 'xmlnsXLink', 'version', 'preserveAspectRatio', 'x', 'y', 'x1', 'x2', 'y1', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'pathLength', 'fill', 'fillOpacity', 'fillRule',
  'clipRule', 'clipPath', 'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits', 'stroke', 'strokeWidth',
  'strokeLineCap', 'strokeLineJoin', 'strokeDashArray', 'strokeDashOffset', 'strokeOpacity', 'strokeMiterLimit',
  'opacity', 'transform', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset', 'stopColor',
  'stopOpacity', 'patternUnits', 'patternContentUnits', 'patternTransform', 'markerEnd', 'markerStart',
  'markerMid', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'textAnchor',
  'dominantBaseline', 'alignmentBaseline', 'fontSize', 'fontFamily', 'fontWeight', 'fontStyle',
  'letterSpacing', 'textDecoration', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset',
  'href', 'xLinkHref', 'filter', 'filterUnits', 'primitiveUnits', 'stdDeviation', 'in', 'in2', 'result',
  'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'floodColor', 'floodOpacity', 'focusable',
  'visibility', 'display', 'vectorEffect', 'shapeRendering', 'colorInterpolationFilters', 'overflow', 'color',
];

/** Elements of prose and of the theme's markup. */
const HTML_ELEMENTS = [
  'a', 'abbr', 'address', 'article', 'aside', 'audio', 'b', 'bdi', 'bdo', 'blockquote', 'br', 'button',
  'caption', 'cite', 'code', 'col', 'colgroup', 'data', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'i',
  'iframe', 'img', 'input', 'ins', 'kbd', 'label', 'li', 'mark', 'nav', 'ol', 'p', 'picture', 'pre', 'q',
  'rp', 'rt', 'ruby', 's', 'samp', 'section', 'small', 'source', 'span', 'strike', 'strong', 'sub',
  'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'track', 'tt', 'u', 'ul',
  'var', 'video', 'wbr',
];

/**
 * Elements removed with everything they contain (other elements that are not
 * allowed are replaced by their content). Their content is script, CSS,
 * markup for another context, or fallback that would show as stray text.
 */
export const STRIPPED_ELEMENTS = [
  'script', 'style', 'template', 'noscript', 'textarea', 'xmp', 'object', 'embed', 'applet',
  'noembed', 'noframes', 'frameset', 'frame', 'select', 'option', 'optgroup', 'datalist', 'head', 'meta',
  'link', 'base', 'foreignObject', 'animate', 'animateMotion', 'animateTransform', 'set', 'discard',
  'handler', 'listener',
];

/**
 * `data-*` attributes the theme's client code acts on (templates/client/):
 * content that set them could make it hydrate islands it never rendered or
 * fetch HTML from a URL of its choosing (the lazy sidebar). They are removed
 * from content whatever their letter case. Content may still use any other
 * `data-*` attribute, and the tab markup rehype-tabs writes
 * (`data-value`, `data-group-id`, `data-query-string`).
 */
export const RESERVED_DATA_ATTRIBUTES = [
  'data-base-url', 'data-category', 'data-doc-card-list', 'data-docs-version', 'data-fragments', 'data-gtag',
  'data-gtag-anonymize-ip', 'data-island', 'data-island-props', 'data-lazy', 'data-loading', 'data-markdown',
  'data-mermaid', 'data-page', 'data-persist', 'data-processed', 'data-search-open', 'data-search-ready', 'data-source',
  'data-theme',
];

/** Attributes holding URLs: each must pass `isSafeUrl` (after normalising), or it is removed. */
export const URL_ATTRIBUTES = ['href', 'src', 'xLinkHref', 'action', 'formAction', 'srcSet', 'poster', 'cite', 'data', 'longDesc', 'background', 'ping', 'manifest'];

const media = ['src', 'controls', 'autoPlay', 'loop', 'muted', 'preload'];

export const sanitizeSchema: Schema = {
  tagNames: [...HTML_ELEMENTS, ...SVG_ELEMENTS],
  strip: STRIPPED_ELEMENTS,
  attributes: {
    '*': GLOBAL,
    a: ['href', 'target', 'rel', 'hrefLang', 'name', 'type'],
    img: ['src', 'srcSet', 'sizes', 'alt', 'loading', 'decoding', 'border'],
    iframe: ['src', 'allow', 'allowFullScreen', 'loading', 'referrerPolicy', 'frameBorder', 'sandbox'],
    video: [...media, 'poster', 'playsInline'],
    audio: media,
    source: ['src', 'srcSet', 'sizes', 'media', 'type'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    picture: [],
    button: [['type', 'button']],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    ol: ['start', 'reversed', 'type'],
    ul: ['type'],
    li: ['value'],
    table: ['border', 'cellPadding', 'cellSpacing', 'summary'],
    td: ['colSpan', 'rowSpan', 'headers', 'scope', 'abbr', 'vAlign', 'noWrap'],
    th: ['colSpan', 'rowSpan', 'headers', 'scope', 'abbr', 'vAlign', 'noWrap'],
    col: ['span'],
    colgroup: ['span'],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'dateTime'],
    ins: ['cite', 'dateTime'],
    time: ['dateTime'],
    data: ['value'],
    details: ['open', 'name'],
    label: ['htmlFor'],
    ...Object.fromEntries(SVG_ELEMENTS.map((name) => [name, SVG_ATTRIBUTES])),
  },
  required: {
    button: { type: 'button' },
    input: { type: 'checkbox', disabled: true },
  },
  // Table parts outside a table would break out of their place.
  ancestors: { tbody: ['table'], td: ['table'], th: ['table'], thead: ['table'], tfoot: ['table'], tr: ['table'], caption: ['table'], col: ['table'], colgroup: ['table'] },
  protocols: Object.fromEntries(URL_ATTRIBUTES.map((name) => [name, [...SAFE_SCHEMES]])),
  clobber: [],
  clobberPrefix: '',
  // Comments are inert (the serialiser escapes anything that could end one early); `.md` keeps them as today.
  allowComments: true,
  allowDoctypes: false,
};

/** SVG element names by their lower-case spelling, so `<lineargradient>` in MDX is judged as `<linearGradient>`. */
export const SVG_NAMES = new Map([...SVG_ELEMENTS, ...STRIPPED_ELEMENTS].filter((name) => name !== name.toLowerCase()).map((name) => [name.toLowerCase(), name]));
