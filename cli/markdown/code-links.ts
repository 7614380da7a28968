import type { TypedToken } from './code-block-store.js';
import type { CodeRef, CodeTip, ExportRefs } from '../samples/code-refs.js';

/** A link over characters `start`..`end` (exclusive) of one line of shown code. */
export interface TokenLink {
  start: number;
  end: number;
  href: string;
  /** The id of the element holding its tip. */
  tip?: string;
}

/** A block's links, one list per line, each sorted by start and without overlaps. */
export type LineLinks = TokenLink[][];

/** How shiki's grammar classes a token (vscode-textmate's StandardTokenType): only `other` is code. */
const OTHER_TOKEN = 0;
const IDENTIFIER_CHAR = /[\w$]/;
const IDENTIFIER_START = /[A-Za-z_$]/;

/**
 * Whether a link target may be written into a page: a path under the site's
 * baseUrl or a `#fragment`, nothing else. The checker only makes such links;
 * this is defence in depth, so that no other code can make a code block link
 * to another origin (`//host`, `/\host`) or to a `javascript:` URL. Spaces,
 * control characters and backslashes are refused outright: a browser drops or
 * rewrites them, and what it would read is not what was checked.
 */
export function isSiteHref(href: unknown, baseUrl: string): href is string {
  if (typeof href !== 'string' || href.length === 0) return false;
  for (let i = 0; i < href.length; i++) {
    const code = href.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return false;
  }
  if (href.startsWith('#')) return true;
  return baseUrl.startsWith('/') && href.startsWith(baseUrl) && !href.startsWith('//');
}

/**
 * The links of a checked block, from the compiler's CodeRefs. Refs that do not
 * fit the shown code (a line that is not shown, a column past the line's end,
 * an overlap with an earlier ref) or whose href is not the site's are left out.
 */
export function linksFromRefs(
  refs: readonly CodeRef[],
  lineLengths: readonly number[],
  baseUrl: string,
  tipId: (tip: number | undefined) => string | undefined,
): LineLinks {
  const lines: LineLinks = lineLengths.map(() => []);
  for (const ref of refs) {
    const { line, start, end } = ref;
    if (!Number.isInteger(line) || !Number.isInteger(start) || !Number.isInteger(end)) continue;
    if (line < 0 || line >= lineLengths.length || start < 0 || end <= start || end > lineLengths[line]) continue;
    if (!isSiteHref(ref.href, baseUrl)) continue;
    lines[line].push({ start, end, href: ref.href, tip: tipId(ref.tip) });
  }
  return lines.map(withoutOverlaps);
}

/**
 * The links of a block that was not checked: every identifier in code (a
 * token the grammar does not class as a string, comment or regular
 * expression) that is exactly an exported name, unless it follows a `.`
 * (then it is a property, not the export). `lines` must be tokenised with
 * `includeExplanation: 'tokenType'`.
 */
export function linksFromNames(
  lines: readonly (readonly TypedToken[])[],
  names: ExportRefs,
  baseUrl: string,
  tipId: (tip: CodeTip | undefined) => string | undefined,
): LineLinks {
  return lines.map((tokens) => {
    const text = tokens.map((token) => token.content).join('');
    const links: TokenLink[] = [];
    let offset = 0;
    for (const token of tokens) {
      if (token.type === OTHER_TOKEN) {
        for (const [start, end] of identifiersIn(text, offset, offset + token.content.length)) {
          const name = text.slice(start, end);
          const entry = Object.hasOwn(names, name) ? names[name] : undefined;
          if (!entry || isMemberName(text, start) || !isSiteHref(entry.href, baseUrl)) continue;
          links.push({ start, end, href: entry.href, tip: tipId(entry.tip) });
        }
      }
      offset += token.content.length;
    }
    return links;
  });
}

/** The identifiers that lie within `from`..`to` of a line, as whole words of the line (a scan of that stretch only). */
function* identifiersIn(text: string, from: number, to: number): Generator<[number, number]> {
  let i = from;
  while (i < to) {
    if (!IDENTIFIER_CHAR.test(text[i])) {
      i++;
      continue;
    }
    let end = i;
    while (end < to && IDENTIFIER_CHAR.test(text[end])) end++;
    const whole =
      (i === 0 || !IDENTIFIER_CHAR.test(text[i - 1])) && (end === text.length || !IDENTIFIER_CHAR.test(text[end]));
    if (whole && IDENTIFIER_START.test(text[i])) yield [i, end];
    i = end;
  }
}

/** `device.Camera`, `a?.Camera`: a property of something else (a spread `...Camera` is not). */
function isMemberName(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return text[i] === '.' && text[i - 1] !== '.';
}

function withoutOverlaps(links: TokenLink[]): TokenLink[] {
  links.sort((a, b) => a.start - b.start);
  const kept: TokenLink[] = [];
  for (const link of links) if (!kept.length || link.start >= kept[kept.length - 1].end) kept.push(link);
  return kept;
}
