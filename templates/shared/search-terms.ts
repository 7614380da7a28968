/**
 * How text becomes search terms, shared by the index builder (Node) and the
 * browser so both sides agree. No DOM and no Node APIs here.
 */

/** Splits on anything that is not a letter, a digit or an underscore. */
const SEPARATOR = /[^\p{L}\p{N}_]+/u;
/** Boundaries inside camelCase and PascalCase names: `takePhoto`, `CMSampleBuffer`, `toArrayBuffer2`. */
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/** Words of a text, in order, without punctuation. */
export function tokenize(text: string): string[] {
  return text.split(SEPARATOR).filter(Boolean);
}

/**
 * Index-side term processing: a camelCase word is kept whole and also split
 * into its parts, so `takePhoto` is found by `takephoto`, `take` and `photo`.
 */
export function indexTerms(word: string): string[] {
  const whole = word.toLowerCase();
  const parts = word.split(CAMEL_BOUNDARY);
  if (parts.length < 2) return [whole];
  const terms = [whole];
  for (const part of parts) {
    const lower = part.toLowerCase();
    if (!terms.includes(lower)) terms.push(lower);
  }
  return terms;
}

/** Query-side term processing: the word as typed, lower-cased (`takePhoto` matches the whole name). */
export function queryTerm(word: string): string {
  return word.toLowerCase();
}

/** The shard a term lives in: its first `keyLength` characters. */
export function shardKey(term: string, keyLength: number): string {
  return Array.from(term).slice(0, keyLength).join('');
}

/** Field names of a search record, in index order; boosts rank title above heading above text. */
export const SEARCH_FIELDS = ['title', 'heading', 'text'] as const;
export const FIELD_BOOST = { title: 6, heading: 3, text: 1 };
