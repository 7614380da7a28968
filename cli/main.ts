import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { red, reportFailure } from './commands/report.js';
import { EXIT_USAGE } from './errors.js';
import { exitAfterCleanup, isStopping, stopForLostOutput } from './interrupt.js';
import { docsgenVersion } from './package-root.js';
import { setColorFlag } from './report/colors.js';
import { describeLostOutput, guardOutputStreams } from './report/output-streams.js';
import { parseAllowedHostsList, type AllowedHosts } from './serve/allowed-hosts.js';

/** bin/docsgen.mjs asks whether an early exit is a stop's doing. */
export { isStopping };

// Every command loads its modules (the pipeline, React, watchers, servers) only when it runs: `--version` and
// `--help` load commander and little else, and `build` never loads what only `dev` uses.
/** argv → command. Returns the exit code; never calls process.exit itself. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('docsgen')
    .description('Build, check and serve documentation websites from Markdown and MDX')
    .version(docsgenVersion())
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    // Before any command prints: --color / --no-color decide for every stream (report/colors.ts).
    .hook('preAction', (_, command) => setColorFlag(command.opts<SiteOptions>().color));

  let exitCode = 0;
  siteCommand(program, 'build', 'build the site into the out dir')
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .option('--out-dir <dir>', 'output folder (default: <root>/dist)')
    .addOption(formatOption())
    .option('--no-cache', 'ignore and rebuild every cache')
    .action(async (opts: SiteOptions & { config?: string; outDir?: string; format: Format; cache: boolean }) => {
      exitCode = await (await import('./commands/build.js')).runBuild({
        root: opts.root,
        config: opts.config,
        outDir: opts.outDir,
        noCache: !opts.cache,
        format: opts.format,
        verbose: opts.verbose,
      });
    });

  siteCommand(program, 'dev', 'serve the site with live reload while you write')
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .option('--port <port>', 'port (the next free one when busy)', parsePort, 3000)
    .option('--strict-port', STRICT_PORT_HELP, false)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--open', OPEN_HELP, false)
    .option('--no-cache', 'ignore and rebuild every cache')
    .action(
      async (
        opts: SiteOptions & {
          config?: string;
          port: number;
          strictPort: boolean;
          host: string;
          allowedHosts?: AllowedHosts;
          open: boolean;
          cache: boolean;
        },
      ) => {
        try {
          exitCode = await (await import('./commands/dev.js')).runDev({
            root: opts.root,
            config: opts.config,
            port: opts.port,
            strictPort: opts.strictPort,
            host: opts.host,
            allowedHosts: opts.allowedHosts,
            open: opts.open,
            noCache: !opts.cache,
          });
        } catch (error) {
          exitCode = reportFailure(error, opts.verbose);
        }
      },
    );

  siteCommand(program, 'check', 'run every check without writing the site (exit 1 on errors)')
    .option('--config <file>', 'config file (default: <root>/build.config.ts)')
    .addOption(formatOption())
    .option('--external', 'also request external links', false)
    .option('--no-cache', 'ignore and rebuild every cache')
    .action(async (opts: SiteOptions & { config?: string; format: Format; external: boolean; cache: boolean }) => {
      exitCode = await (await import('./commands/check.js')).runCheck({
        root: opts.root,
        config: opts.config,
        format: opts.format,
        external: opts.external,
        noCache: !opts.cache,
        verbose: opts.verbose,
      });
    });

  siteCommand(program, 'serve', 'preview the built site with the same routing as dev')
    .option('--out-dir <dir>', 'the built site (default: <root>/dist)')
    .option('--port <port>', 'port (the next free one when busy)', parsePort, 3000)
    .option('--strict-port', STRICT_PORT_HELP, false)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--allowed-hosts <hosts>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--open', OPEN_HELP, false)
    .action(
      async (
        opts: SiteOptions & {
          outDir?: string;
          port: number;
          strictPort: boolean;
          host: string;
          allowedHosts?: AllowedHosts;
          open: boolean;
        },
      ) => {
        try {
          exitCode = await (await import('./commands/serve.js')).runServe({
            root: opts.root,
            outDir: opts.outDir,
            port: opts.port,
            strictPort: opts.strictPort,
            host: opts.host,
            allowedHosts: opts.allowedHosts,
            open: opts.open,
          });
        } catch (error) {
          exitCode = reportFailure(error, opts.verbose);
        }
      },
    );

  siteCommand(
    program,
    'clear',
    'remove the caches (node_modules/.cache/docsgen under the site root; .cache/docsgen when node_modules is a symlink)',
  ).action(async (opts: SiteOptions) => {
    try {
      exitCode = (await import('./commands/clear.js')).runClear({ root: opts.root });
    } catch (error) {
      exitCode = reportFailure(error, opts.verbose);
    }
  });

  siteCommand(
    program,
    'migrate',
    'write build.config.ts from a Docusaurus site (docusaurus.config.js and its sidebars, read as data)',
  )
    .option('--out <file>', 'the config file to write, relative to the root', 'build.config.ts')
    .option('--force', 'replace the file when it exists', false)
    .option('--dry-run', 'print the config on stdout instead of writing it', false)
    .action(async (opts: SiteOptions & { out: string; force: boolean; dryRun: boolean }) => {
      try {
        exitCode = await (await import('./commands/migrate.js')).runMigrate({
          root: opts.root,
          out: opts.out,
          force: opts.force,
          dryRun: opts.dryRun,
        });
      } catch (error) {
        exitCode = reportFailure(error, opts.verbose);
      }
    });

  program
    .command('init')
    .description('write a new site (a config, two docs, public/) into a folder, or migrate a Docusaurus site')
    .argument('[dir]', 'the folder to write into, created when missing', '.')
    .option('--title <title>', "the site's title (default: from the folder's name)")
    .option(
      '--from-docusaurus',
      'the folder holds a Docusaurus site: write its build.config.ts (docsgen migrate)',
      false,
    )
    .action(async (dir: string, opts: { title?: string; fromDocusaurus: boolean; verbose: boolean }) => {
      try {
        exitCode = opts.fromDocusaurus
          ? await (await import('./commands/migrate.js')).runMigrate({ root: dir })
          : (await import('./commands/init.js')).runInit({ dir, title: opts.title });
      } catch (error) {
        exitCode = reportFailure(error, opts.verbose);
      }
    });

  for (const command of program.commands) addSharedOptions(command);

  // No command at all: the help, on stdout, as a successful answer (commander would call it a usage error).
  if (argv.length === 0) {
    program.outputHelp();
    return 0;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return 0;
    if (error instanceof CommanderError || error instanceof InvalidArgumentError) {
      await reportUsageError(argv, error.message);
      return EXIT_USAGE;
    }
    return reportFailure(error, argv.includes('--verbose'));
  }
  return exitCode;
}

type Format = 'text' | 'json' | 'github';

/** The options every command takes. */
interface SiteOptions {
  root: string;
  /** `--color` true, `--no-color` false, neither undefined. */
  color?: boolean;
  verbose: boolean;
}

/** A command of a site: its options start with the site root. */
function siteCommand(program: Command, name: string, description: string): Command {
  return program.command(name).description(description).option('--root <dir>', 'site root', process.cwd());
}

/** The options every command ends with: colour and stack traces. */
function addSharedOptions(command: Command): void {
  command
    .option('--color', 'colour the output even when it is not a terminal (also FORCE_COLOR=1)')
    .option('--no-color', 'never colour the output (also NO_COLOR=1)')
    .option('--verbose', 'print stack traces for unexpected errors, and every problem (not 20 per rule)', false);
}

function formatOption(): Option {
  return new Option('--format <format>', 'report format: text for people, json for scripts, github for annotations')
    .choices(['text', 'json', 'github'])
    .default('text');
}

/**
 * A usage error (unknown option, bad value) has been printed by commander on
 * stderr; `build` and `check` asked for json (or github) output still get
 * their report on stdout, so a script never parses an empty stdout.
 */
async function reportUsageError(argv: string[], message: string): Promise<void> {
  const command = argv[0];
  if (command !== 'build' && command !== 'check') return;
  const at = argv.findIndex((arg) => arg === '--format' || arg.startsWith('--format='));
  const format = at < 0 ? undefined : argv[at].includes('=') ? argv[at].slice('--format='.length) : argv[at + 1];
  if (format !== 'json' && format !== 'github') return;
  const diagnostic = {
    severity: 'error' as const,
    rule: 'fatal',
    message: message.replace(/^error: /, ''),
    hint: `run docsgen ${command} --help for the options`,
  };
  const { printFailureReport } = await import('./commands/run-reported.js');
  printFailureReport({ command, format }, { exitCode: EXIT_USAGE, diagnostics: [diagnostic], duration: 0 });
}

/**
 * Installed by bin/docsgen.mjs before main() runs: a write to stdout or
 * stderr that fails (a closed pipe, a full disk) stops the run like a signal
 * does, with exit 2 and one plain line on stderr while stderr is still there.
 */
export function guardOutput(): void {
  guardOutputStreams((lost) => {
    if (isStopping()) return;
    process.stderr.write(`${red('error')}  ${describeLostOutput(lost)}\n`);
    stopForLostOutput();
  });
}

/** Errors nothing caught since a stop began: past this many, something loops on them, and the process ends at once. */
const MAX_ERRORS_WHILE_STOPPING = 100;
let errorsWhileStopping = 0;

/**
 * For an exception or a rejection that nothing caught (a bug): printed like any
 * unexpected failure (its stack with --verbose), then the cleanups run (lock,
 * temporary output) and the process exits 2, not Node's 1 with a raw stack.
 * Once a stop is under way (a signal, a closed stream, an earlier error), what
 * fails is the stop's doing (a terminated worker, a removed folder): it is not
 * reported, and can never keep the process alive.
 */
export function handleCrash(error: unknown): void {
  if (isStopping()) {
    if (++errorsWhileStopping > MAX_ERRORS_WHILE_STOPPING) process.exit(process.exitCode ?? 2);
    return;
  }
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
const ALLOWED_HOSTS_HELP =
  "also answer requests for these host names, comma-separated ('.example.com' includes subdomains; '*' any host)";

/** `--allowed-hosts`: host names (see allowed-hosts.ts), or `*`. */
function parseAllowedHosts(value: string): AllowedHosts {
  const parsed = parseAllowedHostsList(value);
  if (parsed !== true && 'invalid' in parsed)
    throw new InvalidArgumentError(
      `expected host names separated by commas (or '*'), not ${JSON.stringify(parsed.invalid)}`,
    );
  return parsed;
}
