/**
 * Highlighting and snippets for the local index: which words of a title,
 * heading or text matched, and the window of words shown under a hit.
 */
import { indexTerms, tokenize } from '../../shared/search-terms.js';
import type { Marked } from '../../shared/search-types.js';

/** Letters, digits and underscores: the tokens of search-terms.ts's `tokenize`. */
const TOKEN = /[\p{L}\p{N}_]+/gu;

/** True when a token, or one of its camelCase parts, is a matched term. */
function tokenMatches(token: string, matched: ReadonlySet<string>): boolean {
  return indexTerms(token).some((term) => matched.has(term));
}

/** True when a whitespace-separated word (punctuation included) contains a matched term. */
function wordMatches(word: string, matched: ReadonlySet<string>): boolean {
  return tokenize(word).some((token) => tokenMatches(token, matched));
}

/** Joins words into text segments, marking the matched ones. */
function markWords(words: string[], matched: ReadonlySet<string>, before = '', after = ''): Marked {
  const out: Marked = [];
  const push = (text: string, mark: boolean) => {
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += text;
    else out.push({ text, mark });
  };
  if (before) push(before, false);
  words.forEach((word, i) => {
    if (i > 0) push(' ', false);
    // Only the matched tokens of a word are marked, not the punctuation around them (`HDR,`, `QR/Barcode`).
    let at = 0;
    for (const { 0: token, index } of word.matchAll(TOKEN)) {
      if (index > at) push(word.slice(at, index), false);
      push(token, tokenMatches(token, matched));
      at = index + token.length;
    }
    if (at < word.length) push(word.slice(at), false);
  });
  if (after) push(after, false);
  return out;
}

/** A whole short text (title, heading) with matched words marked. */
export function markText(text: string, matched: ReadonlySet<string>): Marked {
  return text ? markWords(text.split(' '), matched) : [];
}

/**
 * A window of `length` words of `text`, starting just before the first
 * matched word (or at the start when nothing in the text matched), with an
 * ellipsis where words were cut.
 */
export function snippet(text: string, matched: ReadonlySet<string>, length: number): Marked {
  const words = text.split(' ').filter(Boolean);
  if (words.length === 0) return [];
  const first = words.findIndex((word) => wordMatches(word, matched));
  const start = Math.max(0, Math.min(first > 0 ? first - 2 : 0, words.length - length));
  const end = Math.min(words.length, start + length);
  return markWords(words.slice(start, end), matched, start > 0 ? '… ' : '', end < words.length ? ' …' : '');
}

/** Number of words in a snippet, ellipses not counted. */
export function countWords(marked: Marked): number {
  return marked
    .map((part) => part.text)
    .join('')
    .split(' ')
    .filter((word) => word && word !== '…').length;
}
