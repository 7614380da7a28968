import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type Severity, withSeverity } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import { readCache, writeCache } from './external-link-cache.js';
import { createLinkSchedule } from './link-schedule.js';
import { probeWithRetries, type Outcome } from './probe-link.js';
import { HostLimits, MAX_RETRY_AFTER_MS, MAX_TOTAL_RETRY_AFTER_MS } from './retry-after.js';

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
  /** The whole check's time (config `externalLinks.timeout`, in seconds there); links not checked by then get a warning. Default 180 s. */
  budgetMs?: number;
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

/** The default of `externalLinks.timeout`, in milliseconds. */
export const DEFAULT_EXTERNAL_BUDGET_MS = 180_000;

/** Links of one host in a row that got no answer at all: the last one, and how many. */
interface Silence {
  count: number;
  url: string;
  error: string;
}

/**
 * After this many links of a host in a row got no answer at all, its other
 * links are not requested: a dead host would otherwise cost its timeout and
 * retries for each of them. Two, not one, so that one slow page does not
 * leave a whole site (github.com) unchecked.
 */
const SILENT_HOST_LINKS = 2;

const BROKEN_STATUSES = new Set([404, 410]);

/**
 * Checks each distinct external URL once (fragment removed): HEAD, then GET
 * when HEAD is refused, with a timeout, retries with backoff on transient
 * failures, many hosts side by side but one request at a time per host with
 * a gap between them (link-schedule.ts), and a disk cache of links found
 * alive. The whole check has a budget (`budgetMs`): once it is spent, the
 * requests in flight stop and each link not yet checked gets a warning
 * (`external-link-unchecked`), so content cannot hold CI for hours.
 * A host that gave no answer at all (a timeout, a DNS or connection error,
 * after the retries) to two links in a row is not requested again: its
 * other links get a warning without costing the same wait each.
 * A 429 or 503 with `Retry-After` is retried after the wait it asks for,
 * once per host, up to a minute (two in all); a host that asks for more, or
 * again, is not requested again, and its links are reported as rate-limited.
 * 404 and 410 are broken links (severity from `onBrokenLinks`); timeouts,
 * network errors and other refusals are warnings, since they often mean a
 * flaky network or a bot filter. Links to (or redirecting to) addresses
 * that are not public are not requested unless `allowPrivateNetworks`: a
 * warning says so (see guarded-request.ts).
 */
export async function checkExternalLinks(
  uses: ExternalLinkUse[],
  onBrokenLinks: Severity,
  options: ExternalCheckOptions = {},
): Promise<Diagnostic[]> {
  const ttl = options.cacheTtlMs ?? 24 * 3600_000;
  const budgetMs = options.budgetMs ?? DEFAULT_EXTERNAL_BUDGET_MS;
  const cache = await readCache(options.cacheFile);
  const now = Date.now();
  const urls = [...new Set(uses.map((u) => withoutFragment(u.url)))];
  const outcomes = new Map<string, Outcome>();
  const silences = new Map<string, Silence>();
  const limits = new HostLimits();
  const probeOptions = {
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 1000,
    allowPrivateNetworks: options.allowPrivateNetworks,
    lookup: options.lookup,
    agents: options.agents,
  };
  const schedule = createLinkSchedule({
    concurrency: options.concurrency ?? 8,
    hostDelayMs: options.hostDelayMs ?? 250,
    budgetMs,
  });
  try {
    await Promise.all(
      urls.map(async (url) => {
        const checkedAt = Object.hasOwn(cache.alive, url) ? cache.alive[url] : undefined;
        if (typeof checkedAt === 'number' && now - checkedAt < ttl) return outcomes.set(url, { status: 200 });
        const host = URL.canParse(url) ? new URL(url).host : url;
        const outcome = (await schedule.inTurn(host, async (): Promise<Outcome> => {
          const silence = silences.get(host);
          if (silence && silence.count >= SILENT_HOST_LINKS)
            return {
              error: `not requested: ${silence.count} links of this host in a row got no answer, the last ${silence.url} (${silence.error})`,
            };
          const probed = await probeWithRetries(url, host, limits, schedule, probeOptions);
          // Within the turn, so the host's next link sees it.
          if (probed.network && probed.error !== undefined)
            silences.set(host, { count: (silence?.count ?? 0) + 1, url, error: probed.error });
          else if (probed.status !== undefined) silences.delete(host);
          return probed;
        })) ?? { unchecked: true };
        outcomes.set(url, outcome);
        if (outcome.status !== undefined && outcome.status < 400) cache.alive[url] = Date.now();
      }),
    );
  } finally {
    schedule.close();
  }
  await writeCache(options.cacheFile, cache, ttl);
  const diagnostics: Diagnostic[] = [];
  for (const use of uses) {
    const d = describeOutcome(use, outcomes.get(withoutFragment(use.url))!, onBrokenLinks, budgetMs);
    if (d) diagnostics.push(d);
  }
  return diagnostics;
}

/** The diagnostic for one use of a link, or null when the link is alive (or broken links are ignored). */
function describeOutcome(
  use: ExternalLinkUse,
  outcome: Outcome,
  onBrokenLinks: Severity,
  budgetMs: number,
): Diagnostic | null {
  if (outcome.status !== undefined && outcome.status < 400) return null;
  const place = { file: use.file, line: use.line, column: use.column, route: use.route, target: use.url };
  if (outcome.unchecked) {
    return {
      severity: 'warning',
      rule: 'external-link-unchecked',
      message: `external link not checked → ${use.url} (check --external stopped at its time limit of ${budgetMs / 1000} s before reaching it)`,
      ...place,
      hint: 'raise externalLinks.timeout (seconds for the whole check) in the config to check more links; links found alive are remembered for a day, so the next run starts with the others',
    };
  }
  if (outcome.rateLimited !== undefined) {
    const seconds = Math.ceil(outcome.rateLimited / 1000);
    return {
      severity: 'warning',
      rule: 'unreachable-external-link',
      message: `could not verify external link → ${use.url} (rate limited: the host asks to wait ${seconds} s; check --external waits once per host, up to ${MAX_RETRY_AFTER_MS / 1000} s, ${MAX_TOTAL_RETRY_AFTER_MS / 1000} s in all)`,
      ...place,
      hint: 'the host limits automated requests; check the link by hand, or run check --external again later',
    };
  }
  if (outcome.refused) {
    const why = outcome.refused.via
      ? `it redirects to ${outcome.refused.via}; ${outcome.refused.reason}`
      : outcome.refused.reason;
    return {
      severity: 'warning',
      rule: 'external-link-skipped',
      message: `external link not requested → ${use.url} (${why})`,
      ...place,
      hint: 'check --external never requests loopback, private, link-local or cloud metadata addresses; set externalLinks.allowPrivateNetworks: true in the config to check such links',
    };
  }
  if (outcome.status !== undefined && BROKEN_STATUSES.has(outcome.status)) {
    return withSeverity(
      {
        rule: 'broken-external-link',
        message: `broken external link → ${use.url} (HTTP ${outcome.status})`,
        ...place,
        hint: 'the page is gone; update or remove the link',
      },
      onBrokenLinks,
    );
  }
  const why = outcome.status !== undefined ? `HTTP ${outcome.status}` : outcome.error;
  return {
    severity: 'warning',
    rule: 'unreachable-external-link',
    message: `could not verify external link → ${use.url} (${why})`,
    ...place,
    hint: 'check the link by hand; the host may be down, slow or refusing automated requests',
  };
}

function withoutFragment(url: string): string {
  const index = url.indexOf('#');
  return index === -1 ? url : url.slice(0, index);
}
