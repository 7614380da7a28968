import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { build, exitCodeOf } from './commands/build.js';
import { createConsoleReporter, green, printDiagnostics, red, reportFailure } from './commands/report.js';
import { EXIT_USAGE } from './errors.js';
import { exitAfterCleanup } from './interrupt.js';
import { showControlChars } from './visible-text.js';
import { docsgenVersion } from './package-root.js';
import { parseAllowedHostsList, type AllowedHosts } from './serve/allowed-hosts.js';

// dev, check and serve load their modules (watcher, servers) only when run, so `build` starts quickly.
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
        const summary = `${result.ok ? green('✔') : red('✘')} ${result.ok ? `${result.pages} pages written to ${showControlChars(result.outDir)}` : 'build failed; the previous output was left untouched'}, ${result.errors} errors, ${result.warnings} warnings, ${(result.duration / 1000).toFixed(2)} s`;
        process.stderr.write(`${summary}\n`);
        exitCode = exitCodeOf(result);
      } catch (error) {
        exitCode = reportFailure(error, opts.verbose);
      }
    });

  program
    .command('dev')
    .description('serve the site with live reload while you write')
    .option('--root <dir>', 'site root', process.cwd())
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .option('--port <port>', 'port (the next free one when busy)', parsePort, 3000)
    .option('--strict-port', STRICT_PORT_HELP, false)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--open', OPEN_HELP, false)
    .option('--no-cache', 'ignore and rebuild every cache')
    .option('--verbose', 'print stack traces for unexpected errors', false)
    .action(async (opts: { root: string; config?: string; port: number; strictPort: boolean; host: string; allowedHosts?: AllowedHosts; open: boolean; cache: boolean; verbose: boolean }) => {
      try {
        exitCode = await (await import('./commands/dev.js')).runDev({ root: opts.root, config: opts.config, port: opts.port, strictPort: opts.strictPort, host: opts.host, allowedHosts: opts.allowedHosts, open: opts.open, noCache: !opts.cache });
      } catch (error) {
        exitCode = reportFailure(error, opts.verbose);
      }
    });

  program
    .command('check')
    .description('run every check without writing the site (exit 1 on errors)')
    .option('--root <dir>', 'site root', process.cwd())
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'github']).default('text'))
    .option('--external', 'also request external links', false)
    .option('--no-cache', 'ignore and rebuild every cache')
    .option('--verbose', 'print stack traces for unexpected errors', false)
    .action(async (opts: { root: string; config?: string; format: 'text' | 'json' | 'github'; external: boolean; cache: boolean; verbose: boolean }) => {
      exitCode = await (await import('./commands/check.js')).runCheck({ root: opts.root, config: opts.config, format: opts.format, external: opts.external, noCache: !opts.cache, verbose: opts.verbose });
    });

  program
    .command('serve')
    .description('preview the built site with the same routing as dev')
    .option('--root <dir>', 'site root', process.cwd())
    .option('--out-dir <dir>', 'the built site (default: <root>/dist)')
    .option('--port <port>', 'port (the next free one when busy)', parsePort, 3000)
    .option('--strict-port', STRICT_PORT_HELP, false)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--open', OPEN_HELP, false)
    .option('--verbose', 'print stack traces for unexpected errors', false)
    .action(async (opts: { root: string; outDir?: string; port: number; strictPort: boolean; host: string; allowedHosts?: AllowedHosts; open: boolean; verbose: boolean }) => {
      try {
        exitCode = await (await import('./commands/serve.js')).runServe({ root: opts.root, outDir: opts.outDir, port: opts.port, strictPort: opts.strictPort, host: opts.host, allowedHosts: opts.allowedHosts, open: opts.open });
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

/**
 * For an exception or a rejection that nothing caught (a bug): printed like any
 * unexpected failure (its stack with --verbose), then the cleanups run (lock,
 * temporary output) and the process exits 2, not Node's 1 with a raw stack.
 */
export function handleCrash(error: unknown): void {
  void exitAfterCleanup(reportFailure(error, process.argv.includes('--verbose')));
}

/** `--port`: an integer from 0 (any free port) to 65535. */
function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return port;
}

const STRICT_PORT_HELP = 'exit (code 2) when the port is busy instead of taking the next free one';
const OPEN_HELP = 'open the site in a browser ($BROWSER if set; BROWSER=none opens nothing)';
const ALLOWED_HOSTS_HELP = "also answer requests for these host names, comma-separated ('.example.com' includes subdomains; '*' any host)";

/** `--allowed-hosts`: host names (see allowed-hosts.ts), or `*`. */
function parseAllowedHosts(value: string): AllowedHosts {
  const parsed = parseAllowedHostsList(value);
  if (parsed !== true && 'invalid' in parsed) throw new InvalidArgumentError(`expected host names separated by commas (or '*'), not ${JSON.stringify(parsed.invalid)}`);
  return parsed;
}
