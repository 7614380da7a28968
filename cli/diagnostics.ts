import type { Diagnostic } from './types.js';
import { showControlChars as show } from './visible-text.js';

/** How a validation rule reacts to a problem (Docusaurus names; the config's `onBrokenLinks` and the like). */
export const SEVERITIES = ['ignore', 'log', 'warn', 'throw'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * `file:line:column  message  [rule]`, the one format every command prints,
 * with ` (12 times)` after it when the same diagnostic was found `count` times.
 * Every field may quote content (a file name, a link target), so control
 * characters in it are shown escaped: the output's only line breaks are its own.
 */
export function formatDiagnostic(d: Diagnostic, count = 1): string {
  const place = d.file
    ? [show(d.file), d.line, d.line !== undefined ? (d.column ?? 1) : undefined]
        .filter((p) => p !== undefined)
        .join(':')
    : show(d.route ?? '');
  const head = `${place ? place + '  ' : ''}${show(d.message)}  [${show(d.rule)}]${count > 1 ? ` (${count} times)` : ''}`;
  return d.hint ? `${head}\n    hint: ${show(d.hint)}` : head;
}

/** Applies a rule's configured severity: null when ignored. */
export function withSeverity(d: Omit<Diagnostic, 'severity'>, setting: Severity): Diagnostic | null {
  if (setting === 'ignore') return null;
  return { ...d, severity: setting === 'throw' ? 'error' : 'warning' };
}

export function countBySeverity(diagnostics: Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of diagnostics) if (d.severity === 'error') errors++;
  return { errors, warnings: diagnostics.length - errors };
}

/** Each problem once: the same message of the same rule at the same place is reported once. */
export function withoutRepeats(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = JSON.stringify([d.file, d.line, d.column, d.rule, d.message]);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** Sorts by file, then line, then column, so output is stable. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) =>
      (a.file ?? a.route ?? '').localeCompare(b.file ?? b.route ?? '') ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0),
  );
}

/** The rule of a code sample that does not compile (its severity is `onCodeSampleErrors`). */
export const CODE_SAMPLE_ERROR_RULE = 'code-sample-type-error';

/** Rules whose severity comes from the config (the link checker applies its own). */
export function applyRuleSettings(
  diagnostics: Diagnostic[],
  config: { onBrokenMarkdownLinks: Severity; onCodeSampleErrors: Severity },
): Diagnostic[] {
  const settings: Record<string, Severity> = {
    'broken-markdown-link': config.onBrokenMarkdownLinks,
    [CODE_SAMPLE_ERROR_RULE]: config.onCodeSampleErrors,
  };
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const setting = Object.hasOwn(settings, d.rule) ? settings[d.rule] : undefined;
    const adjusted = setting ? withSeverity(d, setting) : d;
    if (adjusted) out.push(adjusted);
  }
  return out;
}
