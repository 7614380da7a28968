import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formatDiagnostic } from '../diagnostics.js';
import { groupDiagnostics } from '../report/group-diagnostics.js';
import { describeErrorChain } from '../errors.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { checkHost, type AllowedHosts } from '../serve/allowed-hosts.js';
import { type ListenResult, listenOnFreePort, serverUrl } from '../serve/listen.js';
import { createRouter, type Router } from '../serve/router.js';
import type { Diagnostic } from '../types.js';
import { describeUpdate } from './describe-update.js';
import { DevSite, type DevUpdate } from './dev-site.js';
import { withDevClient } from './dev-source.js';
import { errorsKey, toOverlayErrors, type OverlayError } from './error-report.js';
import { createLiveEvents, EVENTS_PATH } from './live-events.js';
import { showControlChars } from '../visible-text.js';
import { watchedVersionPaths } from './dev-versions.js';
import { watchSite } from './watch-site.js';

export interface DevServerOptions {
  /** Site root; defaults to the current directory. */
  root?: string;
  /** Config file, relative to root or absolute. */
  config?: string;
  /** Defaults to 3000; a busy port moves on to the next free one. 0 takes any free port. */
  port?: number;
  /** Fail (exit 2) when the port is busy instead of taking the next free one. */
  strictPort?: boolean;
  /** Defaults to 127.0.0.1 (loopback only). */
  host?: string;
  /** Hosts answered besides this server's own address and localhost (`--allowed-hosts`), added to the config's `dev.allowedHosts`; `true` for any. */
  allowedHosts?: AllowedHosts;
  noCache?: boolean;
  /** The theme folder; defaults to docsgen's own `templates/`. */
  templatesDir?: string;
  /** Receives one line per event (ready, updates, errors); defaults to stderr. */
  log?: (line: string) => void;
}

export interface DevServer {
  /** The site's URL, baseUrl included. */
  url: string;
  port: number;
  /** Set when the asked port was busy and the server took the next free one. */
  busyPort?: number;
  /** Milliseconds from the call to the server accepting requests. */
  readyIn: number;
  /** Stops watching, ends the live-reload connections and closes the server. */
  close(): Promise<void>;
}

/**
 * `docsgen dev`: loads the site into memory, serves it with the shared
 * router (pages rendered on request, with the live-reload client added),
 * and on every change updates only what depends on it and tells open tabs.
 * Content and config errors go to the terminal and to an overlay in the
 * browser; the server keeps running and recovers when the file is fixed.
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const start = performance.now();
  const log = options.log ?? ((line: string) => process.stderr.write(line + '\n'));
  const site = new DevSite({
    root: resolveSiteRoot(options.root),
    config: options.config,
    noCache: options.noCache,
    templatesDir: options.templatesDir,
  });
  await site.start();

  let overlay: OverlayError[] = toOverlayErrors(site.errors(), site.root);
  const events = createLiveEvents((send) => {
    if (overlay.length) send('errors', { errors: overlay });
  });
  const source = withDevClient(site.createSource(), () => site.baseUrl);
  let router: Router | undefined;
  let routerBase = '';
  const hostCheck = {
    host: options.host ?? '127.0.0.1',
    port: () => (server.address() as AddressInfo | null)?.port ?? 0,
    allowedHosts: (): AllowedHosts => {
      const configured = site.config.dev.allowedHosts;
      if (options.allowedHosts === true || configured === true) return true;
      return [...(options.allowedHosts ?? []), ...configured];
    },
    howToAllow: (name: string) =>
      `restart docsgen dev with --allowed-hosts ${name}, or add it to dev.allowedHosts in the config`,
  };
  // Every request, the live-reload events included, must name this server (see allowed-hosts.ts).
  const server = http.createServer((req, res) => {
    if (!checkHost(req, res, hostCheck)) return;
    if (req.url === EVENTS_PATH || req.url?.startsWith(EVENTS_PATH + '?')) return events.handle(req, res);
    if (!router || routerBase !== site.baseUrl) {
      routerBase = site.baseUrl;
      router = createRouter({ source, baseUrl: routerBase, markdownCopies: () => site.config.markdownPages });
    }
    router(req, res).catch((error) => {
      log(`error  ${describeErrorChain(error, showControlChars)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });

  let queue = Promise.resolve();
  const applyChanges = (files: string[]) => {
    queue = queue.then(async () => {
      let update: DevUpdate;
      try {
        update = await site.update(files);
      } catch (error) {
        log(`error  ${describeErrorChain(error, showControlChars)}`);
        return;
      }
      const names = files.map((f) => showControlChars(path.relative(site.root, f) || f)).join(', ');
      if (update.css) events.send('css', update.css);
      if (update.reload === 'all' || update.reload.length) events.send('reload', { paths: update.reload });
      const next = toOverlayErrors(site.errors(), site.root);
      const changed = errorsKey(next) !== errorsKey(overlay);
      const hadErrors = overlay.length > 0;
      overlay = next;
      if (next.length && changed) {
        events.send('errors', { errors: next });
        printErrors(log, site.errors(), next);
      } else if (!next.length && hadErrors) {
        events.send('ok', {});
        log(`✔ errors fixed`);
      }
      log(`• ${names} → ${showControlChars(describeUpdate(update))} (${update.duration} ms)`);
    });
  };

  // The setups of the code samples are content too: a link out of the site is not followed.
  const setups = site.setupDir && existsSync(site.setupDir) ? [site.setupDir] : [];
  // The site components' own files (dev renders them again when one changes); a file the bundle starts to import later is watched from the next start.
  // The blog's folder is content like the docs' (versions' paths are watched the same way).
  const versions = [...watchedVersionPaths(site.root), ...(site.blogDir ? [site.blogDir] : [])];
  // The pages folder (src/pages), when the site has one at the start: its Markdown pages are content too.
  const pages = site.pagesDir ? [site.pagesDir] : [];
  const watched = [
    site.docsDir,
    ...versions,
    ...site.staticDirs,
    ...setups,
    site.configFile,
    site.templatesDir,
    ...site.componentInputs,
    ...site.styleInputs,
    ...pages,
    ...site.pageInputs,
  ];
  const watcher = await watchSite(watched, applyChanges, {
    content: { rule: site.fileRule, dirs: [site.docsDir, ...versions, ...site.staticDirs, ...setups, ...pages] },
  });
  let listening: ListenResult;
  try {
    listening = await listenOnFreePort(server, options.port ?? 3000, options.host ?? '127.0.0.1', {
      strictPort: options.strictPort,
    });
  } catch (error) {
    await watcher.close();
    await site.close();
    throw error;
  }
  const url = serverUrl(options.host ?? '127.0.0.1', listening.port, site.baseUrl);
  void site.warmUp().catch(() => undefined);
  if (overlay.length) printErrors(log, site.errors(), overlay);
  const warnings = site.diagnostics().filter((d) => d.severity === 'warning');
  // A warning found many times (a partial's, on every page that imports it) is printed once with its count.
  for (const { diagnostic, count } of groupDiagnostics(warnings, Infinity).shown)
    log(`warning  ${formatDiagnostic(diagnostic, count)}`);

  let closed: Promise<void> | undefined;
  return {
    url,
    port: listening.port,
    busyPort: listening.busyPort,
    readyIn: Math.round(performance.now() - start),
    close: () =>
      (closed ??= (async () => {
        await watcher.close();
        await queue;
        await site.close();
        events.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}

/** Each error once, with its code frame; an error found several times (the same text and frame) once with its count. */
function printErrors(log: (line: string) => void, diagnostics: Diagnostic[], overlay: OverlayError[]): void {
  const printed = new Map<string, { d: Diagnostic; frame?: string; count: number }>();
  diagnostics.forEach((d, i) => {
    const frame = overlay[i]?.frame;
    const key = `${formatDiagnostic(d)}\n${frame ?? ''}`;
    const seen = printed.get(key);
    if (seen) seen.count++;
    else printed.set(key, { d, frame, count: 1 });
  });
  for (const { d, frame, count } of printed.values()) {
    log(`error  ${formatDiagnostic(d, count)}`);
    if (frame) log(frame.replace(/^/gm, '    '));
  }
}
