import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Severity } from '../config/schema.js';
import { withSeverity } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import { readCache, writeCache } from './external-link-cache.js';
import { requestGuarded } from './guarded-request.js';
import { HostLimits, MAX_RETRY_AFTER_MS, MAX_TOTAL_RETRY_AFTER_MS, parseRetryAfter } from './retry-after.js';

/** Where an external link appears: a place in a content file, or the theme (navbar, footer) of a route. */
export interface ExternalLinkUse {
  url: string;
  route: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface ExternalCheckOptions {
  /** Requests in flight at once, over all hosts. Default 8. */
  concurrency?: number;
  /** Minimum gap between two requests to the same host (one at a time per host). Default 250 ms. */
  hostDelayMs?: number;
  /** Per request. Default 10 s. */
  timeoutMs?: number;
  /** Extra attempts after a timeout, a network error, 429 or 5xx. Default 2. */
  retries?: number;
  /** Wait before the first retry, doubled each time; a 429 or 503 with `Retry-After` waits what it asks (up to 60 s). Default 1 s. */
  retryDelayMs?: number;
  /** JSON cache of links found alive; default none. */
  cacheFile?: string;
  /** How long a link found alive is trusted. Default 24 h. */
  cacheTtlMs?: number;
  /** Request loopback, private, link-local and metadata addresses too (config `externalLinks.allowPrivateNetworks`). Default false. */
  allowPrivateNetworks?: boolean;
  /** DNS lookup (`dns.lookup`'s signature), for tests. */
  lookup?: LookupFunction;
  /** Agents for `http:` and `https:`, for tests. */
  agents?: { http?: HttpAgent; https?: HttpsAgent };
}

interface Outcome {
  status?: number;
  /** The answer's `Retry-After` header. */
  retryAfter?: string;
  /** The host asked to wait this long (milliseconds), more than this run waits for (see HostLimits): not requested again. */
  rateLimited?: number;
  error?: string;
  /** Not requested (or a redirect not followed): why, and the URL that was refused when it is not the link's own. */
  refused?: { reason: string; via?: string };
}

const BROKEN_STATUSES = new Set([404, 410]);

/**
 * Checks each distinct external URL once (fragment removed): HEAD, then GET
 * when HEAD is refused, with a timeout, retries with backoff on transient
 * failures, one request at a time per host with a gap between them, and a
 * disk cache of links found alive. A 429 or 503 with `Retry-After` is retried
 * after the wait it asks for, once per host, up to a minute (two in all); a
 * host that asks for more, or again, is not requested again, and its links are
 * reported as rate-limited. 404 and 410 are broken links (severity
 * from `onBrokenLinks`); timeouts, network errors and other refusals are
 * warnings, since they often mean a flaky network or a bot filter. Links
 * to (or redirecting to) addresses that are not public are not requested
 * unless `allowPrivateNetworks`: a warning says so (see guarded-request.ts).
 */
export async function checkExternalLinks(uses: ExternalLinkUse[], onBrokenLinks: Severity, options: ExternalCheckOptions = {}): Promise<Diagnostic[]> {
  const ttl = options.cacheTtlMs ?? 24 * 3600_000;
  const cache = await readCache(options.cacheFile);
  const now = Date.now();
  const urls = [...new Set(uses.map((u) => withoutFragment(u.url)))];
  const outcomes = new Map<string, Outcome>();
  const limit = createLimiter(options.concurrency ?? 8);
  const hostQueues = new Map<string, Promise<unknown>>();
  const limits = new HostLimits();
  await Promise.all(
    urls.map(async (url) => {
      const checkedAt = cache.alive[url];
      if (checkedAt !== undefined && now - checkedAt < ttl) return outcomes.set(url, { status: 200 });
      const host = URL.canParse(url) ? new URL(url).host : url;
      const previous = hostQueues.get(host) ?? Promise.resolve();
      const turn = previous.then(() => limit(() => probeWithRetries(url, host, limits, options)));
      hostQueues.set(host, turn.then(() => sleep(options.hostDelayMs ?? 250)));
      const outcome = await turn;
      outcomes.set(url, outcome);
      if (outcome.status !== undefined && outcome.status < 400) cache.alive[url] = Date.now();
    }),
  );
  await writeCache(options.cacheFile, cache, ttl);

  const diagnostics: Diagnostic[] = [];
  for (const use of uses) {
    const outcome = outcomes.get(withoutFragment(use.url))!;
    if (outcome.status !== undefined && outcome.status < 400) continue;
    const place = { file: use.file, line: use.line, column: use.column, route: use.route, target: use.url };
    if (outcome.rateLimited !== undefined) {
      const seconds = Math.ceil(outcome.rateLimited / 1000);
      diagnostics.push({
        severity: 'warning',
        rule: 'unreachable-external-link',
        message: `could not verify external link → ${use.url} (rate limited: the host asks to wait ${seconds} s; check --external waits once per host, up to ${MAX_RETRY_AFTER_MS / 1000} s, ${MAX_TOTAL_RETRY_AFTER_MS / 1000} s in all)`,
        ...place,
        hint: 'the host limits automated requests; check the link by hand, or run check --external again later',
      });
    } else if (outcome.refused) {
      const why = outcome.refused.via ? `it redirects to ${outcome.refused.via}; ${outcome.refused.reason}` : outcome.refused.reason;
      diagnostics.push({
        severity: 'warning',
        rule: 'external-link-skipped',
        message: `external link not requested → ${use.url} (${why})`,
        ...place,
        hint: 'check --external never requests loopback, private, link-local or cloud metadata addresses; set externalLinks.allowPrivateNetworks: true in the config to check such links',
      });
    } else if (outcome.status !== undefined && BROKEN_STATUSES.has(outcome.status)) {
      const d = withSeverity({ rule: 'broken-external-link', message: `broken external link → ${use.url} (HTTP ${outcome.status})`, ...place, hint: 'the page is gone; update or remove the link' }, onBrokenLinks);
      if (d) diagnostics.push(d);
    } else {
      const why = outcome.status !== undefined ? `HTTP ${outcome.status}` : outcome.error;
      diagnostics.push({ severity: 'warning', rule: 'unreachable-external-link', message: `could not verify external link → ${use.url} (${why})`, ...place, hint: 'check the link by hand; the host may be down, slow or refusing automated requests' });
    }
  }
  return diagnostics;
}

/** Requests a URL, again after transient failures, waiting what a `Retry-After` asks when `limits` allow it. */
async function probeWithRetries(url: string, host: string, limits: HostLimits, options: ExternalCheckOptions): Promise<Outcome> {
  const retries = options.retries ?? 2;
  let delay = options.retryDelayMs ?? 1000;
  for (let attempt = 0; ; attempt++) {
    const blocked = limits.blockedFor(host, Date.now());
    if (blocked > 0) return { rateLimited: blocked };
    const outcome = await probe(url, options.timeoutMs ?? 10_000, options);
    const transient = !outcome.refused && (outcome.status === undefined || outcome.status === 429 || outcome.status >= 500);
    if (!transient || attempt >= retries) return outcome;
    const now = Date.now();
    const asked = outcome.status === 429 || outcome.status === 503 ? parseRetryAfter(outcome.retryAfter, now) : undefined;
    if (asked !== undefined && !limits.shouldWait(host, asked, now)) return { ...outcome, rateLimited: asked };
    await sleepUntil(now + (asked ?? delay));
    delay *= 2;
  }
}

async function probe(url: string, timeoutMs: number, options: ExternalCheckOptions): Promise<Outcome> {
  try {
    const head = await request(url, 'HEAD', timeoutMs, options);
    if (head.status === undefined || head.status < 400 || head.status === 429 || head.status >= 500) return head;
    // Many servers refuse HEAD (405, 403, even 404) but answer GET.
    return await request(url, 'GET', timeoutMs, options);
  } catch (error) {
    const e = error as Error & { code?: string; cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { error: `no answer within ${timeoutMs} ms` };
    return { error: e.code ?? e.cause?.code ?? e.message };
  }
}

async function request(url: string, method: 'HEAD' | 'GET', timeoutMs: number, options: ExternalCheckOptions): Promise<Outcome> {
  const { allowPrivateNetworks, lookup, agents } = options;
  const result = await requestGuarded(url, { method, signal: AbortSignal.timeout(timeoutMs), allowPrivateNetworks, lookup, agents });
  if ('refused' in result) return { refused: { reason: result.refused, via: result.hops > 0 ? result.url : undefined } };
  return result;
}

function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function withoutFragment(url: string): string {
  const index = url.indexOf('#');
  return index === -1 ? url : url.slice(0, index);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves once the clock reads `deadline`: a timer alone may fire a millisecond early, and a host's "not before" is a promise to keep. */
async function sleepUntil(deadline: number): Promise<void> {
  for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) await sleep(left);
}
