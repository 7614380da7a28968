import type { ScenarioResult } from '../context.js';

/**
 * A target from issue 8 (and the page-weight and search budgets of issues 5 and 6, the incremental-build targets of
 * issue 16, and issue 33's, with every feature on). `docsgenPerHugo` figures are docsgen's wall time divided by
 * Hugo's cold build of the same corpus in the same run (medians), so they hold on any host.
 */
export interface Target {
  scenario: string;
  figure: string;
  /** The figure must be at most this (or at least this, or above it: see `bound`). */
  limit: number;
  /** How the figure compares with `limit`: `max` (≤, the default), `min` (≥) or `above` (>). */
  bound?: 'max' | 'min' | 'above';
  unit: string;
  label: string;
}

export const TARGETS: Target[] = [
  { scenario: 'site-cold', figure: 'wallS', limit: 8, unit: 's', label: 'site-cold wall' },
  // Issue 33: a warm no-op build of this site under 0.4 s (issue 8 allowed 1.0 s).
  { scenario: 'site-warm', figure: 'wallS', limit: 0.4, unit: 's', label: 'site-warm wall' },
  // Issue 33: `docsgen --version`, the cost of starting the CLI at all.
  { scenario: 'start', figure: 'wallMs', limit: 80, unit: 'ms', label: 'docsgen --version wall' },
  // Issue 18: the code samples stage of this site (every guide sample and API example type-checked).
  { scenario: 'site-cold', figure: 'samplesS', limit: 10, unit: 's', label: 'code samples, cold' },
  { scenario: 'site-warm', figure: 'samplesS', limit: 0.5, unit: 's', label: 'code samples, warm' },
  { scenario: 'synthetic-1k', figure: 'wallS', limit: 15, unit: 's', label: '1k pages wall' },
  // Issue 16 replaces issue 8's 2.0: the Markdown and shiki stacks alone take several times Hugo's whole build.
  {
    scenario: 'synthetic-1k',
    figure: 'docsgenPerHugo',
    limit: 5,
    unit: '×',
    label: 'docsgen / Hugo at 1k, cold, social images on',
  },
  // Issue 33: the same pages with `socialImages: false`.
  {
    scenario: 'synthetic-1k-noimg',
    figure: 'docsgenPerHugo',
    limit: 4,
    unit: '×',
    label: 'docsgen / Hugo at 1k, cold, no social images',
  },
  {
    scenario: '1k-warm',
    figure: 'docsgenPerHugo',
    limit: 0.3,
    unit: '×',
    label: '1k warm, nothing changed / Hugo cold',
  },
  { scenario: '1k-warm', figure: 'wallS', limit: 0.5, unit: 's', label: '1k warm, nothing changed' },
  {
    scenario: '1k-check',
    figure: 'docsgenPerHugo',
    limit: 0.3,
    unit: '×',
    label: '1k check on a warm cache / Hugo cold',
  },
  {
    scenario: '1k-body-edit',
    figure: 'docsgenPerHugo',
    limit: 0.5,
    unit: '×',
    label: '1k one paragraph edited / Hugo cold',
  },
  {
    scenario: '1k-title-edit',
    figure: 'docsgenPerHugo',
    limit: 1.0,
    unit: '×',
    label: '1k one title edited / Hugo cold',
  },
  {
    scenario: '1k-page-added',
    figure: 'docsgenPerHugo',
    limit: 1.0,
    unit: '×',
    label: '1k one page added / Hugo cold',
  },
  {
    scenario: '1k-page-removed',
    figure: 'docsgenPerHugo',
    limit: 1.0,
    unit: '×',
    label: '1k one page removed / Hugo cold',
  },
  { scenario: 'synthetic-10k', figure: 'wallS', limit: 150, unit: 's', label: '10k pages wall' },
  { scenario: 'synthetic-10k', figure: 'docsgenPerHugo', limit: 2.5, unit: '×', label: 'docsgen / Hugo at 10k, cold' },
  // Issue 16's 1.2 GB, read as 1.2 × 10^9 bytes = 1144 MiB (issue 8 allowed 1.5 GiB).
  { scenario: 'synthetic-10k', figure: 'peakRssMiB', limit: 1144, unit: 'MiB', label: '10k pages peak RSS (1.2 GB)' },
  { scenario: '10k-warm', figure: 'wallS', limit: 5, unit: 's', label: '10k warm, nothing changed' },
  { scenario: 'dev-10k', figure: 'readyS', limit: 3, unit: 's', label: 'dev ready at 10k (warm)' },
  { scenario: 'dev-10k', figure: 'editMs', limit: 150, unit: 'ms', label: 'edit → DOM at 10k (median)' },
  { scenario: 'scaling', figure: 'ratio10kTo1k', limit: 11, unit: '×', label: '10k / 1k wall' },
  { scenario: 'dev', figure: 'readyS', limit: 2, unit: 's', label: 'dev ready' },
  { scenario: 'dev', figure: 'editMs', limit: 150, unit: 'ms', label: 'edit → DOM (median)' },
  { scenario: 'check', figure: 'wallS', limit: 2, unit: 's', label: 'check (warm)' },
  { scenario: 'weight', figure: 'jsKiB', limit: 70, unit: 'KiB', label: 'guide JS gzip (issue 5)' },
  { scenario: 'weight', figure: 'cssKiB', limit: 30, unit: 'KiB', label: 'guide CSS gzip (issue 5)' },
  { scenario: 'weight', figure: 'htmlKiB', limit: 40, unit: 'KiB', label: 'guide HTML gzip (issue 5)' },
  {
    scenario: 'weight',
    figure: 'searchKiB',
    limit: 60,
    unit: 'KiB',
    label: 'first search query, costliest (issue 16)',
  },
  // Issue 32: search relevance on bench/search/queries.json, and what its queries cost.
  {
    scenario: 'search-relevance',
    figure: 'success1Pct',
    limit: 95,
    bound: 'min',
    unit: '%',
    label: 'search success@1 (issue 32)',
  },
  { scenario: 'search-relevance', figure: 'mrr', limit: 0.95, bound: 'min', unit: '', label: 'search MRR (issue 32)' },
  {
    scenario: 'search-relevance',
    figure: 'mrrOverPagefind',
    limit: 0,
    bound: 'above',
    unit: '',
    label: "search MRR minus Pagefind's (issue 32)",
  },
  {
    scenario: 'search-relevance',
    figure: 'firstQueryKiB',
    limit: 60,
    unit: 'KiB',
    label: 'first search query of the query set, costliest (issue 32)',
  },
  {
    scenario: 'search-relevance',
    figure: 'latencyMaxMs',
    limit: 50,
    unit: 'ms',
    label: 'search query to results, shards loaded, slowest query (issue 32)',
  },
];

/** The sign a target's figure must satisfy against its limit, for the table. */
export function boundSign(target: Target): string {
  return target.bound === 'min' ? '≥' : target.bound === 'above' ? '>' : '≤';
}

function meets(target: Target, value: number): boolean {
  if (target.bound === 'min') return value >= target.limit;
  if (target.bound === 'above') return value > target.limit;
  return value <= target.limit;
}

/** A target checked against this run: pass, miss (with the excess) or not measured. */
export interface TargetOutcome extends Target {
  value: number | null;
  status: 'pass' | 'miss' | 'not measured';
  /**
   * How far past the limit, as a fraction of it (0.25 = 25 % over a maximum, or under a minimum); null unless
   * missed, or when the limit is 0.
   */
  over: number | null;
}

/** The 10k/1k wall-time ratio, when both synthetic scenarios ran. */
export function scalingResult(results: ScenarioResult[]): ScenarioResult | undefined {
  const wall = (name: string) =>
    results.find((result) => result.name === name && result.status === 'ok')?.figures.wallS ?? null;
  const small = wall('synthetic-1k');
  const large = wall('synthetic-10k');
  if (small === null || large === null) return undefined;
  return { name: 'scaling', status: 'ok', figures: { ratio10kTo1k: Number((large / small).toFixed(2)) } };
}

/** Checks every target whose scenario ran. */
export function checkTargets(results: ScenarioResult[]): TargetOutcome[] {
  const outcomes: TargetOutcome[] = [];
  for (const target of TARGETS) {
    const result = results.find((candidate) => candidate.name === target.scenario);
    if (!result) continue;
    const value = result.figures[target.figure] ?? null;
    if (value === null) outcomes.push({ ...target, value, status: 'not measured', over: null });
    else if (meets(target, value)) outcomes.push({ ...target, value, status: 'pass', over: null });
    else {
      const over = target.limit === 0 ? null : Math.abs(value / target.limit - 1);
      outcomes.push({ ...target, value, status: 'miss', over: over === null ? null : Number(over.toFixed(3)) });
    }
  }
  return outcomes;
}
