// biome-ignore-all lint/complexity/useLiteralKeys: the keys are regular expression sources, written String.raw to read as in cli/
import { check } from 'recheck';
import { describe, expect, it } from 'vitest';
import { measureGrowth } from '../helpers/cost-growth.js';
import { collectRegexes, showRegex, type SourceRegex } from '../helpers/source-regexes.js';

/**
 * No content can stall a build through a regular expression: every pattern in
 * cli/ and templates/ is checked by recheck (a ReDoS checker that finds
 * super-linear backtracking by static analysis and fuzzing), and run on
 * adversarial lines up to 512 KB (where quadratic backtracking takes
 * minutes). The few patterns recheck flags are listed below with the reason
 * they never see content; a new flagged pattern fails the test until it is
 * rewritten (or, if it truly only sees trusted input, listed here).
 */
const { literals, dynamic } = collectRegexes(['cli/**/*.ts', 'templates/**/*.{ts,tsx}']);

/** Flagged patterns that are only ever applied to trusted or bounded input: file → pattern source → why. */
const TRUSTED_INPUT: Record<string, Record<string, string>> = {
  'cli/config/config-stack.ts': {
    [String.raw`\(?((?:file:\/\/)?\/.*|[A-Za-z]:\\.*):(\d+):(\d+)\)?$`]:
      'reads the place from a stack frame of an error the config threw: the config is trusted code',
  },
  'cli/markdown/compile-markdown.ts': {
    [String.raw`\s+\S*$`]: 'cuts the meta description at a word: applied to its first 157 characters only',
  },
  // The API reference is built from the documented library's TSDoc comments; the library is code the
  // site documents (like the config, it runs in its own build), not content from a pull request.
  'cli/api/comment-markdown.ts': {
    [String.raw`!\[[^\]]*\]\([^)]*\)`]: "strips images from a TSDoc summary (the library's comments are trusted)",
    [String.raw`\[([^\]]*)\]\([^)]*\)`]: "strips links from a TSDoc summary (the library's comments are trusted)",
  },
  'cli/api/flatten-headings.ts': {
    [String.raw`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`]: "reads headings in TSDoc text (the library's comments are trusted)",
  },
};

/** `RegExp(…)` built from values, by file: how many there are and why each is safe. */
const DYNAMIC: Record<string, { count: number; reason: string }> = {
  'cli/config/config-stack.ts': {
    count: 1,
    reason:
      "the bundled config's fixed name in stack traces (a constant), matched in the stack of an error the config threw (trusted)",
  },
  'cli/config/config-source.ts': {
    count: 2,
    reason: 'a config key or value, escaped, searched for in the config source (trusted)',
  },
  'cli/render/sidebar-html.ts': {
    count: 1,
    reason: 'literal text around a number, searched for in the sidebar HTML docsgen rendered',
  },
  'templates/client/search/rewrite-url.ts': {
    count: 1,
    reason: "the config's search.externalUrlRegex (trusted), applied in the browser",
  },
};

const isTrusted = (r: SourceRegex) => TRUSTED_INPUT[r.file]?.[r.source] !== undefined;

const MB = 1024 * 1024;
/** Characters and runs that make patterns backtrack: blanks, Markdown and HTML syntax, URL parts. */
const GENERIC = [
  ' ',
  '\t',
  '\t\v',
  '\u00a0',
  '\n',
  ' \n',
  '#',
  '{#',
  '{#a}',
  '/',
  ':::',
  '[',
  ']',
  '](',
  '![',
  '<',
  '<a ',
  '<pre',
  '`',
  '```',
  'a',
  '0',
  '0.',
  '-',
  '.',
  '.md#',
  '\\',
  '"',
  "'",
  '&',
  '&#',
  '*',
  '_',
  '{',
  '}',
  '(',
  ')',
  '?',
  '#?',
  '%',
  '=',
  ' id="',
  ' href="',
  'a@b.',
];

/** The literal characters of a pattern, and its literal runs, as more pieces to pump. */
function piecesOf(source: string): string[] {
  const pieces = new Set<string>();
  let run = '';
  const flush = () => {
    if (run.length > 1) pieces.add(run.slice(0, 8));
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    let char = source[i]!;
    if (char === '\\') {
      char = source[++i] ?? '';
      if (/[a-zA-Z0-9]/.test(char)) {
        flush();
        continue;
      }
    } else if ('^$.*+?()[]{}|'.includes(char)) {
      flush();
      continue;
    }
    pieces.add(char);
    run += char;
  }
  flush();
  return [...pieces];
}

const pumped = new Map<string, string>();
/** About `size` characters of the piece, ended by a line break and a character no pattern expects (as attack strings end). */
function pump(piece: string, size: number): string {
  const key = `${size}:${piece}`;
  let text = pumped.get(key);
  if (text === undefined) {
    text = piece.repeat(Math.ceil(size / piece.length)) + '\n\u0000';
    pumped.set(key, text);
  }
  return text;
}

/** Runs the pattern as code does: all matches of a global one, the first of another. */
function runPattern(regex: SourceRegex, input: string): void {
  const re = new RegExp(regex.source, regex.flags);
  if (re.global) input.replace(re, '');
  else re.exec(input);
}

describe('regular expressions cannot stall a build', () => {
  it('finds the patterns (the collector works)', () => {
    expect(literals.length).toBeGreaterThan(100);
    expect(literals).toContainEqual(
      expect.objectContaining({
        file: 'cli/url-parts.ts',
        source: String.raw`^(?:[a-z][a-z0-9+.-]*:|\/\/)`,
        flags: 'i',
      }),
    );
  });

  it('recheck finds no super-linear backtracking, except in the listed patterns that never see content', async () => {
    const flagged: string[] = [];
    const unknown: string[] = [];
    for (const regex of literals) {
      const result = await check(regex.source, regex.flags, { timeout: 20_000 });
      const place = `${regex.file}:${regex.line} ${showRegex(regex)}`;
      if (result.status === 'vulnerable' && !isTrusted(regex))
        flagged.push(`${place}: ${result.complexity.summary}, e.g. ${result.attack.pattern}`);
      if (result.status === 'unknown') unknown.push(`${place}: ${result.error.kind}`);
    }
    expect(flagged, 'rewrite these as scans, or bound their input').toEqual([]);
    expect(unknown, 'recheck could not decide').toEqual([]);
    // Every listed exception still exists: the list never outlives the code.
    for (const [file, patterns] of Object.entries(TRUSTED_INPUT)) {
      for (const source of Object.keys(patterns))
        expect(
          literals.some((r) => r.file === file && r.source === source),
          `${file}: ${source}`,
        ).toBe(true);
    }
  }, 300_000);

  it('every RegExp built from values is listed with the reason it is safe', () => {
    const counts: Record<string, number> = {};
    for (const d of dynamic) counts[d.file] = (counts[d.file] ?? 0) + 1;
    expect(counts).toEqual(Object.fromEntries(Object.entries(DYNAMIC).map(([file, { count }]) => [file, count])));
  });

  it('each pattern that may see content costs linear time on adversarial lines up to 512 KB', async () => {
    const slow: string[] = [];
    for (const regex of literals.filter((r) => !isTrusted(r))) {
      for (const piece of new Set([...GENERIC, ...piecesOf(regex.source)])) {
        const place = `${regex.file}:${regex.line} ${showRegex(regex)} on ${JSON.stringify(piece)} repeated`;
        const growth = (from: number, floorMs: number) =>
          measureGrowth(
            `${place}, ${from / 1024} KB to ${(8 * from) / 1024} KB`,
            (scale) => pump(piece, from * scale),
            (input) => runPattern(regex, input),
            { factor: 8, floorMs },
          );
        // From 8 KB to 64 KB first: a quadratic pattern shows there, where it takes far more than the floor (`\s+$` on
        // 64 KB of spaces, seconds; on 512 KB, minutes or hours); then to 512 KB, where even the cheapest quadratic
        // kind (`(?:abcdefgh)+$` on its 8-character run: about 70 ms on 64 KB) takes over 4 s, sixteen times the floor, and a
        // linear pattern a millisecond or less. Quadratic work costs a quarter as much on half the input, so each floor
        // is a quarter of what it was on 128 KB and 1 MB: the same margin for any quadratic pattern, at half the cost of
        // running every pattern on every piece (the large runs of linear patterns were nearly all of this file's CPU).
        const first = await growth(MB / 128, 25);
        const problem = first.problem ?? (await growth(MB / 16, 250)).problem;
        if (problem) slow.push(problem);
      }
    }
    expect(slow).toEqual([]);
  }, 300_000);
});
