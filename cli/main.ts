import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { build, exitCodeOf } from './commands/build.js';
import { createConsoleReporter, green, printDiagnostics, red, reportFailure } from './commands/report.js';
import { EXIT_USAGE } from './errors.js';
import { docsgenVersion } from './package-root.js';

/** argv → command. Returns the exit code; never calls process.exit itself. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('docsgen')
    .description('Build the VisionCamera documentation website')
    .version(docsgenVersion())
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  let exitCode = 0;
  program
    .command('build')
    .description('build the site into the out dir')
    .option('--root <dir>', 'site root', process.cwd())
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .option('--out-dir <dir>', 'output folder (default: <root>/dist)')
    .option('--no-cache', 'ignore and rebuild every cache')
    .option('--verbose', 'print stack traces for unexpected errors', false)
    .action(async (opts: { root: string; config?: string; outDir?: string; cache: boolean; verbose: boolean }) => {
      try {
        const result = await build({ root: opts.root, config: opts.config, outDir: opts.outDir, noCache: !opts.cache, reporter: createConsoleReporter() });
        printDiagnostics(result.diagnostics);
        const summary = `${result.ok ? green('✔') : red('✘')} ${result.ok ? `${result.pages} pages written to ${result.outDir}` : 'build failed; the previous output was left untouched'}, ${result.errors} errors, ${result.warnings} warnings, ${(result.duration / 1000).toFixed(2)} s`;
        process.stderr.write(`${summary}\n`);
        exitCode = exitCodeOf(result);
      } catch (error) {
        exitCode = reportFailure(error, opts.verbose);
      }
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    if (error instanceof InvalidArgumentError) return EXIT_USAGE;
    return reportFailure(error, argv.includes('--verbose'));
  }
  if (argv.length === 0) program.outputHelp();
  return exitCode;
}


