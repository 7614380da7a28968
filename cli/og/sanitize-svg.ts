import { rebuildSvg, type SvgRules } from '../files/rebuild-svg.js';
import { escapeHtml } from '../strings.js';

/**
 * The drawing elements a logo may keep. Everything else goes, with its
 * children: `image` and `feImage` (resvg reads the files and paths they
 * name), filters, `use` and `pattern` (a few bytes of them can ask for
 * billions of shapes), `foreignObject`, `script`, and any element of another
 * namespace (an editor's metadata). `a` is kept as a group.
 */
const ELEMENTS = new Set([
  'svg',
  'g',
  'a',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'style',
  'text',
  'tspan',
]);
const NAMESPACES = new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']);
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/** The logo's rules: its allow-list, every `href` and `url()` to an `#id` of the same file, nothing imported. */
const LOGO_RULES: SvgRules = {
  maxDepth: MAX_DEPTH,
  maxElements: MAX_ELEMENTS,
  element: (name) => (ELEMENTS.has(name) ? { keep: name === 'a' ? 'g' : name } : 'drop'),
  attributes: (_, attributes, isRoot) => keptAttributes(attributes, isRoot),
  // A style sheet that imports or points outside the file is dropped whole.
  styleSheet: (text) => isSelfContainedCss(text),
  declaration: () => undefined,
};

/**
 * An SVG logo (content: it comes from a static folder) rewritten to the
 * subset of SVG that cannot reference anything outside itself, for resvg,
 * which would otherwise load the file or path any `href` names. What is
 * kept is written out again from the parsed elements (rebuild-svg.ts), so no
 * markup passes through as it came: `href`s only to `#ids` of the same file,
 * `url()`s only to `#ids`, no `<!DOCTYPE>` or entities, no CSS `@import`.
 * Undefined when the file is not an SVG, or too deep or too large to be a logo.
 */
export function sanitizeSvg(text: string): string | undefined {
  const rebuilt = rebuildSvg(text, LOGO_RULES);
  return rebuilt.kind === 'svg' ? rebuilt.svg : undefined;
}

/** The attributes that reference nothing outside the file; the root always declares the SVG namespace. */
function keptAttributes(attributes: Record<string, string>, isRoot: boolean): string {
  let out = isRoot ? ' xmlns="http://www.w3.org/2000/svg"' : '';
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    if (lower === 'xmlns') continue;
    if (lower.startsWith('xmlns:')) {
      if (NAMESPACES.has(value) && lower === 'xmlns:xlink') out += ` ${name}="${escapeHtml(value)}"`;
      continue;
    }
    if (
      lower.startsWith('on') ||
      lower === 'filter' ||
      lower.startsWith('xml:') ||
      (lower.includes(':') && lower !== 'xlink:href')
    )
      continue;
    if ((lower === 'href' || lower === 'xlink:href') && !value.trimStart().startsWith('#')) continue;
    if (!isSelfContainedCss(value)) continue;
    out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/** True when every `url(` of a value or style sheet names an `#id` of the same file, and nothing is imported or escaped. */
export function isSelfContainedCss(text: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes('@import') || lower.includes('\\') || lower.includes('image-set') || lower.includes('src('))
    return false;
  let at = lower.indexOf('url(');
  while (at !== -1) {
    let i = at + 4;
    while (
      i < lower.length &&
      (lower[i] === ' ' || lower[i] === '"' || lower[i] === "'" || lower[i] === '\t' || lower[i] === '\n')
    )
      i++;
    if (lower[i] !== '#') return false;
    at = lower.indexOf('url(', i);
  }
  return true;
}
