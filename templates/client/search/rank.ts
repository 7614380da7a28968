/**
 * Ranking for the local index: which pages answer a query, best first, and
 * which section of each to show. No DOM: the search page, the modal and the
 * relevance benchmark all rank through here.
 *
 * Pages are ranked, not sections: a page's title, headings, API signatures
 * and text count together (BM25 per field, weighted title > heading > API
 * signature > text), so a guide whose title and headings answer a task
 * phrase is not pushed down by API members that each match one word. Pages
 * that match every word come first, then the best partial matches: a query
 * that matches any indexed word is never empty. Each query word matches
 * itself, the words that share its stem (`photos`, `taking`), the words it
 * begins (the last word, as the reader types) and, only when it matches
 * nothing else, the words within a typo or two of it; a word that still
 * matches nothing may be two indexed words run together (`bitrate`).
 */
import SearchableMap from 'minisearch/SearchableMap';
import { stemmer } from 'stemmer';
import type { LocalIndexBase } from '../../shared/search-types.js';
import { compounds, PART_FIELD_OFFSET, SEARCH_FIELDS, shardKey, tokenize } from '../../shared/search-terms.js';

/** A term's postings as stored in a shard: field id → `[id gap, frequency, …]` (search-types.ts IndexShard). */
export type StoredPostings = Record<string, number[]>;

/**
 * A term's postings as ranked: per field, its records (ascending) and frequencies, in typed arrays, and how many
 * records hold the term in any field. Made once per shard loaded (`compactShard`): a query then walks arrays, not
 * objects with thousands of keys, and allocates nothing per record.
 */
export interface Postings {
  fields: { field: number; ids: Int32Array; frequencies: Int32Array }[];
  records: number;
}

/** A shard's terms with their postings made compact (see Postings). */
export function compactShard(entries: Iterable<[string, StoredPostings]>): [string, Postings][] {
  const out: [string, Postings][] = [];
  for (const [term, stored] of entries) {
    const fields: Postings['fields'] = [];
    for (const field in stored) {
      const pairs = stored[field];
      const ids = new Int32Array(pairs.length / 2);
      const frequencies = new Int32Array(pairs.length / 2);
      let id = 0;
      for (let i = 0; i < ids.length; i++) {
        id += pairs[2 * i];
        ids[i] = id;
        frequencies[i] = pairs[2 * i + 1];
      }
      fields.push({ field: Number(field), ids, frequencies });
    }
    let records = fields[0]?.ids.length ?? 0;
    if (fields.length > 1) {
      const union = new Set<number>();
      for (const { ids } of fields) for (const id of ids) union.add(id);
      records = union.size;
    }
    out.push([term, { fields, records }]);
  }
  return out;
}

/** Longest query, in words, that is searched. */
export const MAX_WORDS = 10;

/** Weight of a match in each field (SEARCH_FIELDS order): title > description (a summary the author wrote), heading > API signature > text. */
const FIELD_WEIGHT = [10, 5, 5, 3, 1];
/** A camelCase part (`take` in `TakePhotoOptions`) counts this much of the whole word. */
const PART_WEIGHT = 0.4;
/** How a candidate term matched its query word. */
const EXACT = 1;
const SAME_STEM = 0.9;
const PREFIX = 0.6;
const TYPO = [1, 0.5, 0.3];
/** Prefix matches of a last word that is itself a word of the index count this much less. */
const COMPLETE_WORD_PREFIX = 0.5;
/**
 * A word matched only by a prefix or a typo counts this much towards the words a page matches: pages with the word
 * itself come first (`expo` before pages with only `exposure`).
 */
const LOOSE_COVERAGE = 0.5;
/** A compound of the query found whole (`device/invalid-device`) adds this much of a word's score. */
const COMPOUND_WEIGHT = 1.5;
/** Words at most this many prefix matches each (the closest in length to what was typed). */
const MAX_PREFIX_TERMS = 40;
/** A page's sections besides its best one add this share of their score for a word, up to the best one's score. */
const SPREAD = 0.15;
/** When every query word is in the page title as typed or by its stem (the query names the page). */
const TITLE_BONUS = 1.5;
/** When the page title is the query's words, as typed: the query is the page's name (`useCameraDevice`). */
const NAME_BONUS = 2;
/** When every query word is in one section, with the title. */
const SECTION_BONUS = 1.2;
/** A page's introduction is its best section when it scores within this factor of the best. */
const INTRO_PREFERENCE = 1.2;
const K1 = 1.2;
const B = 0.75;

/** Typos allowed for a word of this length (none under 4 letters, 1 up to 7, then 2). */
export const typos = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/**
 * Words that say little about what a page is about: a page need not have them to match every word of the query
 * (`record at 60 fps`), though they still add to its score. A query of nothing else needs them all.
 */
const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from has have how i if in into is it its my of on or so that the their then there these this to was what when where which while who why will with you your'.split(
    ' ',
  ),
);

/**
 * The site's synonyms (`search.synonyms`), by word and by stem: each word of a group stands for the others
 * (`picture` finds `photo`). Made once per provider.
 */
export type Synonyms = Map<string, string[]>;

export function synonymTable(groups: readonly (readonly string[])[] = []): Synonyms {
  const table: Synonyms = new Map();
  for (const group of groups) {
    const words = [...new Set(group.map((word) => word.toLowerCase()))];
    for (const word of words)
      for (const key of new Set([word, stemOf(word)])) {
        const others = words.filter((other) => other !== word);
        table.set(key, [...new Set([...(table.get(key) ?? []), ...others])]);
      }
  }
  return table;
}

/** The words a query word stands for besides itself: its synonyms, found by the word or by its stem. */
export function synonymsOf(word: string, synonyms: Synonyms | undefined): string[] {
  if (!synonyms || synonyms.size === 0) return [];
  const found = synonyms.get(word) ?? synonyms.get(stemOf(word)) ?? [];
  return found.filter((other) => other !== word);
}

/** The terms a query's words may match, found in the loaded part of the index. */
export interface QueryPlan {
  /** Per query word: candidate term → weight. */
  words: Map<string, number>[];
  /** Per query word: whether a page must have it to match every word (stop words need not). */
  required: boolean[];
  /** Compounds of the query found whole in the index. */
  compounds: string[];
}

/** A ranked page, and the record of its section to show. */
export interface RankedPage {
  page: number;
  record: number;
  score: number;
  /** How many of the query's words the page matched (stop words not counted). */
  coverage: number;
}

/** The query's words, lower-cased, once each, at most MAX_WORDS. */
export function queryWords(query: string): string[] {
  return [...new Set(tokenize(query).map((word) => word.toLowerCase()))].slice(0, MAX_WORDS);
}

/**
 * Words of the query that match no loaded term, and so may be two words run together: each split's halves, whose
 * shards the provider loads before ranking again (`bitrate`: `bit` and `rate`).
 */
export function unmatchedSplits(query: string, lookup: SearchableMap<Postings>, keyLength = 0): string[] {
  return queryWords(query)
    .filter((word) => candidatesOf(word, false, lookup, keyLength).size === 0)
    .flatMap((word) => splitsOf(word).flat());
}

/** The index: loaded terms (compactShard), for exact, prefix and typo lookups. */
export function termMap(entries: Iterable<[string, Postings]>): SearchableMap<Postings> {
  const map = new SearchableMap<Postings>();
  for (const [term, postings] of entries) map.set(term, postings);
  return map;
}

/**
 * What each query word matches in the loaded terms. Typo and stem matches are looked for in the word's own shard
 * (`keyLength`: see LocalIndexManifest) only, so the result does not depend on what earlier queries loaded.
 */
export function planQuery(
  query: string,
  lookup: SearchableMap<Postings>,
  keyLength = 0,
  synonyms?: Synonyms,
): QueryPlan {
  const words = queryWords(query);
  const plan: Map<string, number>[] = [];
  const required: boolean[] = [];
  const onlyStopWords = words.every((word) => STOP_WORDS.has(word));
  words.forEach((word, i) => {
    const candidates = candidatesOf(word, i === words.length - 1, lookup, keyLength);
    // A synonym and its forms count as the word's own forms do.
    for (const other of synonymsOf(word, synonyms))
      for (const [term, weight] of candidatesOf(other, false, lookup, keyLength))
        if (weight >= SAME_STEM && SAME_STEM > (candidates.get(term) ?? 0)) candidates.set(term, SAME_STEM);
    const needed = onlyStopWords || !STOP_WORDS.has(word);
    if (candidates.size > 0) {
      plan.push(candidates);
      required.push(needed);
      return;
    }
    // Two words run together: each half becomes a word of the query.
    const split = splitsOf(word).find(([left, right]) => lookup.has(left) && lookup.has(right));
    for (const half of split ?? [word]) {
      plan.push(split ? candidatesOf(half, false, lookup, keyLength) : candidates);
      required.push(needed);
    }
  });
  return {
    words: plan,
    required,
    compounds: [...new Set(compounds(query.toLowerCase()))].filter((c) => lookup.has(c)),
  };
}

function candidatesOf(
  word: string,
  last: boolean,
  lookup: SearchableMap<Postings>,
  keyLength: number,
): Map<string, number> {
  const shard = shardKey(word, keyLength);
  const inShard = (term: string) => shardKey(term, keyLength) === shard;
  const candidates = new Map<string, number>();
  const add = (term: string, weight: number) => {
    if (weight > (candidates.get(term) ?? 0)) candidates.set(term, weight);
  };
  if (lookup.has(word)) add(word, EXACT);
  // Words sharing the stem share their first letters (Porter changes endings): look among those.
  if (word.length >= 3) {
    const stem = stemmer(word);
    for (const [term] of lookup.atPrefix(word.slice(0, Math.min(3, stem.length)))) {
      if (term !== word && inShard(term) && stemOf(term) === stem) add(term, SAME_STEM);
    }
  }
  if (last) {
    const longer = [...lookup.atPrefix(word).keys()].filter((term) => term !== word);
    longer.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    // A word of the index is likely typed in full: the longer words it begins count for less.
    const weight = lookup.has(word) ? PREFIX * COMPLETE_WORD_PREFIX : PREFIX;
    for (const term of longer.slice(0, MAX_PREFIX_TERMS)) add(term, weight * Math.sqrt(word.length / term.length));
  }
  if (candidates.size === 0 && typos(word) > 0)
    for (const [term, [, distance]] of lookup.fuzzyGet(word, typos(word))) if (inShard(term)) add(term, TYPO[distance]);
  return candidates;
}

const stems = new Map<string, string>();
function stemOf(term: string): string {
  let stem = stems.get(term);
  if (stem === undefined) stems.set(term, (stem = stemmer(term)));
  return stem;
}

/** The ways a word may be two words run together, longest first half first (halves of 2+ letters). */
function splitsOf(word: string): [string, string][] {
  const splits: [string, string][] = [];
  for (let at = word.length - 2; at >= 2; at--) splits.push([word.slice(0, at), word.slice(at)]);
  return splits;
}

/** Where each page's records start, and the page of each record. */
export interface PageTable {
  starts: number[];
  pageOf: Int32Array;
}

export function pageTable(base: LocalIndexBase): PageTable {
  const starts: number[] = [];
  const pageOf = new Int32Array(base.nextId);
  let next = 0;
  base.pageSizes.forEach((size, page) => {
    starts.push(next);
    pageOf.fill(page, next, next + size);
    next += size;
  });
  return { starts, pageOf };
}

/**
 * Ranks the pages for a planned query: pages matching more of its words first, then by score. `keep` leaves records
 * out (another docs version).
 */
export function rankPages(
  plan: QueryPlan,
  lookup: SearchableMap<Postings>,
  base: LocalIndexBase,
  pages: PageTable,
  keep: (record: number) => boolean = () => true,
): RankedPage[] {
  const fields = SEARCH_FIELDS.length;
  const wordCount = plan.words.length;
  const requiredCount = plan.required.filter(Boolean).length;
  // Flat tables, [record or page × slot] (the last slot holds the compounds): a query can touch every record of a
  // large site, and an object per record would keep the garbage collector busy.
  const slots = wordCount + 1;
  const records = base.nextId;
  const pageCount = pages.starts.length;
  // Per record, per word: the best candidate's score in the section's own fields.
  const section = new Float64Array(records * slots);
  // Per page, per word: the best candidate's score in its title; how a whole word of the title matched it (EXACT as
  // typed, SAME_STEM by stem, less by prefix or typo; a camelCase part does not name the page); and the strongest
  // way any of the page's fields matched it.
  const title = new Float64Array(pageCount * slots);
  const titleNamed = new Float64Array(pageCount * slots);
  const strength = new Float64Array(pageCount * slots);
  // The records and pages any word touched, each once.
  const touchedRecords: number[] = [];
  const recordSeen = new Uint8Array(records);
  const touchedPages: number[] = [];
  const pageSeen = new Uint8Array(pageCount);
  // One candidate's scores per record, summed over its fields, then folded into the tables.
  const termTitle = new Float64Array(records);
  const termSection = new Float64Array(records);
  const termWhole = new Uint8Array(records);
  const termRecords: number[] = [];

  /** Inverse document frequency of a word from its forms' (`device`, `devices`): the commonest form's. */
  const idfOf = (terms: Iterable<string>) => {
    let count = 0;
    for (const term of terms) count = Math.max(count, lookup.get(term)?.records ?? 0);
    return Math.log(1 + (base.documentCount - count + 0.5) / (count + 0.5));
  };

  const score = (term: string, weight: number, slot: number, idf: number) => {
    const postings = lookup.get(term);
    if (!postings) return;
    termRecords.length = 0;
    for (const { field: fieldId, ids, frequencies } of postings.fields) {
      const field = fieldId % PART_FIELD_OFFSET;
      const part = fieldId >= PART_FIELD_OFFSET;
      const fieldWeight = weight * idf * FIELD_WEIGHT[field] * (part ? PART_WEIGHT : 1);
      const average = base.averageFieldLength[field] || 1;
      for (let i = 0; i < ids.length; i++) {
        const id = ids[i];
        if (!keep(id)) continue;
        const frequency = frequencies[i];
        // Field lengths count words, not their parts: a part is scored as in a field of average length.
        const length = part ? average : base.fieldLength[id * fields + field];
        const bm25 = (frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / average));
        if (termTitle[id] === 0 && termSection[id] === 0) termRecords.push(id);
        if (field === 0) {
          termTitle[id] += fieldWeight * bm25;
          if (!part) termWhole[id] = 1;
        } else termSection[id] += fieldWeight * bm25;
      }
    }
    for (const id of termRecords) {
      const page = pages.pageOf[id];
      const cell = page * slots + slot;
      if (!pageSeen[page]) {
        pageSeen[page] = 1;
        touchedPages.push(page);
      }
      strength[cell] = Math.max(strength[cell], weight);
      if (termTitle[id] > 0) {
        title[cell] = Math.max(title[cell], termTitle[id]);
        if (termWhole[id]) titleNamed[cell] = Math.max(titleNamed[cell], weight);
      }
      if (termSection[id] > 0) {
        if (!recordSeen[id]) {
          recordSeen[id] = 1;
          touchedRecords.push(id);
        }
        section[id * slots + slot] = Math.max(section[id * slots + slot], termSection[id]);
      }
      termTitle[id] = 0;
      termSection[id] = 0;
      termWhole[id] = 0;
    }
  };
  plan.words.forEach((candidates, slot) => {
    // The word's forms decide how rare it is; prefix and typo matches only when it has none.
    const forms = [...candidates].filter(([, weight]) => weight >= SAME_STEM).map(([term]) => term);
    const idf = idfOf(forms.length > 0 ? forms : candidates.keys());
    for (const [term, weight] of candidates) score(term, weight, slot, idf);
  });
  // Compounds share the last slot: a bonus, not a word the page must match.
  for (const compound of plan.compounds) score(compound, COMPOUND_WEIGHT, wordCount, idfOf([compound]));

  // Each touched page's sections with a match.
  const sectionsOf = new Map<number, number[]>();
  for (const id of touchedRecords) {
    const page = pages.pageOf[id];
    const list = sectionsOf.get(page);
    if (list) list.push(id);
    else sectionsOf.set(page, [id]);
  }

  const ranked: RankedPage[] = [];
  for (const page of touchedPages) {
    const ids = sectionsOf.get(page) ?? [];
    const row = page * slots;
    let total = 0;
    let coverage = 0;
    let titleCoverage = 0;
    let titleExact = 0;
    for (let slot = 0; slot < slots; slot++) {
      let best = 0;
      let rest = 0;
      for (const id of ids) {
        const value = section[id * slots + slot];
        if (value > best) {
          rest += best;
          best = value;
        } else rest += value;
      }
      const wordScore = title[row + slot] + best + Math.min(best, SPREAD * rest);
      total += wordScore;
      if (!plan.required[slot]) continue;
      if (wordScore > 0) coverage += strength[row + slot] >= SAME_STEM ? 1 : LOOSE_COVERAGE;
      if (titleNamed[row + slot] >= SAME_STEM) titleCoverage++;
      if (titleNamed[row + slot] === EXACT) titleExact++;
    }
    // The section to show: the one matching most words (with the title's), then the highest scoring.
    let shown = pages.starts[page];
    let shownCoverage = -1;
    let shownScore = -1;
    for (const id of ids) {
      let matched = 0;
      let sum = 0;
      for (let slot = 0; slot < slots; slot++) {
        const value = section[id * slots + slot];
        if (plan.required[slot] && (value > 0 || title[row + slot] > 0)) matched++;
        sum += value;
      }
      if (id === pages.starts[page]) sum *= INTRO_PREFERENCE;
      if (matched > shownCoverage || (matched === shownCoverage && sum > shownScore)) {
        shown = id;
        shownCoverage = matched;
        shownScore = sum;
      }
    }
    // A page named by the query opens at its top.
    if (titleCoverage === requiredCount) shown = pages.starts[page];
    if (!keep(shown)) continue;
    const titleLength = base.fieldLength[pages.starts[page] * fields];
    if (titleExact === requiredCount && titleLength === wordCount) total *= NAME_BONUS;
    else if (titleCoverage === requiredCount) total *= TITLE_BONUS;
    else if (shownCoverage === requiredCount) total *= SECTION_BONUS;
    ranked.push({ page, record: shown, score: total, coverage });
  }
  ranked.sort((a, b) => b.coverage - a.coverage || b.score - a.score || a.page - b.page);
  return ranked;
}

/** The candidate terms that matched a ranked page's title or shown section: the words to highlight. */
export function matchedTerms(ranked: RankedPage, plan: QueryPlan, lookup: SearchableMap<Postings>, pages: PageTable) {
  const first = pages.starts[ranked.page];
  const terms = new Set<string>();
  const all = [...plan.words.flatMap((candidates) => [...candidates.keys()]), ...plan.compounds];
  for (const term of all) {
    const postings = lookup.get(term);
    if (postings?.fields.some(({ ids }) => holds(ids, ranked.record) || holds(ids, first))) terms.add(term);
  }
  return terms;
}

/** Whether ascending `ids` hold `id`. */
function holds(ids: Int32Array, id: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (ids[mid] === id) return true;
    if (ids[mid] < id) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
