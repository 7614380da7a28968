import { formatDiagnostic, sortDiagnostics } from '../diagnostics.js';
import { PLAIN, type Colors } from '../report/colors.js';
import type { SampleCount } from '../pipeline/code-samples.js';
import type { Notice } from '../report/notices.js';
import type { Diagnostic } from '../types.js';
import { plural } from '../strings.js';
import { showControlChars } from '../visible-text.js';

/** `--format` of `build` and `check`: `text` for people, `json` for scripts (json-report.ts), `github` for annotations. */
export type ReportFormat = 'text' | 'json' | 'github';

/**
 * `text`: problems grouped by source file, each `file:line:column  message
 * [rule]`, then a summary line. Problems without a file (theme links) come
 * last, under "(site)".
 */
export function formatText(diagnostics: Diagnostic[], summary: { pages: number; seconds: number; notices?: Notice[]; samples?: SampleCount }, c: Colors = PLAIN): string {
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
      const label = d.severity === 'error' ? c.red('error  ') : c.yellow('warning');
      lines.push(`  ${label}  ${formatDiagnostic(d).replace(/\n/g, '\n  ')}`);
    }
    lines.push('');
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - errors;
  const verdict = errors ? c.red('✘') : '✔';
  const notices = (summary.notices ?? []).map((n) => `; ${c.yellow(n.message)}`).join('');
  const samples = summary.samples ? `, ${describeSamples(summary.samples)}` : '';
  lines.push(`${verdict} ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(summary.pages, 'page')}${samples} ${c.dim(`(${summary.seconds.toFixed(2)} s)`)}${notices}`);
  return lines.join('\n') + '\n';
}

/** `12 code samples type-checked, 3 opted out`: what `check` and `build` say about the samples. */
export function describeSamples(count: SampleCount): string {
  return `${plural(count.checked, 'code sample')} type-checked, ${count.optedOut} opted out`;
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
