import path from 'node:path';
import { formatDiagnostic } from '../diagnostics.js';
import { resolveSiteRoot } from '../files/site-root.js';
import type { RefusedHandler } from '../serve/site-source.js';
import { startStaticServer, type StaticServer, type StaticServerOptions } from '../serve/static-server.js';
import type { Diagnostic } from '../types.js';
import { EXIT_USAGE } from '../errors.js';
import { openBrowser } from '../serve/open-browser.js';
import { waitForShutdown } from '../interrupt.js';
import { dim, green, yellow } from './report.js';

export { startStaticServer, type StaticServer, type StaticServerOptions };

export interface ServeCommandOptions
  extends Pick<StaticServerOptions, 'port' | 'host' | 'allowedHosts' | 'strictPort'> {
  root?: string;
  outDir?: string;
  /** `--open`: open the served URL in a browser. */
  open?: boolean;
}

/**
 * `docsgen serve`: previews a built site (default `<root>/dist`) with the
 * same routing rules as `docsgen dev`, until Ctrl+C, SIGTERM or SIGHUP
 * (exit 0), or until its log stream goes away (exit 2). Its
 * "serving … at <url>" line on stderr says it is listening (tests and
 * scripts wait for it; with `--port 0` it names the port taken).
 */
export async function runServe(options: ServeCommandOptions): Promise<number> {
  const root = resolveSiteRoot(options.root);
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  const server = await startStaticServer({
    outDir,
    port: options.port,
    host: options.host,
    strictPort: options.strictPort,
    onRefused: reportRefused(root, outDir),
    allowedHosts: options.allowedHosts,
  });
  // Listening for Ctrl+C before saying so: a script that stops serve as soon as it reads the line gets a clean exit.
  const stopped = waitForShutdown();
  if (server.busyPort !== undefined)
    process.stderr.write(`${yellow('!')} port ${server.busyPort} is in use; using ${server.port} instead\n`);
  process.stderr.write(
    `${green('✔')} serving ${path.relative(process.cwd(), outDir) || '.'} at ${server.url}\n${dim('  Ctrl+C to stop')}\n`,
  );
  if (options.open) openBrowser(server.url, (message) => process.stderr.write(`${yellow('!')} ${message}\n`));
  const shutdown = await stopped;
  await server.close();
  return 'signal' in shutdown ? 0 : EXIT_USAGE;
}

/** Prints, once per file, why a requested file was not served (it answered 404). */
function reportRefused(root: string, outDir: string): RefusedHandler {
  const told = new Set<string>();
  // Named from the site root, as every command names files.
  const relative = path.relative(root, outDir);
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? outDir : relative || '.';
  return (sitePath, real, why) => {
    if (told.has(sitePath)) return;
    told.add(sitePath);
    const diagnostic: Diagnostic = {
      severity: 'warning',
      rule: 'file-outside-root',
      message: `not served: it resolves to ${real}, ${why}`,
      file: `${shown}/${sitePath}`,
      hint: 'serve only answers with files whose real path is inside the served folder, outside .git/ and node_modules/',
    };
    process.stderr.write(`${yellow('warning')}  ${formatDiagnostic(diagnostic)}\n`);
  };
}
