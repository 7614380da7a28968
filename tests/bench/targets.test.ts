import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../../bench/context.js';
import { formatTable } from '../../bench/report/table.js';
import { checkTargets } from '../../bench/report/targets.js';

function relevance(figures: Record<string, number>): ScenarioResult {
  return { name: 'search-relevance', status: 'ok', figures };
}

describe('targets a figure must reach', () => {
  it('passes a minimum at or above it and a strict bound only above it, and says by how much a miss falls short', () => {
    const passing = checkTargets([relevance({ success1Pct: 95, mrr: 0.96, mrrOverPagefind: 0.01 })]);
    expect(passing.map((outcome) => [outcome.figure, outcome.status])).toEqual([
      ['success1Pct', 'pass'],
      ['mrr', 'pass'],
      ['mrrOverPagefind', 'pass'],
      ['firstQueryKiB', 'not measured'],
      ['latencyMaxMs', 'not measured'],
    ]);
    const missing = checkTargets([relevance({ success1Pct: 76, mrr: 0.95, mrrOverPagefind: 0, latencyMaxMs: 51 })]);
    expect(missing.map((outcome) => [outcome.figure, outcome.status, outcome.over])).toEqual([
      ['success1Pct', 'miss', 0.2],
      ['mrr', 'pass', null],
      ['mrrOverPagefind', 'miss', null],
      ['firstQueryKiB', 'not measured', null],
      ['latencyMaxMs', 'miss', 0.02],
    ]);
    const table = formatTable([relevance({ success1Pct: 76, mrrOverPagefind: 0 })], missing);
    expect(table).toMatch(/success@1\s+76 %\s+≥ 95 %\s+MISS \(−20 %\)/);
    expect(table).toMatch(/MRR minus Pagefind MRR\s+0\s+> 0\s+MISS$/m);
  });

  it("holds issue 33's targets: a warm site build under 0.4 s, and 1k pages without social images under 4x Hugo", () => {
    const outcomes = checkTargets([
      { name: 'site-warm', status: 'ok', figures: { wallS: 0.45 } },
      { name: 'synthetic-1k-noimg', status: 'ok', figures: { docsgenPerHugo: 3.9 } },
    ]);
    const outcome = (scenario: string, figure: string) =>
      outcomes.find((candidate) => candidate.scenario === scenario && candidate.figure === figure);
    expect(outcome('site-warm', 'wallS')).toMatchObject({ limit: 0.4, status: 'miss' });
    expect(outcome('synthetic-1k-noimg', 'docsgenPerHugo')).toMatchObject({ limit: 4, status: 'pass' });
  });
});
