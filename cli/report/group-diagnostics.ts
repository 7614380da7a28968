import { formatDiagnostic, sortDiagnostics } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import { foldSampleErrors, type FoldedSamples } from './fold-sample-errors.js';

/**
 * What the text and github formats print of many diagnostics, for a reader
 * of a CI log: a diagnostic found several times (the same severity, place,
 * message, rule and hint: a partial's error on every page that imports it)
 * once, with its count; and at most `limit` of each rule and severity, the
 * rest as one line with their count, so a thousand warnings of one rule do
 * not bury the one error of another; and a page's many code sample errors
 * as one line (fold-sample-errors.ts). The json format keeps every occurrence.
 */

/** A diagnostic and how many times it was found. */
export interface Repeated {
  diagnostic: Diagnostic;
  count: number;
}

/** Diagnostics of one rule and severity past the limit: not printed, only counted. */
export interface Unshown {
  severity: Diagnostic['severity'];
  rule: string;
  count: number;
}

/** How many diagnostics of one rule and severity the text and github formats print (`--verbose`: all). */
export const SHOWN_PER_RULE = 20;

/**
 * Each distinct diagnostic once with its count, sorted by place, then at most `limit` per rule and severity. Below
 * an infinite limit (`--verbose`), a page's code sample errors past a few are summed up in one (`folded` counts them).
 */
export function groupDiagnostics(
  diagnostics: Diagnostic[],
  limit = SHOWN_PER_RULE,
): { shown: Repeated[]; unshown: Unshown[]; folded: FoldedSamples[] } {
  const {
    diagnostics: listed,
    folded,
    weights,
  } = Number.isFinite(limit)
    ? foldSampleErrors(diagnostics)
    : { diagnostics, folded: [], weights: new Map<Diagnostic, number>() };
  const byText = new Map<string, Repeated>();
  for (const d of sortDiagnostics(listed)) {
    const key = `${d.severity}\n${formatDiagnostic(d)}`;
    const seen = byText.get(key);
    if (seen) seen.count++;
    else byText.set(key, { diagnostic: d, count: 1 });
  }
  const shown: Repeated[] = [];
  const perRule = new Map<string, Unshown & { shown: number }>();
  for (const group of byText.values()) {
    const { severity, rule } = group.diagnostic;
    const key = `${severity}\n${rule}`;
    let tally = perRule.get(key);
    if (!tally) perRule.set(key, (tally = { severity, rule, count: 0, shown: 0 }));
    if (tally.shown < limit) {
      tally.shown++;
      shown.push(group);
    } else tally.count += group.count * (weights.get(group.diagnostic) ?? 1);
  }
  const unshown = [...perRule.values()]
    .filter((t) => t.count > 0)
    .map(({ severity, rule, count }) => ({ severity, rule, count }));
  return { shown, unshown, folded };
}

/** `… and 480 more warnings [external-link-unchecked] not shown (--verbose lists every one; --format json too)`. */
export function describeUnshown(u: Unshown): string {
  return `… and ${u.count} more ${u.severity}${u.count === 1 ? '' : 's'} [${u.rule}] not shown (--verbose lists every one; --format json too)`;
}
