import path from 'node:path';
import { formatDiagnostic } from '../diagnostics.js';
import type { RefusedHandler } from '../serve/site-source.js';
import { startStaticServer, type StaticServer, type StaticServerOptions } from '../serve/static-server.js';
import type { Diagnostic } from '../types.js';
import { waitForShutdownSignal } from '../serve/wait-for-signal.js';
import { dim, green, yellow } from './report.js';

export { startStaticServer, type StaticServer, type StaticServerOptions };

/**
 * `docsgen serve`: previews a built site (default `<root>/dist`) with the
 * same routing rules as `docsgen dev`, until Ctrl+C or SIGTERM.
 */
export async function runServe(options: { root?: string; outDir?: string; port?: number; host?: string; allowedHosts?: StaticServerOptions['allowedHosts'] }): Promise<number> {
  const root = path.resolve(options.root ?? process.cwd());
  const outDir = path.resolve(root, options.outDir ?? 'dist');
  const server = await startStaticServer({ outDir, port: options.port, host: options.host, onRefused: reportRefused(root, outDir), allowedHosts: options.allowedHosts });
  if (server.busyPort !== undefined) process.stderr.write(`${yellow('!')} port ${server.busyPort} is in use; using ${server.port} instead\n`);
  process.stderr.write(`${green('✔')} serving ${path.relative(process.cwd(), path.resolve(root, options.outDir ?? 'dist')) || '.'} at ${server.url}\n${dim('  Ctrl+C to stop')}\n`);
  await waitForShutdownSignal();
  await server.close();
  return 0;
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
    const diagnostic: Diagnostic = { severity: 'warning', rule: 'file-outside-root', message: `not served: it resolves to ${real}, ${why}`, file: `${shown}/${sitePath}`, hint: 'serve only answers with files whose real path is inside the served folder, outside .git/ and node_modules/' };
    process.stderr.write(`${yellow('warning')}  ${formatDiagnostic(diagnostic)}\n`);
  };
}
