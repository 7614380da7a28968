/**
 * A copy of a string that shares nothing with the text it came from. V8 keeps
 * substrings (regex captures, slices) as views of their parent, so keeping one
 * short id would keep a whole page's HTML alive; a build that streams pages out
 * must not hold them that way.
 */
export function detach(text: string): string {
  return text.length < 13 ? text : Buffer.from(text, 'utf8').toString('utf8');
}

/** Detached strings, each kept once: the same link target on ten thousand pages costs one string. */
export class StringPool {
  private readonly strings = new Map<string, string>();

  get(text: string): string {
    let kept = this.strings.get(text);
    if (kept === undefined) {
      kept = detach(text);
      this.strings.set(kept, kept);
    }
    return kept;
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Text made safe for HTML element content and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]) : text;
}

/**
 * Whether a name from content (an attribute) is, in lower case, a property of
 * every JavaScript object (`constructor`, `__proto__`, `toString`): as a key of
 * a plain object it changes the prototype or reads a built-in, and the HTML
 * tooling looks attribute names up in plain objects.
 */
export function isObjectPrototypeName(name: string): boolean {
  return name.toLowerCase() in Object.prototype;
}

/** `1 page`, `2 pages`: a count and its noun, for messages. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The 1-based line and column of a character offset in a text. */
export function lineColumnAt(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}
