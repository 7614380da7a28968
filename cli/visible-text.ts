/**
 * Text from content (file names, link targets, headings, ids) shown in a
 * terminal, a CI log or the dev overlay, with the characters that could
 * change what the reader sees made visible: a newline could start a line
 * that GitHub Actions reads as an `::error` command, an ESC could clear the
 * terminal, a bidi override could show a name reversed.
 */

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators, and the
 * bidi embeddings, overrides and isolates (U+202A-202E, U+2066-2069).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** `a\nb` → `a\\nb`, ESC → `\\x1b`, U+202E → `\\u202e`; other text as it is. */
export function showControlChars(text: string): string {
  return CONTROL.test(text) ? text.replace(CONTROLS, escapeControl) : text;
}

function escapeControl(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ??
    (code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`)
  );
}

/** What JSON.stringify leaves raw in strings: everything above but the C0 controls (it escapes those). */
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON text with those characters as `\uXXXX` escapes: the same values once
 * parsed, but safe to print. Only strings can hold them, so the replacement
 * never touches the JSON's own syntax (its line breaks are C0, left alone).
 */
export function escapeJsonControls(json: string): string {
  return json.replace(JSON_RAW, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
