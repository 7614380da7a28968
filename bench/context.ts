import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { median, type ProcessMeasurement } from './measure.js';

/** Everything a scenario needs to know about this benchmark run. */
export interface BenchContext {
  /** This repository (its site is the one measured by site-*, check, dev and weight). */
  repoRoot: string;
  /** The docsgen checkout whose `bin/docsgen.mjs` is measured (default: this repository). */
  docsgenRoot: string;
  /** Scratch folder for generated sites and outputs (`bench/tmp`, gitignored). */
  tmpDir: string;
  /** Repetitions for a scenario: `--runs N` if given, else the scenario's default. */
  runs(defaultRuns: number): number;
  /** Edits timed by the dev scenario. */
  edits: number;
  /** Progress line on stderr. */
  log(message: string): void;
}

/** The outcome of one scenario: named figures (null when not measured) and what happened. */
export interface ScenarioResult {
  name: string;
  status: 'ok' | 'failed' | 'not available';
  /** Why a scenario failed or is not available, or a remark on how it was measured. */
  note?: string;
  figures: Record<string, number | null>;
  /** Per-run figures, for results.json. */
  runs?: Array<Record<string, number | string | null>>;
  /** Extra output kept for results.json (e.g. another script's report). */
  details?: unknown;
}

/** Where `docsgen build` writes this repository's site during the benchmark (kept apart from `dist/`). */
export function siteOutDir(context: BenchContext): string {
  return path.join(context.tmpDir, 'site-dist');
}

/** A run's figures without its captured output, for results.json. */
export function runFigures(run: ProcessMeasurement): Record<string, number | null> {
  return { wallS: round(run.wallS), cpuS: round(run.cpuS), peakRssMiB: round(run.peakRssMiB), exitCode: run.exitCode };
}

/** Rounds to 3 decimals, keeping null. */
export function round(value: number | null, digits = 3): number | null {
  return value === null ? null : Number(value.toFixed(digits));
}

/** The last lines of a failed command's output, for a one-line note. */
export function failureNote(run: ProcessMeasurement): string {
  if (run.timedOut) return `did not finish within ${(run.wallS / 60).toFixed(0)} min (killed)`;
  const lines = `${run.stderr}\n${run.stdout}`
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = lines.filter((line) => /error/i.test(line));
  return `exit ${run.exitCode}: ${(errors.length ? errors : lines).slice(-2).join(' | ').slice(0, 300)}`;
}

/** The command's own duration from docsgen's summary line (build: `..., 0 warnings, 0.86 s`; check: `... 0 warnings in 15 pages (0.35 s)`), or null. */
export function reportedSeconds(run: ProcessMeasurement): number | null {
  // The summary line: `✔ 100 pages written to dist, 0 errors, 1 warning, 79 code samples type-checked, 16 opted out, 0.48 s`
  // (build) or `✔ 0 errors, 1 warning in 100 pages, … (0.33 s)` (check): its last figure in seconds.
  const lines = `${run.stderr}\n${run.stdout}`.split('\n').filter((line) => /\bwarnings?\b/.test(line));
  const seconds = lines
    .map((line) => /[,(]\s*([\d.]+) s\)?\s*$/.exec(line)?.[1])
    .filter((v): v is string => v !== undefined);
  return seconds.length ? Number(seconds[seconds.length - 1]) : null;
}

/** True when `docsgen <command> --help` prints that command's usage (commander prints the general help, exit 0, for unknown ones). */
export function commandAvailable(docsgenRoot: string, command: string): boolean {
  const result = spawnSync(process.execPath, [path.join(docsgenRoot, 'bin/docsgen.mjs'), command, '--help'], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return result.status === 0 && result.stdout.includes(`Usage: docsgen ${command}`);
}

/** Stage timings from docsgen's progress lines (`• markdown  4501 ms  (7.2–11.7 s)`), in milliseconds. */
export function stageTimings(run: ProcessMeasurement): Record<string, number> {
  const stages: Record<string, number> = {};
  for (const match of run.stderr.matchAll(/^\s*•\s+(.+?)\s+(\d+(?:\.\d+)?)\s*ms\b/gm))
    stages[match[1]] = Number(match[2]);
  return stages;
}

/** Each stage's median over several runs (stages some runs lack count over the runs that have them), in milliseconds. */
export function medianStageTimings(runs: ProcessMeasurement[]): Record<string, number> {
  const byStage = new Map<string, number[]>();
  for (const run of runs)
    for (const [stage, ms] of Object.entries(stageTimings(run)))
      byStage.set(stage, [...(byStage.get(stage) ?? []), ms]);
  return Object.fromEntries([...byStage].map(([stage, values]) => [stage, median(values) ?? 0]));
}
