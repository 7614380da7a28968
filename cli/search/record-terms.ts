import {
  compounds,
  PART_FIELD_OFFSET,
  SEARCH_FIELDS,
  tokenize,
  wordParts,
} from '../../templates/shared/search-terms.js';
import type { IndexShard } from '../../templates/shared/search-types.js';

/**
 * What indexing one record adds to the search index: the number of distinct
 * words of each field, and each term's frequency per field. A page's terms
 * are cached with the page, so a build indexes only the pages that changed
 * and merges the rest (`mergeRecordTerms`), instead of indexing every record
 * of the site again.
 */
export interface RecordTerms {
  /** Distinct words of each field, in SEARCH_FIELDS order (BM25's field length). */
  lengths: number[];
  /** `[term, fieldId, frequency]`, in the order the terms first occur. */
  terms: [string, number, number][];
}

/** What a record gives the index: its page's title and description only on the page's first record (counted once). */
type Indexed = Record<(typeof SEARCH_FIELDS)[number], string> & { pageStart?: boolean };

/**
 * Splits a record into terms: each word whole (lower-cased) under its field, its camelCase parts under the field's
 * part field (PART_FIELD_OFFSET on), and the compounds of the field's text (`device/invalid-device`) whole.
 */
export function indexRecord(record: Indexed, termsOf: (word: string) => string[] = wordParts): RecordTerms {
  const lengths: number[] = [];
  const terms: [string, number, number][] = [];
  SEARCH_FIELDS.forEach((field, fieldId) => {
    const value = (field === 'title' || field === 'description') && record.pageStart === false ? '' : record[field];
    const words = tokenize(value);
    lengths.push(new Set(words.map((word) => word.toLowerCase())).size);
    const whole = new Map<string, number>();
    const parts = new Map<string, number>();
    const add = (counts: Map<string, number>, term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const word of words) {
      add(whole, word.toLowerCase());
      for (const part of termsOf(word)) add(parts, part);
    }
    for (const compound of compounds(value)) add(whole, compound);
    for (const [term, count] of whole) terms.push([term, fieldId, count]);
    for (const [term, count] of parts) terms.push([term, fieldId + PART_FIELD_OFFSET, count]);
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

/** The merged index (in the shape of MiniSearch's serialized one, with compact postings), before it is split into files. */
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
 * The index of records 0…n-1 from their terms, in MiniSearch's serialized shape (terms in first-occurrence order;
 * each field's average length over the records that have it).
 */
export function mergeRecordTerms(records: Iterable<RecordTerms>): PlainIndex {
  const entries = new Map<string, Record<string, number[]>>();
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  // Over the records that have the field: a page's title is on its first record only, and introductions have no heading.
  const total = SEARCH_FIELDS.map(() => 0);
  const having = SEARCH_FIELDS.map(() => 0);
  let id = 0;
  for (const record of records) {
    documentIds[id] = id;
    fieldLength[id] = record.lengths;
    record.lengths.forEach((length, field) => {
      total[field] += length;
      if (length > 0) having[field]++;
    });
    for (const [term, field, count] of record.terms) {
      let entry = entries.get(term);
      if (!entry) entries.set(term, (entry = {}));
      (entry[field] ??= []).push(id, count);
    }
    id++;
  }
  // Record ids become gaps from the previous record of the field (search-types.ts IndexShard).
  for (const entry of entries.values())
    for (const field in entry) {
      const postings = entry[field];
      for (let i = postings.length - 2; i >= 2; i -= 2) postings[i] -= postings[i - 2];
    }
  return {
    documentCount: id,
    nextId: id,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, i) => [field, i])),
    fieldLength,
    averageFieldLength: total.map((sum, field) => (having[field] ? sum / having[field] : 0)),
    dirtCount: 0,
    index: [...entries],
    serializationVersion: 2,
  };
}
