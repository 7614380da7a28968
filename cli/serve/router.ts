import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeRoutePath } from '../route-text.js';
import { CompressedBodies } from './compressed-bodies.js';
import { parseRequestPath } from './request-path.js';
import { prefersMarkdown } from './accept-markdown.js';
import { sendEntry } from './send-entry.js';
import type { SiteEntry, SiteSource } from './site-source.js';

export interface RouterOptions {
  source: SiteSource;
  /** The site's baseUrl (`/` or `/docs-site/`); paths outside it answer 404. */
  baseUrl: string;
  /**
   * Whether pages have Markdown copies (`markdownPages`): a page asked for with
   * `Accept: text/markdown` is then answered with its copy (`<path>.md`), and
   * both answers say `Vary: Accept`.
   */
  markdownCopies?: () => boolean;
}

/** The router's options and what it keeps between requests. */
type Context = RouterOptions & { compressed: CompressedBodies };

export type Router = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The routing rules shared by `docsgen dev` and `docsgen serve`:
 * clean URLs (`/x` serves `x/index.html`, `x.html` or the file `x`);
 * `/x.html`, `/x/index.html` and `/x/` redirect to `/x`; unknown paths get
 * the site's 404 page with status 404; anything trying to leave the site
 * answers 404. How each file is sent (types, caching, 304, compression):
 * `sendEntry`.
 */
export function createRouter(options: RouterOptions): Router {
  const base = options.baseUrl;
  const context: Context = { ...options, compressed: new CompressedBodies() };
  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res
        .writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
        .end('Method Not Allowed\n');
      return;
    }
    const request = parseRequestPath(req.url);
    if (!request) return notFound(req, res, context);
    const urlPath = '/' + request.path;
    if (!urlPath.startsWith(base)) {
      if (urlPath + '/' === base) return redirect(res, base, request.query);
      return notFound(req, res, context);
    }
    const rest = urlPath.slice(base.length);
    const clean = cleanPathOf(rest);
    if (clean !== undefined) {
      if ((await resolve(options.source, clean)) !== undefined) return redirect(res, base + clean, request.query);
      return notFound(req, res, context);
    }
    const found = await resolve(options.source, rest);
    if (!found) return notFound(req, res, context);
    const copy =
      found.sitePath.endsWith('.html') && options.markdownCopies?.()
        ? await markdownCopyOf(options.source, rest)
        : undefined;
    if (copy && prefersMarkdown(req.headers.accept))
      return send(req, res, copy.entry, copy.sitePath, 200, context, 'Accept');
    await send(req, res, found.entry, found.sitePath, 200, context, copy ? 'Accept' : undefined);
  };
}

/** The clean path a `.html`, `/index.html` or trailing-slash URL redirects to, or undefined when the URL is already clean. */
function cleanPathOf(rest: string): string | undefined {
  if (rest === 'index.html') return '';
  if (rest.endsWith('/index.html')) return rest.slice(0, -'/index.html'.length);
  if (rest.endsWith('.html')) return rest.slice(0, -'.html'.length);
  if (rest.endsWith('/')) return rest.slice(0, -1);
  return undefined;
}

/** Clean path → the file that serves it: the file itself, then `<path>/index.html`, then `<path>.html`. */
async function resolve(source: SiteSource, rest: string): Promise<{ entry: SiteEntry; sitePath: string } | undefined> {
  const candidates = rest === '' ? ['index.html'] : [rest, `${rest}/index.html`, `${rest}.html`];
  for (const sitePath of candidates) {
    const entry = await source.get(sitePath);
    if (entry) return { entry, sitePath };
  }
  return undefined;
}

/** A page's Markdown copy (markdown-copies.ts: `index.md` for the home page, `<path>.md` for the others), if the site has it. */
async function markdownCopyOf(
  source: SiteSource,
  rest: string,
): Promise<{ entry: SiteEntry; sitePath: string } | undefined> {
  const sitePath = rest === '' ? 'index.md' : `${rest}.md`;
  const entry = await source.get(sitePath);
  return entry ? { entry, sitePath } : undefined;
}

async function notFound(req: IncomingMessage, res: ServerResponse, context: Context): Promise<void> {
  const page = await context.source.get('404.html');
  if (page) return send(req, res, page, '404.html', 404, context);
  plainNotFound(req, res);
}

function plainNotFound(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : 'Not Found\n');
}

/**
 * A 301 to a site path given as decoded text (`/docs/カメラ`): the Location
 * header carries it percent-encoded, as an href would (a header holds only
 * Latin-1, and a raw `カ` made Node throw: a 500 instead of the redirect). The
 * query is kept as the client sent it (bytes outside printable ASCII encoded).
 */
function redirect(res: ServerResponse, pathname: string, query: string): void {
  const location =
    encodeRoutePath(pathname) +
    query.replace(/[^\x21-\x7e]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).toUpperCase().padStart(2, '0')}`);
  res
    .writeHead(301, { location, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' })
    .end(`Redirecting to ${location}\n`);
}

async function send(
  req: IncomingMessage,
  res: ServerResponse,
  entry: SiteEntry,
  sitePath: string,
  status: number,
  context: Context,
  vary?: string,
): Promise<void> {
  if (await sendEntry(req, res, entry, sitePath, status, context.compressed, vary)) return;
  // Deleted since it was found (dev, while you edit): not found, or the plain answer when the 404 page itself went.
  return sitePath === '404.html' ? plainNotFound(req, res) : notFound(req, res, context);
}
