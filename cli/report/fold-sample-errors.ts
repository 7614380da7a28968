import { CODE_SAMPLE_ERROR_RULE, sortDiagnostics } from '../diagnostics.js';
import { plural } from '../strings.js';
import type { Diagnostic } from '../types.js';

/**
 * A site that turns sample checking on meets hundreds of type errors at
 * first, most of them fragments that lack their imports: one line per error
 * would bury everything else in a CI log. The text and github formats show
 * a page's code sample errors of one severity as one line when there are
 * more than `SAMPLE_ERRORS_PER_PAGE` (how many, in how many samples, and the
 * first with its place), then one line saying how to see each and what to
 * do. `--verbose` prints each; the json format always lists every one.
 */

/** A page with more code sample errors of one severity than this shows them as one line. */
export const SAMPLE_ERRORS_PER_PAGE = 3;

/** The pages whose sample errors of one severity were summed up, and how many errors that hid. */
export interface FoldedSamples {
  severity: Diagnostic['severity'];
  pages: number;
  errors: number;
}

/**
 * The diagnostics with each crowded page's sample errors summed up in one, what was summed up, and how many errors
 * each summary stands for (a summary left out past the per-rule limit counts as that many).
 */
export function foldSampleErrors(
  diagnostics: Diagnostic[],
  perPage = SAMPLE_ERRORS_PER_PAGE,
): { diagnostics: Diagnostic[]; folded: FoldedSamples[]; weights: Map<Diagnostic, number> } {
  const byPage = new Map<string, Diagnostic[]>();
  const rest: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (d.rule !== CODE_SAMPLE_ERROR_RULE || d.file === undefined) {
      rest.push(d);
      continue;
    }
    const key = `${d.severity}\n${d.file}`;
    const list = byPage.get(key);
    if (list) list.push(d);
    else byPage.set(key, [d]);
  }
  const tallies = new Map<Diagnostic['severity'], FoldedSamples>();
  const weights = new Map<Diagnostic, number>();
  for (const list of byPage.values()) {
    if (list.length <= perPage) {
      rest.push(...list);
      continue;
    }
    const summary = summaryOf(list);
    rest.push(summary);
    weights.set(summary, list.length);
    const { severity } = list[0]!;
    const tally = tallies.get(severity) ?? { severity, pages: 0, errors: 0 };
    tally.pages++;
    tally.errors += list.length;
    tallies.set(severity, tally);
  }
  return { diagnostics: rest, folded: [...tallies.values()], weights };
}

/** `12 type errors in 4 samples, first at 88:21 Cannot find name 'useCodeScanner'. (TS2304)`, at the page. */
function summaryOf(list: Diagnostic[]): Diagnostic {
  const [first] = sortDiagnostics(list) as [Diagnostic];
  const samples = new Set(list.map((d) => d.block ?? d.line)).size;
  const at = first.line !== undefined ? ` at ${first.line}:${first.column ?? 1}` : '';
  return {
    severity: first.severity,
    rule: CODE_SAMPLE_ERROR_RULE,
    message: `${plural(list.length, 'type error')} in ${plural(samples, 'sample')}, first${at} ${first.message}`,
    file: first.file,
  };
}

/** The line after the problems when pages were summed up: how to see each error, and what fixes most of them. */
export function describeFoldedSamples(f: FoldedSamples): string {
  return (
    `… the code sample ${f.severity}s of ${plural(f.pages, 'page')} (${f.errors}) are summed up, one line a page: --verbose prints each, --format json lists every one. ` +
    'To fix most: imports many samples share go in a setup file (`setup=<name>`), a fragment\'s own above a `// ---cut---` line; mark pseudo-code nocheck="why" (see docsgen\'s documentation, docs/guides/code-samples)'
  );
}
