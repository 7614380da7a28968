import { indexTerms, SEARCH_FIELDS, tokenize } from '../../templates/shared/search-terms.js';
import type { IndexShard } from '../../templates/shared/search-types.js';

/**
 * What indexing one record adds to the search index: the number of distinct
 * words of each field, and each term's frequency per field. A page's terms
 * are cached with the page, so a build indexes only the pages that changed
 * and merges the rest (`mergeRecordTerms`), instead of feeding every record
 * of the site to MiniSearch again.
 */
export interface RecordTerms {
  /** Distinct words of each field, in SEARCH_FIELDS order (MiniSearch's field length). */
  lengths: number[];
  /** `[term, fieldId, frequency]`, in the order the terms first occur. */
  terms: [string, number, number][];
}

type Indexed = Record<(typeof SEARCH_FIELDS)[number], string>;

/** Splits a record into terms exactly as MiniSearch does with our `tokenize` and `indexTerms` options. */
export function indexRecord(record: Indexed, termsOf: (word: string) => string[] = indexTerms): RecordTerms {
  const lengths: number[] = [];
  const terms: [string, number, number][] = [];
  SEARCH_FIELDS.forEach((field, fieldId) => {
    const words = tokenize(record[field]);
    lengths.push(new Set(words).size);
    const counts = new Map<string, number>();
    for (const word of words) for (const term of termsOf(word)) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) terms.push([term, fieldId, count]);
  });
  return { lengths, terms };
}

/** `fn` with its results kept by argument (a word is split into terms once per build). */
export function memoize(fn: (word: string) => string[]): (word: string) => string[] {
  const known = new Map<string, string[]>();
  return (word) => {
    let found = known.get(word);
    if (!found) known.set(word, (found = fn(word)));
    return found;
  };
}

/** MiniSearch's serialized index (its `toJSON()` shape, without stored fields), which the browser loads. */
export interface PlainIndex {
  documentCount: number;
  nextId: number;
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  averageFieldLength: number[];
  dirtCount: number;
  index: IndexShard;
  serializationVersion: number;
}

/**
 * The index of records 0…n-1 from their terms, as MiniSearch would
 * serialize it after adding them in order (the average field lengths are
 * computed with its running formula; terms come in first-occurrence order).
 */
export function mergeRecordTerms(records: Iterable<RecordTerms>): PlainIndex {
  const entries = new Map<string, Record<string, Record<string, number>>>();
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  const average = SEARCH_FIELDS.map(() => 0);
  let id = 0;
  for (const record of records) {
    documentIds[id] = id;
    fieldLength[id] = record.lengths;
    record.lengths.forEach((length, field) => (average[field] = (average[field] * id + length) / (id + 1)));
    for (const [term, field, count] of record.terms) {
      let entry = entries.get(term);
      if (!entry) entries.set(term, (entry = {}));
      (entry[field] ??= {})[id] = count;
    }
    id++;
  }
  return {
    documentCount: id,
    nextId: id,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, i) => [field, i])),
    fieldLength,
    averageFieldLength: average,
    dirtCount: 0,
    index: [...entries],
    serializationVersion: 2,
  };
}
