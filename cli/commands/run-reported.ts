import { formatGithub, type ReportFormat } from '../report/format-check-report.js';
import type { SampleCount } from '../samples/code-samples.js';
import { createConsoleReporter } from '../report/console-reporter.js';
import { createJsonReport, formatJson, type JsonReport } from '../report/json-report.js';
import type { Diagnostic, Notice, Reporter, Timings } from '../types.js';
import { failureDiagnostics, reportFailure } from './report.js';

/** How `build` or `check` reports, from its command line. */
export interface ReportedCommand {
  command: JsonReport['command'];
  format: ReportFormat;
  verbose?: boolean;
}

/** What a finished run (with or without content errors) reports. */
export interface RunOutcome {
  exitCode: number;
  diagnostics: Diagnostic[];
  notices: Notice[];
  pages: number;
  /** `build`: where the site was written, when it was. */
  outDir?: string;
  /** The code samples checked and opted out, when they are checked. */
  samples?: SampleCount;
}

/**
 * Runs `build` or `check` for the command line: stage lines on stderr as the
 * run goes (console-reporter.ts), then the report in the chosen format. The
 * json format prints exactly one document on stdout whatever happens, a
 * failure that stops the run included (also told on stderr, for people).
 * Returns the exit code.
 */
export async function runReported(
  cli: ReportedCommand,
  run: (reporter: Reporter) => Promise<RunOutcome>,
  printText: (outcome: RunOutcome, duration: number) => void,
): Promise<number> {
  const start = performance.now();
  const timings: Timings = {};
  const stages = createConsoleReporter();
  const reporter: Reporter = {
    ...stages,
    stageEnd(name, ms) {
      timings[name] = ms;
      stages.stageEnd(name, ms);
    },
  };
  let outcome: RunOutcome;
  try {
    outcome = await run(reporter);
  } catch (error) {
    stages.close();
    const exitCode = reportFailure(error, cli.verbose ?? false);
    printFailureReport(cli, {
      exitCode,
      diagnostics: failureDiagnostics(error),
      duration: performance.now() - start,
      timings,
    });
    return exitCode;
  }
  stages.close();
  const duration = performance.now() - start;
  if (cli.format === 'json')
    process.stdout.write(formatJson(createJsonReport({ command: cli.command, ...outcome, duration, timings })));
  else if (cli.format === 'github')
    process.stdout.write(formatGithub(outcome.diagnostics, outcome.notices, cli.verbose ? Infinity : undefined));
  else printText(outcome, duration);
  return outcome.exitCode;
}

/**
 * The report of a run that failed before it finished, in the json and github
 * formats (the text format has said it on stderr already). main.ts uses it
 * for usage errors too, so `--format json` never leaves stdout empty.
 */
export function printFailureReport(
  cli: Pick<ReportedCommand, 'command' | 'format'>,
  failure: { exitCode: number; diagnostics: Diagnostic[]; duration: number; timings?: Timings },
): void {
  if (cli.format === 'json')
    process.stdout.write(
      formatJson(createJsonReport({ command: cli.command, ...failure, timings: failure.timings ?? {} })),
    );
  else if (cli.format === 'github') process.stdout.write(formatGithub(failure.diagnostics));
}
