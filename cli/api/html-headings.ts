/**
 * Reads the h2/h3 headings (with ids) back out of a rendered page body.
 */
import type { Heading } from '../types.js';

const HEADING = /<h([23])\b[^>]*?\bid="([^"]+)"[^>]*>([\s\S]*?)<\/h\1>/g;
const BADGE = /<span class="badge[^"]*"[^>]*>[\s\S]*?<\/span>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** h2/h3 headings in document order; text is plain (badges left out). */
export function extractHeadings(html: string): Heading[] {
  return [...html.matchAll(HEADING)].map((m) => ({
    depth: Number(m[1]),
    id: m[2]!,
    text: toPlainText(m[3]!.replace(BADGE, '')),
  }));
}

/** Every `id="…"` in the HTML that occurs more than once. */
export function findDuplicateIds(html: string): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const m of html.matchAll(/\sid="([^"]+)"/g)) {
    if (seen.has(m[1]!)) duplicates.add(m[1]!);
    seen.add(m[1]!);
  }
  return [...duplicates];
}

const HASH_LINK = /<a\b[^>]*class="hash-link"[^>]*>[\s\S]*?<\/a>/g;
/** A tag, with quoted attribute values that may themselves contain `>`. */
const TAG = /<(?:[^>"']|"[^"]*"|'[^']*')*>/g;

function toPlainText(html: string): string {
  return html
    .replace(HASH_LINK, '')
    .replace(TAG, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
