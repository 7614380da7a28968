import type { ScenarioResult } from '../context.js';
import { boundSign, type TargetOutcome } from './targets.js';

const LABELS: Record<string, [string, string]> = {
  wallS: ['wall', 's'],
  cpuS: ['CPU', 's'],
  peakRssMiB: ['peak RSS', 'MiB'],
  reportedS: ['docsgen-reported', 's'],
  pagesPerS: ['pages/s', ''],
  pages: ['pages', ''],
  htmlKiBPerPage: ['HTML per page', 'KiB'],
  hugoWallS: ['Hugo cold wall', 's'],
  hugoCpuS: ['Hugo CPU', 's'],
  hugoPeakRssMiB: ['Hugo peak RSS', 'MiB'],
  docsgenPerHugo: ['docsgen / Hugo cold (wall)', '×'],
  docsgenPerHugoCpu: ['docsgen / Hugo (CPU)', '×'],
  ratio10kTo1k: ['10k / 1k wall', '×'],
  warmWallS: ['body edit, warm: wall', 's'],
  warmCpuS: ['body edit, warm: CPU', 's'],
  warmPeakRssMiB: ['body edit, warm: peak RSS', 'MiB'],
  docsgenWallS: ['docsgen cold wall', 's'],
  docsgenCpuS: ['docsgen cold CPU', 's'],
  docsgenPeakRssMiB: ['docsgen cold peak RSS', 'MiB'],
  docsgenWarmWallS: ['docsgen body edit wall', 's'],
  docsgenWarmCpuS: ['docsgen body edit CPU', 's'],
  toolPerDocsgen: ['tool / docsgen cold (wall)', '×'],
  toolPerDocsgenCpu: ['tool / docsgen cold (CPU)', '×'],
  warmPerDocsgenWarm: ['tool / docsgen body edit (wall)', '×'],
  toolPerHugo: ['tool / Hugo cold (wall)', '×'],
  warmPerHugo: ['tool body edit / Hugo cold', '×'],
  docsgenWarmPerHugo: ['docsgen body edit / Hugo cold', '×'],
  readyS: ['ready', 's'],
  wallMs: ['wall', 'ms'],
  cpuMs: ['CPU', 'ms'],
  nodeWallMs: ['node -e 0 wall (the floor)', 'ms'],
  editMs: ['edit → DOM median', 'ms'],
  jsKiB: ['JS gzip', 'KiB'],
  cssKiB: ['CSS gzip', 'KiB'],
  htmlKiB: ['HTML gzip', 'KiB'],
  searchKiB: ['search fetch gzip', 'KiB'],
  queries: ['queries', ''],
  success1Pct: ['success@1', '%'],
  success5Pct: ['success@5', '%'],
  mrr: ['MRR', ''],
  noResults: ['queries with no result', ''],
  firstQueryKiB: ['first query gzip, costliest', 'KiB'],
  firstQueryMedianKiB: ['first query gzip, median', 'KiB'],
  latencyMedianMs: ['query latency, median', 'ms'],
  latencyMaxMs: ['query latency, slowest', 'ms'],
  pagefindSuccess1Pct: ['Pagefind success@1', '%'],
  pagefindSuccess5Pct: ['Pagefind success@5', '%'],
  pagefindMrr: ['Pagefind MRR', ''],
  pagefindNoResults: ['Pagefind queries with no result', ''],
  pagefindFirstQueryKiB: ['Pagefind first query, costliest', 'KiB'],
  pagefindFirstQueryMedianKiB: ['Pagefind first query, median', 'KiB'],
  pagefindLatencyMedianMs: ['Pagefind latency, median', 'ms'],
  pagefindLatencyMaxMs: ['Pagefind latency, slowest', 'ms'],
  mrrOverPagefind: ['MRR minus Pagefind MRR', ''],
  nodeHashMs: ['Node workload (calibration)', 'ms'],
  hugo1kColdS: ['Hugo cold 1k (calibration)', 's'],
};

function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'n/a';
  // Ratios below 1 without a unit (MRR) need three digits to tell engines apart.
  const digits = unit === 's' || unit === '×' ? 2 : unit === '' && Math.abs(value) < 1 ? 3 : 1;
  return `${Number.isInteger(value) ? value : value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function pad(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
}

/** The results as a plain-text table: one row per figure, with its target and pass/miss where it has one. */
export function formatTable(results: ScenarioResult[], outcomes: TargetOutcome[]): string {
  const rows: string[][] = [['scenario', 'figure', 'value', 'target', 'result']];
  for (const result of results) {
    if (result.status !== 'ok') {
      rows.push([result.name, result.status, '', '', result.note ?? '']);
      for (const [key, value] of Object.entries(result.figures))
        rows.push([
          result.name,
          `${LABELS[key]?.[0] ?? key} (failed run)`,
          formatValue(value, LABELS[key]?.[1] ?? ''),
          '',
          '',
        ]);
      continue;
    }
    for (const [key, value] of Object.entries(result.figures)) {
      const [label, unit] = LABELS[key] ?? [key, ''];
      const outcome = outcomes.find((candidate) => candidate.scenario === result.name && candidate.figure === key);
      const verdict = !outcome
        ? ''
        : outcome.status === 'miss'
          ? outcome.over === null
            ? 'MISS'
            : `MISS (${outcome.bound === 'min' ? '−' : '+'}${Math.round(outcome.over * 100)} %)`
          : outcome.status;
      rows.push([
        result.name,
        label,
        formatValue(value, unit),
        outcome ? `${boundSign(outcome)} ${outcome.limit}${outcome.unit ? ` ${outcome.unit}` : ''}` : '',
        verdict,
      ]);
    }
    if (result.note) rows.push([result.name, 'note', result.note, '', '']);
  }
  const widths = rows[0].map((_, column) => Math.min(36, Math.max(...rows.map((row) => row[column].length))));
  return rows.map((row) => pad(row, widths)).join('\n');
}
