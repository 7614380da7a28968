import { CODE_SAMPLE_ERROR_RULE, countBySeverity, formatDiagnostic } from '../diagnostics.js';
import { PLAIN, type Colors } from './colors.js';
import { describeFoldedSamples } from './fold-sample-errors.js';
import { describeUnshown, groupDiagnostics, SHOWN_PER_RULE, type Repeated } from './group-diagnostics.js';
import type { SampleCount } from '../samples/code-samples.js';
import type { Diagnostic, Notice } from '../types.js';
import { plural } from '../strings.js';
import { showControlChars } from '../visible-text.js';

/** `--format` of `build` and `check`: `text` for people, `json` for scripts (json-report.ts), `github` for annotations. */
export type ReportFormat = 'text' | 'json' | 'github';

/**
 * `text`: problems grouped by source file, each `file:line:column  message
 * [rule]`, then a summary line. Problems without a file (theme links) come
 * last, under "(site)". A problem found several times is printed once with
 * its count, and at most `limit` per rule and severity (group-diagnostics.ts):
 * the rest are counted on a line of their own; a page's many code sample
 * errors are one line. The summary counts every one.
 */
export function formatText(
  diagnostics: Diagnostic[],
  summary: { pages: number; seconds: number; notices?: Notice[]; samples?: SampleCount },
  c: Colors = PLAIN,
  limit = SHOWN_PER_RULE,
): string {
  const { shown, unshown, folded } = groupDiagnostics(diagnostics, limit);
  const groups = new Map<string, Repeated[]>();
  for (const group of shown) {
    const key = group.diagnostic.file ?? '(site)';
    const list = groups.get(key);
    if (list) list.push(group);
    else groups.set(key, [group]);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === '(site)' ? 1 : b === '(site)' ? -1 : a.localeCompare(b)));
  const lines: string[] = [];
  for (const key of keys) {
    lines.push(showControlChars(key));
    for (const { diagnostic: d, count } of groups.get(key)!) {
      const label = d.severity === 'error' ? c.red('error  ') : c.yellow('warning');
      lines.push(`  ${label}  ${formatDiagnostic(d, count).replace(/\n/g, '\n  ')}`);
    }
    lines.push('');
  }
  const notes = [...unshown.map(describeUnshown), ...folded.map(describeFoldedSamples)];
  if (notes.length) lines.push(...notes.map((note) => c.dim(note)), '');
  const { errors, warnings } = countBySeverity(diagnostics);
  const verdict = errors ? c.red('✘') : '✔';
  const notices = (summary.notices ?? []).map((n) => `; ${c.yellow(n.message)}`).join('');
  const samples = summary.samples ? `, ${describeSamples(summary.samples)}` : '';
  lines.push(
    `${verdict} ${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(summary.pages, 'page')}${samples} ${c.dim(`(${summary.seconds.toFixed(2)} s)`)}${notices}`,
  );
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
 * escaped. Repeats, problems past `limit` per rule and a page's many sample
 * errors are folded as in `text`.
 */
export function formatGithub(diagnostics: Diagnostic[], notices: Notice[] = [], limit = SHOWN_PER_RULE): string {
  const annotations = notices
    .map((n) => `::notice title=${escapeProperty(n.rule)}::${escapeData(n.message)}\n`)
    .join('');
  const { shown, unshown, folded } = groupDiagnostics(diagnostics, limit);
  const lines = shown.map(({ diagnostic: d, count }) => {
    const props = [
      d.file && `file=${escapeProperty(d.file)}`,
      d.line !== undefined && `line=${d.line}`,
      d.line !== undefined && `col=${d.column ?? 1}`,
      `title=${escapeProperty(d.rule)}`,
    ]
      .filter(Boolean)
      .join(',');
    return `::${d.severity} ${props}::${escapeData(d.message)}${count > 1 ? ` (${count} times)` : ''}\n`;
  });
  const notes = [
    ...unshown.map((u) => ({ ...u, text: describeUnshown(u) })),
    ...folded.map((f) => ({ ...f, rule: CODE_SAMPLE_ERROR_RULE, text: describeFoldedSamples(f) })),
  ];
  return (
    annotations +
    lines.join('') +
    notes.map((n) => `::${n.severity} title=${escapeProperty(n.rule)}::${escapeData(n.text)}\n`).join('')
  );
}

function escapeData(text: string): string {
  return showControlChars(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
