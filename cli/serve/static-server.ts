import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { checkHost, type AllowedHosts } from './allowed-hosts.js';
import { listenOnFreePort, serverUrl } from './listen.js';
import { createRouter } from './router.js';
import { createDiskSource, type RefusedHandler } from './site-source.js';

export interface StaticServerOptions {
  /** The built site (`dist/`). */
  outDir: string;
  port?: number;
  /** Fail (exit 2) when the port is busy instead of taking the next free one. */
  strictPort?: boolean;
  host?: string;
  /** The site's baseUrl; read from the built site when omitted. */
  baseUrl?: string;
  /** Told about each request for a file the file rule refuses (answered 404): a link leading out of the out dir, say. */
  onRefused?: RefusedHandler;
  /** Hosts answered besides this server's own address and localhost (`--allowed-hosts`); `true` for any. */
  allowedHosts?: AllowedHosts;
}

export interface StaticServer {
  url: string;
  port: number;
  /** Set when the asked port was busy. */
  busyPort?: number;
  close(): Promise<void>;
}

/** Serves a built site with the routing rules of `createRouter`, for previewing a production build. */
export async function startStaticServer(options: StaticServerOptions): Promise<StaticServer> {
  const outDir = path.resolve(options.outDir);
  if (!existsSync(path.join(outDir, 'index.html'))) {
    throw new DocsgenError(`no built site in ${outDir}`, {
      exitCode: EXIT_USAGE,
      hint: 'run `docsgen build` first, or pass --out-dir',
    });
  }
  const tags = homeLinkTags(outDir);
  const baseUrl = options.baseUrl ?? detectBaseUrl(tags);
  const markdownCopies = hasMarkdownCopies(tags);
  const router = createRouter({
    source: createDiskSource(outDir, { onRefused: options.onRefused }),
    baseUrl,
    markdownCopies: () => markdownCopies,
  });
  const host = options.host ?? '127.0.0.1';
  const hostCheck = {
    host,
    port: () => (server.address() as AddressInfo | null)?.port ?? 0,
    allowedHosts: () => options.allowedHosts ?? [],
    howToAllow: (name: string) => `restart docsgen serve with --allowed-hosts ${name}`,
  };
  const server = http.createServer((req, res) => {
    if (!checkHost(req, res, hostCheck)) return;
    router(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });
  const { port, busyPort } = await listenOnFreePort(server, options.port ?? 3000, host, {
    strictPort: options.strictPort,
  });
  return {
    url: serverUrl(host, port, baseUrl),
    port,
    busyPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The baseUrl a built site was made for: every page links its stylesheet
 * (`<base>assets/….css`) in its head. Read tag by tag, with no pattern that
 * could backtrack across the page.
 */
function detectBaseUrl(tags: readonly string[]): string {
  for (const tag of tags) {
    const href = /\shref="([^"]*)"/.exec(tag)?.[1] ?? '';
    const assets = href.indexOf('assets/');
    if (assets === -1 || !href.endsWith('.css') || href.length - assets < 'assets/x.css'.length) continue;
    const base = href.slice(0, assets);
    return base.startsWith('/') && base.endsWith('/') ? base : '/';
  }
  return '/';
}

/** Whether the built site publishes Markdown copies (`markdownPages`): its home page links its own. */
function hasMarkdownCopies(tags: readonly string[]): boolean {
  return tags.some((tag) => tag.includes(' type="text/markdown"'));
}

/** The attributes of each `<link>` in the home page's head, read tag by tag, with no pattern that could backtrack across the page. */
function homeLinkTags(outDir: string): string[] {
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const headEnd = html.indexOf('</head>');
  const head = headEnd === -1 ? html : html.slice(0, headEnd);
  return head
    .split('<link')
    .slice(1)
    .map((tag) => {
      const close = tag.indexOf('>');
      return close === -1 ? tag : tag.slice(0, close);
    });
}
