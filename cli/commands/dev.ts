import { spawn } from 'node:child_process';
import { startDevServer, type DevServer, type DevServerOptions } from '../dev/dev-server.js';
import { waitForShutdownSignal } from '../serve/wait-for-signal.js';
import { dim, green, yellow } from './report.js';

export { startDevServer, type DevServer, type DevServerOptions };

/**
 * `docsgen dev` on the command line: starts the dev server, says where it
 * listens, optionally opens a browser, and closes everything on Ctrl+C or
 * SIGTERM. Resolves with the exit code.
 */
export async function runDev(options: DevServerOptions & { open?: boolean }): Promise<number> {
  const server = await startDevServer(options);
  if (server.busyPort !== undefined) process.stderr.write(`${yellow('!')} port ${server.busyPort} is in use; using ${server.port} instead\n`);
  process.stderr.write(`${green('✔')} docsgen dev ready in ${server.readyIn} ms at ${server.url}\n${dim('  watching content/, public/, templates/ and the config; Ctrl+C to stop')}\n`);
  if (options.open) openBrowser(server.url);
  const signal = await waitForShutdownSignal();
  process.stderr.write(dim(`\n${signal === 'SIGINT' ? 'Ctrl+C' : signal}: stopping the dev server\n`));
  await server.close();
  return 0;
}

/** Opens the URL in the default browser, detached, without waiting for it. */
export function openBrowser(url: string): void {
  const [command, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.on('error', () => process.stderr.write(`could not open a browser; visit ${url}\n`));
    child.unref();
  } catch {
    process.stderr.write(`could not open a browser; visit ${url}\n`);
  }
}
