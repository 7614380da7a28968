import { describeErrorChain, DocsgenError, EXIT_USAGE } from '../errors.js';
import { formatDiagnostic, sortDiagnostics } from '../diagnostics.js';
import type { Reporter } from '../pipeline/stage-timer.js';
import type { Diagnostic } from '../types.js';
import { showControlChars } from '../visible-text.js';

const useColor = process.stderr.isTTY && !process.env.NO_COLOR;
const paint = (code: string, text: string) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : text);
export const red = (t: string) => paint('31', t);
export const yellow = (t: string) => paint('33', t);
export const dim = (t: string) => paint('2', t);
export const green = (t: string) => paint('32', t);

/** Prints each stage as it finishes, and a progress bar for long stages on a TTY. */
export function createConsoleReporter(stream: NodeJS.WriteStream = process.stderr): Reporter {
  let lastDraw = 0;
  return {
    stageEnd(name, ms) {
      if (stream.isTTY) stream.write('\r\x1b[K');
      stream.write(`${dim('•')} ${name.padEnd(14)} ${dim(`${ms} ms`)}\n`);
    },
    progress(done, total, label) {
      if (!stream.isTTY || total < 20) return;
      const now = Date.now();
      if (now - lastDraw < 50 && done < total) return;
      lastDraw = now;
      const width = 24;
      const filled = Math.round((done / total) * width);
      stream.write(`\r\x1b[K  ${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total}`);
    },
    note(line) {
      if (stream.isTTY) stream.write('\r\x1b[K');
      stream.write(`${yellow('!')} ${line}\n`);
    },
  };
}

export function printDiagnostics(diagnostics: Diagnostic[], stream: NodeJS.WriteStream = process.stderr): void {
  for (const d of sortDiagnostics(diagnostics)) {
    const label = d.severity === 'error' ? red('error') : yellow('warning');
    stream.write(`${label}  ${formatDiagnostic(d)}\n`);
  }
}

/** Prints a failure without a stack trace (unless verbose) and returns its exit code. */
export function reportFailure(error: unknown, verbose: boolean): number {
  if (error instanceof DocsgenError) {
    printDiagnostics(error.diagnostics.map((d) => ({ ...d, severity: 'error' })));
    process.stderr.write(`${red('error')}  ${describeErrorChain(error, showControlChars)}\n`);
    if (error.hint) process.stderr.write(`    hint: ${showControlChars(error.hint)}\n`);
    if (verbose && error.cause instanceof Error && error.cause.stack) process.stderr.write(dim(error.cause.stack) + '\n');
    return error.exitCode;
  }
  process.stderr.write(`${red('error')}  ${describeErrorChain(error, showControlChars)}\n`);
  if (verbose && error instanceof Error && error.stack) process.stderr.write(dim(error.stack) + '\n');
  else process.stderr.write(dim('    (run with --verbose for the stack trace; this is a bug in docsgen, please report it)\n'));
  return EXIT_USAGE;
}
