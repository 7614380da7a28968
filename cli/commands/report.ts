import { describeErrorChain, DocsgenError, EXIT_USAGE } from '../errors.js';
import { formatDiagnostic } from '../diagnostics.js';
import { missingOwnFileError } from '../missing-own-file.js';
import { colorsFor } from '../report/colors.js';
import { describeFoldedSamples } from '../report/fold-sample-errors.js';
import { describeUnshown, groupDiagnostics, SHOWN_PER_RULE } from '../report/group-diagnostics.js';
import type { Diagnostic } from '../types.js';
import { showControlChars } from '../visible-text.js';

// Painters for stderr, where every command's messages go; decided when called, after main.ts read --color.
export const red = (t: string) => colorsFor(process.stderr).red(t);
export const yellow = (t: string) => colorsFor(process.stderr).yellow(t);
export const dim = (t: string) => colorsFor(process.stderr).dim(t);
export const green = (t: string) => colorsFor(process.stderr).green(t);

/** Prints diagnostics one a line, a repeated one once with its count, at most `limit` per rule and severity, a page's many sample errors as one (group-diagnostics.ts). */
export function printDiagnostics(
  diagnostics: Diagnostic[],
  stream: NodeJS.WriteStream = process.stderr,
  limit = SHOWN_PER_RULE,
): void {
  const c = colorsFor(stream);
  const { shown, unshown, folded } = groupDiagnostics(diagnostics, limit);
  for (const { diagnostic: d, count } of shown) {
    const label = d.severity === 'error' ? c.red('error') : c.yellow('warning');
    stream.write(`${label}  ${formatDiagnostic(d, count)}\n`);
  }
  for (const u of unshown) stream.write(c.dim(describeUnshown(u)) + '\n');
  for (const f of folded) stream.write(c.dim(describeFoldedSamples(f)) + '\n');
}

/**
 * Prints a failure without a stack trace (unless verbose) and returns its exit code. A module of docsgen's that
 * went missing while it ran is said so (missing-own-file.ts), never called a bug.
 */
export function reportFailure(failure: unknown, verbose: boolean): number {
  const error = missingOwnFileError(failure) ?? failure;
  if (error instanceof DocsgenError) {
    printDiagnostics(
      error.diagnostics.map((d) => ({ ...d, severity: 'error' })),
      process.stderr,
      verbose ? Infinity : undefined,
    );
    process.stderr.write(`${red('error')}  ${describeErrorChain(error, showControlChars)}\n`);
    if (error.hint) process.stderr.write(`    hint: ${showControlChars(error.hint)}\n`);
    if (verbose && error.cause instanceof Error && error.cause.stack)
      process.stderr.write(dim(error.cause.stack) + '\n');
    return error.exitCode;
  }
  process.stderr.write(`${red('error')}  ${describeErrorChain(error, showControlChars)}\n`);
  if (verbose && error instanceof Error && error.stack) process.stderr.write(dim(error.stack) + '\n');
  else
    process.stderr.write(
      dim('    (run with --verbose for the stack trace; this is a bug in docsgen, please report it)\n'),
    );
  return EXIT_USAGE;
}

/**
 * A failure that stopped a run, as diagnostics for the json and github
 * formats, saying what reportFailure prints: the error's own diagnostics
 * (an invalid config's keys, with places), then the failure itself with its
 * hint (`fatal`), or `internal-error` for one docsgen did not expect.
 */
export function failureDiagnostics(failure: unknown): Diagnostic[] {
  const error = missingOwnFileError(failure) ?? failure;
  if (!(error instanceof DocsgenError)) {
    return [
      {
        severity: 'error',
        rule: 'internal-error',
        message: describeErrorChain(error),
        hint: 'this is a bug in docsgen, please report it (run with --verbose for the stack trace)',
      },
    ];
  }
  return [
    ...error.diagnostics.map((d): Diagnostic => ({ ...d, severity: 'error' })),
    {
      severity: 'error',
      rule: 'fatal',
      message: describeErrorChain(error),
      ...(error.hint ? { hint: error.hint } : {}),
    },
  ];
}
