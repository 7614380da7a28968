import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { requestGuarded } from '../http/guarded-request.js';
import type { LinkSchedule } from './link-schedule.js';
import { parseRetryAfter, type HostLimits } from './retry-after.js';

/** How one link is requested. */
export interface ProbeOptions {
  /** Per request. */
  timeoutMs: number;
  /** Extra attempts after a timeout, a network error, 429 or 5xx. */
  retries: number;
  /** Wait before the first retry, doubled each time. */
  retryDelayMs: number;
  allowPrivateNetworks?: boolean;
  lookup?: LookupFunction;
  agents?: { http?: HttpAgent; https?: HttpsAgent };
}

/** What requesting a link came to. */
export interface Outcome {
  status?: number;
  /** The answer's `Retry-After` header. */
  retryAfter?: string;
  /** The host asked to wait this long (milliseconds), more than this run waits for (see HostLimits): not requested again. */
  rateLimited?: number;
  error?: string;
  /** The error was the connection's (timeout, DNS, refused, TLS): the host's other links would fare the same. */
  network?: boolean;
  /** Not requested (or a redirect not followed): why, and the URL that was refused when it is not the link's own. */
  refused?: { reason: string; via?: string };
  /** The run's budget was spent before the link was (fully) checked. */
  unchecked?: boolean;
}

/** Requests a URL, again after transient failures, waiting what a `Retry-After` asks when `limits` allow it, until the schedule's budget is spent. */
export async function probeWithRetries(
  url: string,
  host: string,
  limits: HostLimits,
  schedule: LinkSchedule,
  options: ProbeOptions,
): Promise<Outcome> {
  let delay = options.retryDelayMs;
  for (let attempt = 0; ; attempt++) {
    const blocked = limits.blockedFor(host, Date.now());
    if (blocked > 0) return { rateLimited: blocked };
    const outcome = await probe(url, schedule.signal, options);
    if (outcome.network && schedule.signal.aborted) return { unchecked: true };
    const transient =
      !outcome.refused && (outcome.status === undefined || outcome.status === 429 || outcome.status >= 500);
    if (!transient || attempt >= options.retries) return outcome;
    const now = Date.now();
    const asked =
      outcome.status === 429 || outcome.status === 503 ? parseRetryAfter(outcome.retryAfter, now) : undefined;
    if (asked !== undefined && !limits.shouldWait(host, asked, now)) return { ...outcome, rateLimited: asked };
    await sleepUntil(now + (asked ?? delay), schedule);
    if (schedule.signal.aborted) return { unchecked: true };
    delay *= 2;
  }
}

/** HEAD, then GET when HEAD is refused; a request stops after `timeoutMs` or when `budget` aborts. */
async function probe(url: string, budget: AbortSignal, options: ProbeOptions): Promise<Outcome> {
  try {
    const head = await request(url, 'HEAD', budget, options);
    if (head.status === undefined || head.status < 400 || head.status === 429 || head.status >= 500) return head;
    // Many servers refuse HEAD (405, 403, even 404) but answer GET.
    return await request(url, 'GET', budget, options);
  } catch (error) {
    const e = error as Error & { code?: string; cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return { error: `no answer within ${options.timeoutMs} ms`, network: true };
    return { error: e.code ?? e.cause?.code ?? e.message, network: true };
  }
}

async function request(
  url: string,
  method: 'HEAD' | 'GET',
  budget: AbortSignal,
  options: ProbeOptions,
): Promise<Outcome> {
  const { allowPrivateNetworks, lookup, agents } = options;
  // Not AbortSignal.timeout(): inside AbortSignal.any() Node may collect it before it fires (nodejs/node#57736), and
  // a request to a host that never answers then waits for the whole check's budget. This timer is held until cleared.
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException(`no answer within ${options.timeoutMs} ms`, 'TimeoutError')),
    options.timeoutMs,
  );
  try {
    const signal = AbortSignal.any([timeout.signal, budget]);
    const result = await requestGuarded(url, { method, signal, allowPrivateNetworks, lookup, agents });
    if ('refused' in result)
      return { refused: { reason: result.refused, via: result.hops > 0 ? result.url : undefined } };
    return result;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the clock reads `deadline` (a timer alone may fire a millisecond early, and a host's "not before" is a promise to keep), or the budget is spent. */
async function sleepUntil(deadline: number, schedule: LinkSchedule): Promise<void> {
  for (let left = deadline - Date.now(); left > 0 && !schedule.signal.aborted; left = deadline - Date.now())
    await schedule.sleep(left);
}
