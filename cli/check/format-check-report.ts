import { formatDiagnostic, sortDiagnostics } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import { escapeJsonControls, showControlChars } from '../visible-text.js';

export type CheckFormat = 'text' | 'json' | 'github';

/** One entry of `--format json`: always these keys, `null` when unknown. */
export interface JsonDiagnostic {
  rule: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  route: string | null;
  target: string | null;
}

/** Something a reviewer should know that is not a problem in content (`markdown.trustContent` is on). */
export interface Notice {
  rule: string;
  message: string;
}

export interface ReportStyle {
  error: (text: string) => string;
  warning: (text: string) => string;
  dim: (text: string) => string;
}

const plain: ReportStyle = { error: (t) => t, warning: (t) => t, dim: (t) => t };

/**
 * `text`: problems grouped by source file, each `file:line:column  message
 * [rule]`, then a summary line. Problems without a file (theme links) come
 * last, under "(site)".
 */
export function formatText(diagnostics: Diagnostic[], summary: { pages: number; seconds: number; notices?: Notice[] }, style: ReportStyle = plain): string {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of sortDiagnostics(diagnostics)) {
    const key = d.file ?? '(site)';
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === '(site)' ? 1 : b === '(site)' ? -1 : a.localeCompare(b)));
  const lines: string[] = [];
  for (const key of keys) {
    lines.push(showControlChars(key));
    for (const d of groups.get(key)!) {
      const label = d.severity === 'error' ? style.error('error  ') : style.warning('warning');
      lines.push(`  ${label}  ${formatDiagnostic(d).replace(/\n/g, '\n  ')}`);
    }
    lines.push('');
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const verdict = errors ? style.error('✘') : '✔';
  const notices = (summary.notices ?? []).map((n) => `; ${style.warning(n.message)}`).join('');
  lines.push(`${verdict} ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(summary.pages, 'page')} ${style.dim(`(${summary.seconds.toFixed(2)} s)`)}${notices}`);
  return lines.join('\n') + '\n';
}

/** `json`: `{"errors": [...], "warnings": [...]}`, sorted by place, and `"notices": [...]` when there are any; values exact, every control character escaped. */
export function formatJson(diagnostics: Diagnostic[], notices: Notice[] = []): string {
  const toEntry = (d: Diagnostic): JsonDiagnostic => ({
    rule: d.rule,
    message: d.message,
    file: d.file ?? null,
    line: d.line ?? null,
    column: d.line !== undefined ? (d.column ?? 1) : null,
    route: d.route ?? null,
    target: d.target ?? null,
  });
  const sorted = sortDiagnostics(diagnostics);
  const report = { errors: sorted.filter((d) => d.severity === 'error').map(toEntry), warnings: sorted.filter((d) => d.severity === 'warning').map(toEntry), ...(notices.length ? { notices } : {}) };
  return escapeJsonControls(JSON.stringify(report, null, 2)) + '\n';
}

/**
 * `github`: workflow commands that GitHub Actions shows as annotations on the
 * pull request, one line each: `%`, CR and LF percent-encoded as GitHub
 * decodes them (and `:`, `,` in properties), other control characters shown
 * escaped.
 */
export function formatGithub(diagnostics: Diagnostic[], notices: Notice[] = []): string {
  const annotations = notices.map((n) => `::notice title=${escapeProperty(n.rule)}::${escapeData(n.message)}\n`).join('');
  return annotations + sortDiagnostics(diagnostics)
    .map((d) => {
      const props = [d.file && `file=${escapeProperty(d.file)}`, d.line !== undefined && `line=${d.line}`, d.line !== undefined && `col=${d.column ?? 1}`, `title=${escapeProperty(d.rule)}`].filter(Boolean).join(',');
      return `::${d.severity} ${props}::${escapeData(d.message)}\n`;
    })
    .join('');
}

function escapeData(text: string): string {
  return showControlChars(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
