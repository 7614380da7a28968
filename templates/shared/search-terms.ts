/**
 * How text becomes search terms, shared by the index builder (Node) and the
 * browser so both sides agree. No DOM and no Node APIs here.
 */

/** Splits on anything that is not a letter, a digit or an underscore. */
const SEPARATOR = /[^\p{L}\p{N}_]+/u;
/** Boundaries inside camelCase and PascalCase names: `takePhoto`, `CMSampleBuffer`, `toArrayBuffer2`. */
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/** Words joined by `/` or `-` with nothing between: error codes (`device/invalid-device`), package names. */
const COMPOUND = /[\p{L}\p{N}_]+(?:[/-][\p{L}\p{N}_]+)+/gu;
/** Longest compound, in words, indexed with its parts (longer ones are paths and URLs: their words are enough). */
const MAX_COMPOUND_WORDS = 4;

/** Words of a text, in order, without punctuation. */
export function tokenize(text: string): string[] {
  return text.split(SEPARATOR).filter(Boolean);
}

/** The lower-cased parts of a camelCase or PascalCase word (`takePhoto`: `take`, `photo`); none for a plain word. */
export function wordParts(word: string): string[] {
  const parts = word.split(CAMEL_BOUNDARY);
  if (parts.length < 2) return [];
  const whole = word.toLowerCase();
  const out: string[] = [];
  for (const part of parts) {
    const lower = part.toLowerCase();
    if (lower !== whole && !out.includes(lower)) out.push(lower);
  }
  return out;
}

/** Every term a word is indexed under: the whole word lower-cased, then its camelCase parts. */
export function indexTerms(word: string): string[] {
  return [word.toLowerCase(), ...wordParts(word)];
}

/**
 * The compounds of a text, lower-cased, each also as its shorter runs of two or more words: `device/invalid-device`
 * gives itself, `device/invalid` and `invalid-device`, so an error code is found whole and by its end.
 */
export function compounds(text: string): string[] {
  const out: string[] = [];
  for (const [match] of text.matchAll(COMPOUND)) {
    const words = match.toLowerCase().split(/(?=[/-])/);
    if (words.length > MAX_COMPOUND_WORDS) continue;
    for (let start = 0; start < words.length - 1; start++)
      for (let end = start + 2; end <= words.length; end++)
        out.push(words.slice(start, end).join('').replace(/^[/-]/, ''));
  }
  return out;
}

/** The shard a term lives in: its first `keyLength` characters. */
export function shardKey(term: string, keyLength: number): string {
  return Array.from(term).slice(0, keyLength).join('');
}

/**
 * Field names of a search record, in index order: the page title and description (indexed on a page's first record
 * only, so a page counts them once), the section's heading, the API signatures in it, and its text.
 */
export const SEARCH_FIELDS = ['title', 'description', 'heading', 'api', 'text'] as const;
/**
 * The camelCase parts of a field's words are indexed under a field of their own, this many ids on (`title` 0, its
 * parts 5): `take` in `TakePhotoOptions` is weaker evidence than the word `Take` in a guide's title.
 */
export const PART_FIELD_OFFSET = SEARCH_FIELDS.length;
