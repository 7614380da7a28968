/**
 * A popup's text from the compiler's quick info: the signature as plain
 * text, and the first sentence of the documentation.
 */
import type { QuickInfo, SymbolDisplayPart } from 'typescript';
import type { CodeTip } from './code-refs.js';

/** A signature longer than this is cut (a huge object type would swell every page that uses it). */
const MAX_SIGNATURE = 600;
/** A first sentence longer than this is cut at a word. */
const MAX_DOC = 300;

/** The popup of one quick info, or undefined when the compiler has none. */
export function tipOf(info: QuickInfo | undefined): CodeTip | undefined {
  if (!info) return undefined;
  const signature = cut(withoutAlias(info.displayParts?.map((part) => part.text).join('') ?? ''), MAX_SIGNATURE);
  if (!signature) return undefined;
  const doc = firstSentence(plainDoc(info.documentation ?? []));
  return doc ? { signature, doc } : { signature };
}

/**
 * The declaration an imported name stands for: the compiler shows an
 * imported name as `(alias) class Camera` followed by `import Camera`.
 */
function withoutAlias(signature: string): string {
  if (!signature.startsWith('(alias) ')) return signature;
  const importLine = signature.lastIndexOf('\nimport ');
  return signature.slice('(alias) '.length, importLine === -1 ? undefined : importLine);
}

/**
 * Documentation parts as plain text: `{@link X}` and `{@link X | text}`
 * become their text (the compiler gives the braces as parts of their own).
 */
export function plainDoc(parts: readonly SymbolDisplayPart[]): string {
  let text = '';
  for (const part of parts) {
    if (part.kind === 'link') continue;
    text += part.text;
  }
  return text;
}

/**
 * The first sentence of a documentation text, whitespace collapsed: up to
 * the first `.`, `!` or `?` followed by a space or the end, outside inline
 * code, or up to the first blank line. (`e.g.` and `i.e.` end nothing.)
 */
export function firstSentence(text: string): string {
  const paragraph = text.trim().split(/\n[ \t]*\n/, 1)[0] ?? '';
  // Markdown a popup does not render: a heading's hashes, bold and italic stars.
  const flat = withoutLinks(paragraph.replace(/^#+ /, '').replace(/\*+/g, '')).replace(/\s+/g, ' ').trim();
  let inCode = false;
  for (let i = 0; i < flat.length; i++) {
    const char = flat[i];
    if (char === '`') inCode = !inCode;
    if (inCode || (char !== '.' && char !== '!' && char !== '?')) continue;
    if (i + 1 < flat.length && flat[i + 1] !== ' ') continue;
    const before = flat.slice(Math.max(0, i - 3), i + 1).toLowerCase();
    if (before.endsWith('e.g.') || before.endsWith('i.e.')) continue;
    return cut(flat.slice(0, i + 1), MAX_DOC);
  }
  return cut(flat, MAX_DOC);
}

/** Markdown links `[text](url)` as their text (one pass: each `[` is looked at once). */
function withoutLinks(text: string): string {
  let out = '';
  let from = 0;
  for (let open = text.indexOf('['); open !== -1; open = text.indexOf('[', from)) {
    const close = text.indexOf('](', open);
    const end = close === -1 ? -1 : text.indexOf(')', close);
    if (end === -1) break;
    out += text.slice(from, open) + text.slice(open + 1, close);
    from = end + 1;
  }
  return out + text.slice(from);
}

/** The text, or its beginning cut at a space and marked with `…` when longer than `max`. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const space = text.lastIndexOf(' ', max - 1);
  return `${text.slice(0, space > max / 2 ? space : max - 1)}…`;
}
