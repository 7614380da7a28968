import { SEARCH_FIELDS, shardKey, wordParts } from '../../templates/shared/search-terms.js';
import type { IndexShard, LocalIndexBase, RecordVersions, StoredRecord } from '../../templates/shared/search-types.js';
import { storeRecord, type SearchRecord } from './collect-records.js';
import { indexRecord, memoize, mergeRecordTerms, type PlainIndex } from './record-terms.js';

/** A shard of terms larger than this (JSON characters) makes the builder split terms by one more character. */
export const SHARD_TARGET = 200_000;
/**
 * Doc chunks are cut once they reach this many JSON characters. Every hit of a first query needs its chunk (it holds
 * the title and path): at 12,000 a query whose hits spread over many pages fetched 66 KB, over the 60 KB budget; at
 * 6,000 the relevance benchmark's costliest query (ten hits in ten chunks) still fetched 60.2 KiB, 55 at 4,000.
 */
export const DOC_CHUNK_TARGET = 4_000;
const MAX_KEY_LENGTH = 3;

/** The index split into the pieces the browser fetches on demand. */
export interface ShardedIndex {
  keyLength: number;
  base: LocalIndexBase;
  shards: Map<string, IndexShard>;
  docs: StoredRecord[][];
}

/**
 * Indexes the records (or takes their index, merged from cached pages) and splits the result: one base file
 * (counts and field lengths), term shards keyed by the terms' first
 * characters (as many as needed to keep each shard under SHARD_TARGET), and
 * chunks of record text for snippets.
 */
export function shardIndex(
  records: SearchRecord[],
  plain: PlainIndex = indexRecords(records),
  lastVersion?: string,
): ShardedIndex {
  const fieldCount = SEARCH_FIELDS.length;
  const fieldLength = new Array<number>(records.length * fieldCount).fill(0);
  for (const [shortId, id] of Object.entries(plain.documentIds)) {
    if (Number(shortId) !== id) throw new Error(`search index: record ${id} got internal id ${shortId}`);
    plain.fieldLength[shortId].forEach((length, field) => (fieldLength[id * fieldCount + field] = length ?? 0));
  }

  // Each term's JSON size, measured once for every grouping tried.
  const sizes = new Map(plain.index.map((entry) => [entry, JSON.stringify(entry).length + 1]));
  let keyLength = 0;
  let shards = groupTerms(plain.index, 0);
  while (keyLength < MAX_KEY_LENGTH && largest(shards, sizes) > SHARD_TARGET)
    shards = groupTerms(plain.index, ++keyLength);

  const docs: StoredRecord[][] = [];
  const chunkStarts: number[] = [];
  let size = Infinity;
  for (const record of records) {
    const stored = storeRecord(record);
    if (size >= DOC_CHUNK_TARGET) {
      docs.push([]);
      chunkStarts.push(record.id);
      size = 0;
    }
    docs[docs.length - 1].push(stored);
    size += JSON.stringify(stored).length;
  }

  const pageSizes: number[] = [];
  for (const record of records) {
    if (record.pageStart || pageSizes.length === 0) pageSizes.push(0);
    pageSizes[pageSizes.length - 1]++;
  }

  const base: LocalIndexBase = {
    documentCount: plain.documentCount,
    nextId: plain.nextId,
    fieldIds: plain.fieldIds,
    averageFieldLength: plain.averageFieldLength,
    dirtCount: plain.dirtCount ?? 0,
    serializationVersion: plain.serializationVersion,
    fieldLength,
    chunkStarts,
    pageSizes,
  };
  const versions = recordVersions(records, lastVersion);
  return { keyLength, base: versions ? { ...base, versions } : base, shards, docs };
}

/** Each record's docs version, when the records span several (a site with one version needs no filter). */
function recordVersions(records: SearchRecord[], last: string | undefined): RecordVersions | undefined {
  const names = [...new Set(records.flatMap((record) => (record.version ? [record.version] : [])))];
  if (names.length < 2 || !last) return undefined;
  return { names, last, ofRecord: records.map((record) => (record.version ? names.indexOf(record.version) : -1)) };
}

/** The records indexed (record-terms.ts). */
export function indexRecords(records: SearchRecord[]): PlainIndex {
  // The same words come back thousands of times: each is split into terms once.
  const termsOf = memoize(wordParts);
  return mergeRecordTerms(records.map((record) => indexRecord(record, termsOf)));
}

function groupTerms(entries: IndexShard, keyLength: number): Map<string, IndexShard> {
  const shards = new Map<string, IndexShard>();
  for (const entry of entries) {
    const key = shardKey(entry[0], keyLength);
    let shard = shards.get(key);
    if (!shard) shards.set(key, (shard = []));
    shard.push(entry);
  }
  return shards;
}

/** The JSON size of the largest shard. */
function largest(shards: Map<string, IndexShard>, sizes: Map<IndexShard[number], number>): number {
  let max = 0;
  for (const shard of shards.values()) {
    let size = 1;
    for (const entry of shard) size += sizes.get(entry)!;
    max = Math.max(max, size);
  }
  return max;
}
