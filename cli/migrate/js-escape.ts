/**
 * Text of a Docusaurus site (keys, values, file names, code it left out)
 * written into the source of `build.config.ts`. That file is run on every
 * build, so nothing of the text may become code: a line terminator in a `//`
 * comment (U+2028 ends a line in JavaScript) would start a live line, a quote
 * or backslash in a string would end it. Every piece of text reaches the file
 * through one of these functions.
 */

/** `\n`, `\r`, `\t` and the other one-letter escapes JavaScript and JSON share. */
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

/**
 * Characters written as escapes, in strings and comments alike: C0 and C1
 * controls and DEL, the line and paragraph separators (line terminators to
 * JavaScript), the bidi marks, embeddings, overrides and isolates (which make
 * source read otherwise than it runs), zero-width characters and the BOM.
 */
function isHidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x206f) ||
    code === 0xfeff
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function unicodeEscape(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * The escape of the character at `i`, or undefined to keep it: hidden
 * characters, and a surrogate without its other half (UTF-8 cannot hold it:
 * written raw it would become U+FFFD, another value).
 */
function escapeAt(text: string, i: number): string | undefined {
  const code = text.charCodeAt(i);
  if (isHidden(code))
    return NAMED[text[i]] ?? (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : unicodeEscape(code));
  if (isHighSurrogate(code)) return isLowSurrogate(text.charCodeAt(i + 1)) ? undefined : unicodeEscape(code);
  if (isLowSurrogate(code)) return isHighSurrogate(text.charCodeAt(i - 1)) ? undefined : unicodeEscape(code);
  return undefined;
}

/**
 * A single-quoted string literal with the same value: quotes and backslashes
 * escaped, every line terminator and hidden character as an escape, and `</`
 * and `<!--` broken (`<\/`, `\x3c!--`) so the text could not close or open a
 * script element if the source were ever inlined in HTML.
 */
export function quoteString(text: string): string {
  let out = "'";
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const escaped = escapeAt(text, i);
    if (escaped !== undefined) out += escaped;
    else if (char === "'" || char === '\\') out += `\\${char}`;
    else if (char === '<' && text[i + 1] === '/') out += '<\\';
    else if (char === '<' && text.startsWith('<!--', i)) out += '\\x3c';
    else out += char;
  }
  return `${out}'`;
}

/** A plain ASCII identifier: written as an object key without quotes. */
function isPlainIdentifier(key: string): boolean {
  if (key.length === 0) return false;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
    if (!letter && !(i > 0 && c >= 0x30 && c <= 0x39)) return false;
  }
  return true;
}

/**
 * An object key with the same name: bare when a plain identifier, quoted
 * otherwise. `__proto__` is computed (`['__proto__']`): written plainly it
 * would set the object's prototype instead of being a key of it.
 */
export function propertyKey(key: string): string {
  if (key === '__proto__') return `[${quoteString(key)}]`;
  return isPlainIdentifier(key) ? key : quoteString(key);
}

/**
 * Text for a `//` comment: what `quoteString` escapes is escaped the same
 * way (no line terminator survives, so the comment ends where the line
 * does), and a star before a slash gets a backslash between them, so the
 * text could not close a block comment either.
 */
export function commentText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const escaped = escapeAt(text, i);
    if (escaped !== undefined) out += escaped;
    else if (text[i] === '*' && text[i + 1] === '/') out += '*\\';
    else out += text[i];
  }
  return out;
}
