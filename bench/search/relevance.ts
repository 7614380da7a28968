import { readFileSync } from 'node:fs';
import path from 'node:path';

/** What a reader types, and the pages they would be glad to land on first. */
export interface RelevanceQuery {
  query: string;
  /** Site paths (`/docs/guides/taking-photos`), without hash or trailing slash. */
  accept: string[];
  kind: QueryKind;
}

export const QUERY_KINDS = ['task', 'concept', 'api', 'member', 'error', 'typo', 'phrase'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** Ranks beyond this one count as not found (MRR 0). */
export const MAX_RANK = 10;

/** The query set, `bench/search/queries.json` of this checkout. */
export function loadQueries(repoRoot: string): RelevanceQuery[] {
  const file = path.join(repoRoot, 'bench/search/queries.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { queries: RelevanceQuery[] }).queries;
}

/**
 * A result's URL as a site path: no origin, query or hash, no `index.html` or `.html`, no trailing slash
 * (`/docs/guides/taking-photos/#snapshots` and `…/taking-photos.html` are both `/docs/guides/taking-photos`).
 */
export function sitePath(url: string): string {
  const { pathname } = new URL(url, 'http://site.invalid');
  const trimmed = decodeURI(pathname)
    .replace(/\/index\.html$/, '/')
    .replace(/\.html$/, '')
    .replace(/\/+$/, '');
  return trimmed || '/';
}

/** Result URLs in the order shown, as distinct site paths (a page's first appearance counts). */
export function rankedPages(urls: string[]): string[] {
  return [...new Set(urls.map(sitePath))];
}

/** 1-based rank of the first accepted page within MAX_RANK, or null. */
export function firstAcceptedRank(query: RelevanceQuery, pages: string[]): number | null {
  const index = pages.slice(0, MAX_RANK).findIndex((page) => query.accept.includes(page));
  return index === -1 ? null : index + 1;
}

export interface RelevanceScores {
  queries: number;
  /** Share of queries whose first page is accepted, in percent. */
  success1Pct: number;
  /** Share of queries with an accepted page among the first five, in percent. */
  success5Pct: number;
  /** Mean of 1/rank of the first accepted page (0 when none within MAX_RANK). */
  mrr: number;
  /** Queries that returned no page at all. */
  noResults: number;
}

export interface RelevanceMiss {
  query: string;
  kind: QueryKind;
  expected: string[];
  /** Rank of the first accepted page, or null when none within MAX_RANK. */
  rank: number | null;
  /** The first three pages returned. */
  got: string[];
}

export interface RelevanceReport extends RelevanceScores {
  byKind: Record<string, RelevanceScores>;
  /** Every query whose first page is not accepted. */
  misses: RelevanceMiss[];
}

function scores(entries: Array<{ query: RelevanceQuery; pages: string[] }>): RelevanceScores {
  const ranks = entries.map(({ query, pages }) => firstAcceptedRank(query, pages));
  const count = entries.length;
  const share = (hits: number) => (count ? Number(((hits / count) * 100).toFixed(1)) : 0);
  return {
    queries: count,
    success1Pct: share(ranks.filter((rank) => rank === 1).length),
    success5Pct: share(ranks.filter((rank) => rank !== null && rank <= 5).length),
    mrr: count ? Number((ranks.reduce((sum: number, rank) => sum + (rank ? 1 / rank : 0), 0) / count).toFixed(3)) : 0,
    noResults: entries.filter(({ pages }) => pages.length === 0).length,
  };
}

/** Scores one engine's ranked pages (`pages[i]` for `queries[i]`): overall, per kind, and the misses. */
export function scoreRelevance(queries: RelevanceQuery[], pages: string[][]): RelevanceReport {
  const entries = queries.map((query, i) => ({ query, pages: pages[i] ?? [] }));
  const byKind: Record<string, RelevanceScores> = {};
  for (const kind of QUERY_KINDS) {
    const ofKind = entries.filter((entry) => entry.query.kind === kind);
    if (ofKind.length) byKind[kind] = scores(ofKind);
  }
  const misses = entries
    .map(({ query, pages: got }) => ({ query, got, rank: firstAcceptedRank(query, got) }))
    .filter(({ rank }) => rank !== 1)
    .map(({ query, got, rank }) => ({
      query: query.query,
      kind: query.kind,
      expected: query.accept,
      rank,
      got: got.slice(0, 3),
    }));
  return { ...scores(entries), byKind, misses };
}
