import { randomBytes } from 'node:crypto';
import type { Element, ElementContent, Properties, Root } from 'hast';
import type { Raw } from 'mdast-util-to-hast';
import { find, html, svg, type Schema as Space } from 'property-information';
import rehypeSanitize from 'rehype-sanitize';
import type { VFile } from 'vfile';
import { isObjectPrototypeName } from '../../strings.js';
import { isSafeUrl, normalizeUrl, srcsetUrls } from '../safe-url.js';
import {
  RESERVED_DATA_ATTRIBUTES,
  sanitizeSchema,
  STRIPPED_ELEMENTS,
  SVG_NAMES,
  URL_ATTRIBUTES,
} from '../sanitize-schema.js';
import { isTrustedRaw } from './trusted-raw.js';

const ALLOWED = new Set(sanitizeSchema.tagNames);
const STRIPPED = new Set(STRIPPED_ELEMENTS);
const RESERVED = new Set(RESERVED_DATA_ATTRIBUTES);
const ANCESTORS: Record<string, string[]> = sanitizeSchema.ancestors ?? {};
/** The schema's verdict on one element's own attributes (its place in the tree is judged by the walk). */
const sanitizeAttributes = rehypeSanitize({ ...sanitizeSchema, ancestors: {} }) as unknown as (
  node: Element,
) => Root | Element;

export const UNSAFE_HTML_HINT =
  'pages are sanitised: script, event handlers and URLs other than http(s), mailto, relative or # never reach them. Set `markdown.trustContent: true` in the config only if all content is trusted';

interface Walk {
  file: VFile;
  /** Trusted raw nodes (highlighted code blocks), held out of the tree while it is sanitised. */
  held: Raw[];
  /** The tag of the elements standing in for them: random, so content cannot name it. */
  placeholder: string;
}

/**
 * Sanitises the page tree with rehype-sanitize (hast-util-sanitize) and the
 * schema in sanitize-schema.ts, after every content plugin has run. Before
 * that, one walk reads every element as a browser would (tag and attribute
 * names in their canonical case, so `data-Island` and `ONERROR` are judged as
 * what they are; URLs normalised, see safe-url.ts), removes what the schema
 * cannot express (unsafe URLs, reserved data attributes, frames that are not
 * https), and warns `[unsafe-html]` at its place about everything that will be
 * removed, so a missing element never goes unexplained. Highlighted code
 * blocks, raw HTML written by docsgen itself, are kept as they are.
 */
export function rehypeSanitizePage() {
  return (tree: Root, file: VFile): Root => {
    const walk: Walk = { file, held: [], placeholder: `dg-trusted-${randomBytes(8).toString('hex')}` };
    prepareChildren(tree, false, [], walk);
    const clean = rehypeSanitize({ ...sanitizeSchema, tagNames: [...ALLOWED, walk.placeholder] })(tree);
    if (walk.held.length) restoreHeld(clean, walk);
    return clean;
  };
}

function prepareChildren(parent: Root | Element, inSvg: boolean, ancestors: string[], walk: Walk): void {
  const children = parent.children;
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (node.type === 'raw') {
      if (isTrustedRaw(node)) {
        children[index] = {
          type: 'element',
          tagName: walk.placeholder,
          properties: {},
          children: [],
          data: { held: walk.held.push(node) - 1 } as never,
        };
      } else warn(walk, node, 'removed raw HTML');
    } else if (node.type === 'element' && !prepareElement(node, inSvg, ancestors, walk)) {
      children.splice(index--, 1);
    }
  }
}

/** Canonicalises, checks and reports one element, then its children; false when it must go. */
function prepareElement(node: Element, inSvg: boolean, ancestors: string[], walk: Walk): boolean {
  const lower = node.tagName.toLowerCase();
  const isSvg = inSvg || lower === 'svg';
  const space = isSvg ? svg : html;
  node.tagName = isSvg ? (SVG_NAMES.get(lower) ?? lower) : lower;
  const tag = node.tagName;
  node.properties = canonicalProperties(node, space, walk);
  if (STRIPPED.has(tag)) {
    warn(
      walk,
      node,
      `removed <${tag}> and its content (${tag === 'script' ? 'pages never run script from content' : 'not allowed in pages'})`,
    );
    return true;
  }
  const required = ANCESTORS[tag];
  if (!ALLOWED.has(tag) || (required && !required.some((name) => ancestors.includes(name)))) {
    warn(
      walk,
      node,
      `removed <${tag}>, kept its content (not allowed in pages${required ? ` outside <${required.join('>, <')}>` : ''})`,
    );
  } else {
    if (!checkAttributes(node, space, walk)) return false;
  }
  ancestors.push(tag);
  prepareChildren(node, isSvg, ancestors, walk);
  ancestors.pop();
  return true;
}

/**
 * Properties under the names hast gives them when it parses HTML, whatever
 * the case or spelling content used (`onMouseOver`, `aria-label`,
 * `data-Island`, `stroke-width`): the schema then sees them as the browser will.
 */
function canonicalProperties(node: Element, space: Space, walk: Walk): Properties {
  const out: Properties = {};
  for (const [key, value] of Object.entries(node.properties)) {
    if (value === undefined || value === null) continue;
    // Names of Object.prototype (`constructor`) are no attributes, and would look like known ones to a plain lookup.
    if (isObjectPrototypeName(key)) {
      warn(walk, node, `removed the ${key} attribute of <${node.tagName}> (not allowed in pages)`);
      continue;
    }
    out[find(space, find(space, key).attribute.toLowerCase()).property] = value;
  }
  return out;
}

/** Applies the rules the schema cannot express and reports what the schema will remove; false when the element must go. */
function checkAttributes(node: Element, space: Space, walk: Walk): boolean {
  const { properties } = node;
  const tag = node.tagName;
  const attributeOf = (key: string) => find(space, key).attribute;
  // A frame runs the page it loads: only other sites' pages over https (video embeds), never `javascript:` or `srcdoc`.
  if (tag === 'iframe' && !/^https:\/\//.test(normalizeUrl(String(properties.src ?? '')))) {
    warn(
      walk,
      node,
      `removed <iframe> and its content: only frames with an https:// src are allowed${properties.src === undefined ? '' : ` (src ${quote(String(properties.src))})`}`,
    );
    return false;
  }
  for (const key of Object.keys(properties)) {
    const attribute = attributeOf(key);
    if (RESERVED.has(attribute.toLowerCase())) {
      warn(walk, node, `removed the ${attribute} attribute of <${tag}> (the theme's scripts act on it)`);
      delete properties[key];
    }
  }
  for (const key of URL_ATTRIBUTES) {
    const value = properties[key];
    if (value === undefined || value === null) continue;
    const urls =
      key === 'srcSet'
        ? srcsetUrls(value as string | string[])
        : Array.isArray(value)
          ? value.map(String)
          : [String(value)];
    const unsafe = urls.find((url) => !isSafeUrl(url));
    if (unsafe !== undefined) {
      warn(
        walk,
        node,
        `removed the ${attributeOf(key)} attribute of <${tag}>: ${quote(unsafe)} is not an http(s), mailto, relative or # URL`,
      );
      delete properties[key];
    } else if (typeof value === 'string') properties[key] = normalizeUrl(value);
  }
  const kept = sanitizeAttributes({ type: 'element', tagName: tag, properties, children: [] });
  const keptProperties = kept.type === 'element' ? kept.properties : {};
  for (const key of Object.keys(properties)) {
    if (key in keptProperties) continue;
    const attribute = attributeOf(key);
    const why = /^on/i.test(attribute) ? 'event handlers never run from content' : 'not allowed in pages';
    warn(walk, node, `removed the ${attribute} attribute of <${tag}> (${why})`);
  }
  return true;
}

/** Puts the held code blocks back in place of their placeholders. */
function restoreHeld(parent: Root | Element, walk: Walk): void {
  const children = parent.children as (ElementContent | Raw)[];
  for (let index = 0; index < children.length; index++) {
    const node = children[index];
    if (node.type !== 'element') continue;
    if (node.tagName === walk.placeholder) children[index] = walk.held[(node.data as { held: number }).held];
    else restoreHeld(node, walk);
  }
}

function warn(walk: Walk, node: { position?: Element['position'] }, reason: string): void {
  const message = walk.file.message(reason, node.position);
  message.ruleId = 'unsafe-html';
  message.note = UNSAFE_HTML_HINT;
}

/** A value for a message: quoted, control characters escaped, long ones cut. */
function quote(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}…` : value);
}
