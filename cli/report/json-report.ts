import { sortDiagnostics } from '../diagnostics.js';
import type { SampleCount } from '../samples/code-samples.js';
import type { Diagnostic, Notice, Timings } from '../types.js';
import { escapeJsonControls } from '../visible-text.js';

/**
 * `docsgen build --format json` and `docsgen check --format json`: one shape
 * for both, printed as exactly one JSON document on stdout whatever happened
 * (success, content errors, an invalid config, a refused out dir, a usage
 * error, a bug in docsgen). Stage lines and messages for people go to stderr.
 */
export interface JsonReport {
  /**
   * The version of this shape: raised when a field is removed or changes
   * meaning. New fields may appear without a raise, so read what you need
   * and ignore the rest.
   */
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  /** The command that ran: `build` or `check`. */
  command: 'build' | 'check';
  /** True when there is no error (warnings allowed); the same as `exitCode === 0`. */
  ok: boolean;
  /** The process's exit code: 0 success, 1 content errors, 2 usage, config or environment error (or a bug in docsgen). */
  exitCode: number;
  /** Every error, sorted by file, line and column. Never empty when `ok` is false. */
  errors: JsonDiagnostic[];
  /** Every warning, sorted the same way. */
  warnings: JsonDiagnostic[];
  /** What a reviewer should know that is no problem (`trust-content`: the site does not sanitise its pages); often empty. */
  notices: Notice[];
  summary: JsonSummary;
}

/** One problem. Every key is always present: `null` when unknown. */
export interface JsonDiagnostic {
  /** `error` (fails the run) or `warning`; the same as the list it is in. */
  severity: 'error' | 'warning';
  /**
   * Short machine name of the rule: `broken-link`, `invalid-mdx`,
   * `invalid-config`… `fatal` is a failure that stopped the run before it
   * finished (exit 2: usage, config or environment; `message` and `hint` say
   * which), `internal-error` a bug in docsgen.
   */
  rule: string;
  /** What is wrong, exactly as found (content's control characters kept; the JSON text escapes them). */
  message: string;
  /** The file, relative to the site root (absolute when outside it). */
  file: string | null;
  /** 1-based line in `file`. */
  line: number | null;
  /** 1-based column in `file` (1 when only the line is known). */
  column: number | null;
  /** The page whose rendered HTML holds the problem, as a route (`/docs/guides/formats`). */
  route: string | null;
  /** The link or image target, for link rules. */
  target: string | null;
  /** What to do about it. */
  hint: string | null;
}

export interface JsonSummary {
  /** Pages the site has; null when the run stopped before its pages were known. */
  pages: number | null;
  /** `errors.length` and `warnings.length`. */
  errors: number;
  warnings: number;
  /** The whole run, wall clock, in seconds. */
  seconds: number;
  /**
   * Each stage that finished, in the order it finished, with its time in
   * seconds. Some stages run side by side (`markdown` and `api`), so the
   * times may add up to more than `seconds`.
   */
  stages: { name: string; seconds: number }[];
  /** `build`: the folder the site was written to; null when nothing was written, and for `check`. */
  outDir: string | null;
  /**
   * The code samples: blocks type-checked, blocks opted out (`nocheck`, `codeSamples.apiExamples.skip`), and whether
   * TypeScript was started (a run whose results all came from the cache never starts it). Null when samples are not
   * checked (no `api`, `codeSamples.check: false`) or the run stopped before they were.
   */
  samples: SampleCount | null;
}

export const REPORT_SCHEMA_VERSION = 1;

/** What a run ended with, for its report. */
export interface ReportInput {
  command: JsonReport['command'];
  exitCode: number;
  diagnostics: Diagnostic[];
  notices?: Notice[];
  pages?: number;
  outDir?: string;
  samples?: SampleCount;
  /** Milliseconds. */
  duration: number;
  timings: Timings;
}

export function createJsonReport(input: ReportInput): JsonReport {
  const sorted = sortDiagnostics(input.diagnostics);
  const errors = sorted.filter((d) => d.severity === 'error').map(toJsonDiagnostic);
  const warnings = sorted.filter((d) => d.severity === 'warning').map(toJsonDiagnostic);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    command: input.command,
    ok: input.exitCode === 0,
    exitCode: input.exitCode,
    errors,
    warnings,
    notices: input.notices ?? [],
    summary: {
      pages: input.pages ?? null,
      errors: errors.length,
      warnings: warnings.length,
      seconds: toSeconds(input.duration),
      stages: Object.entries(input.timings).map(([name, ms]) => ({ name, seconds: toSeconds(ms) })),
      outDir: input.outDir ?? null,
      samples: input.samples ?? null,
    },
  };
}

/** The report as JSON text: values exact once parsed, no raw control character in the text (visible-text.ts). */
export function formatJson(report: JsonReport): string {
  return escapeJsonControls(JSON.stringify(report, null, 2)) + '\n';
}

function toJsonDiagnostic(d: Diagnostic): JsonDiagnostic {
  return {
    severity: d.severity,
    rule: d.rule,
    message: d.message,
    file: d.file ?? null,
    line: d.line ?? null,
    column: d.line !== undefined ? (d.column ?? 1) : null,
    route: d.route ?? null,
    target: d.target ?? null,
    hint: d.hint ?? null,
  };
}

function toSeconds(ms: number): number {
  return Math.round(ms) / 1000;
}
