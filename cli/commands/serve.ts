import path from 'node:path';
import { startStaticServer, type StaticServer, type StaticServerOptions } from '../serve/static-server.js';
import { waitForShutdownSignal } from '../serve/wait-for-signal.js';
import { dim, green, yellow } from './report.js';

export { startStaticServer, type StaticServer, type StaticServerOptions };

/**
 * `docsgen serve`: previews a built site (default `<root>/dist`) with the
 * same routing rules as `docsgen dev`, until Ctrl+C or SIGTERM.
 */
export async function runServe(options: { root?: string; outDir?: string; port?: number; host?: string; allowedHosts?: StaticServerOptions['allowedHosts'] }): Promise<number> {
  const root = path.resolve(options.root ?? process.cwd());
  const server = await startStaticServer({ outDir: path.resolve(root, options.outDir ?? 'dist'), port: options.port, host: options.host, allowedHosts: options.allowedHosts });
  if (server.busyPort !== undefined) process.stderr.write(`${yellow('!')} port ${server.busyPort} is in use; using ${server.port} instead\n`);
  process.stderr.write(`${green('✔')} serving ${path.relative(process.cwd(), path.resolve(root, options.outDir ?? 'dist')) || '.'} at ${server.url}\n${dim('  Ctrl+C to stop')}\n`);
  await waitForShutdownSignal();
  await server.close();
  return 0;
}
