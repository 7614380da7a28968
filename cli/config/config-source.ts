import { lineColumnAt } from '../strings.js';
import type { SiteConfig } from './schema.js';

/** Where something is in the config source: line and column, or nothing when it cannot be told. */
export type SourcePlace = { line?: number; column?: number };

// Later stages receive the config object, not its file: its source is looked up here to place their errors.
const sources = new WeakMap<SiteConfig, string>();

/** Remembers the source text a loaded config came from. */
export function rememberConfigSource(config: SiteConfig, source: string): void {
  sources.set(config, source);
}

/** The source text of a config loaded from a file, if it was. */
export function configSourceOf(config: SiteConfig): string | undefined {
  return sources.get(config);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The place of `key:` in the config source, when it is written there exactly once. */
export function findKey(source: string, key: string | undefined): SourcePlace {
  if (!key) return {};
  return placeOfOnly(source, new RegExp(`(^|[\\s{,])(['"]?)${escapeRegExp(key)}\\2\\s*:`, 'g'));
}

/** The place of a string literal (`'guides/intro'`, in any quotes), when it is written there exactly once. */
export function findString(source: string, value: string): SourcePlace {
  return placeOfOnly(source, new RegExp(`()(['"\`])${escapeRegExp(value)}\\2`, 'g'));
}

/**
 * The place of the first string literal `value` (in any quotes) after the
 * first `after` key (`navbar`; the whole text without it): for a broken link
 * the config spells, any place in its section that spells it is one to fix.
 */
export function findFirstString(source: string, value: string, after?: string): SourcePlace {
  if (!value) return {};
  const section = after ? findKey(source, after) : {};
  const from = section.line ? indexAt(source, section.line, section.column ?? 1) : 0;
  let first = -1;
  for (const quote of ['"', "'", '`']) {
    const index = source.indexOf(quote + value + quote, from);
    if (index !== -1 && (first === -1 || index < first)) first = index;
  }
  return first === -1 ? {} : lineColumnAt(source, first);
}

/** The index of a line and column (1-based) in a text. */
function indexAt(source: string, line: number, column: number): number {
  let index = 0;
  for (let at = 1; at < line; at++) {
    const next = source.indexOf('\n', index);
    if (next === -1) return source.length;
    index = next + 1;
  }
  return index + column - 1;
}

/** The line and column of the one match of a pattern (after its first group), or nothing when there are none or several. */
function placeOfOnly(source: string, pattern: RegExp): SourcePlace {
  const matches = [...source.matchAll(pattern)];
  if (matches.length !== 1) return {};
  return lineColumnAt(source, matches[0].index + matches[0][1].length);
}
