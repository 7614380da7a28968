import { startDevServer, type DevServer, type DevServerOptions } from '../dev/dev-server.js';
import { EXIT_USAGE } from '../errors.js';
import { waitForShutdown } from '../interrupt.js';
import { openBrowser } from '../serve/open-browser.js';
import { dim, green, yellow } from './report.js';

export { startDevServer, type DevServer, type DevServerOptions };

/**
 * `docsgen dev` on the command line: starts the dev server, says where it
 * listens, optionally opens a browser, and closes everything on Ctrl+C,
 * SIGTERM or SIGHUP (exit 0), or when its log stream goes away (exit 2: a
 * closed pipe, a full disk). Resolves with the exit code.
 */
export async function runDev(options: DevServerOptions & { open?: boolean }): Promise<number> {
  const server = await startDevServer(options);
  // Listening for Ctrl+C before saying it is ready: a script that stops dev as soon as it reads the line gets a clean exit.
  const stopped = waitForShutdown();
  if (server.busyPort !== undefined)
    process.stderr.write(`${yellow('!')} port ${server.busyPort} is in use; using ${server.port} instead\n`);
  process.stderr.write(
    `${green('✔')} docsgen dev ready in ${server.readyIn} ms at ${server.url}\n${dim('  watching content/, public/, templates/ and the config; Ctrl+C to stop')}\n`,
  );
  if (options.open) openBrowser(server.url, (message) => process.stderr.write(`${yellow('!')} ${message}\n`));
  const shutdown = await stopped;
  if ('signal' in shutdown)
    process.stderr.write(
      dim(`\n${shutdown.signal === 'SIGINT' ? 'Ctrl+C' : shutdown.signal}: stopping the dev server\n`),
    );
  await server.close();
  return 'signal' in shutdown ? 0 : EXIT_USAGE;
}
