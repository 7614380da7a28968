/**
 * How text becomes search terms, shared by the index builder (Node) and the
 * browser so both sides agree. No DOM and no Node APIs here.
 */

/** Splits on anything that is not a letter, a digit or an underscore. */
const SEPARATOR = /[^\p{L}\p{N}_]+/u;
/** Boundaries inside camelCase and PascalCase names: `takePhoto`, `CMSampleBuffer`, `toArrayBuffer2`. */
const CAMEL_BOUNDARY = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;
/**
 * Runs of word characters, `/` and `-`, in which compounds are looked for: words joined by `/` or `-` with nothing
 * between, such as error codes (`device/invalid-device`) and package names. One character class, so matching is
 * linear in the text (content is untrusted: tests/unit/content-regexes.test.ts).
 */
const COMPOUND_RUN = /[\p{L}\p{N}_/-]+/gu;
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
  const add = (words: string[]) => {
    if (words.length < 2 || words.length > MAX_COMPOUND_WORDS) return;
    for (let start = 0; start < words.length - 1; start++)
      for (let end = start + 2; end <= words.length; end++)
        out.push(
          words
            .slice(start, end)
            .join('')
            .slice(start ? 1 : 0),
        );
  };
  for (const [run] of text.matchAll(COMPOUND_RUN)) {
    if (!run.includes('/') && !run.includes('-')) continue;
    // Words with the separator before them; an empty word (a doubled, leading or trailing separator) ends a compound.
    const pieces = run.toLowerCase().split(/([/-])/);
    let words: string[] = [];
    for (let i = 0; i < pieces.length; i += 2) {
      if (pieces[i] === '') {
        add(words);
        words = [];
      } else words.push(words.length ? pieces[i - 1] + pieces[i] : pieces[i]);
    }
    add(words);
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
