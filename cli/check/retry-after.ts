/**
 * The longest `Retry-After` the external link check waits for. A host that
 * asks for more is not asked again in this run: its links are reported as
 * rate-limited instead of holding up CI for an hour.
 */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The most a whole run waits for `Retry-After`s, added up. Links come from
 * content: a page linking to a thousand hosts that each ask for a minute
 * must not keep CI waiting for hours.
 */
export const MAX_TOTAL_RETRY_AFTER_MS = 120_000;

/** Any longer wait counts as a day: it is never waited for, and the message stays a number. */
const DAY_MS = 86_400_000;

/**
 * How long a `Retry-After` header asks to wait, in milliseconds: either
 * delta-seconds (`120`) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`,
 * counted from `now`; a date already past is no wait). Undefined when there
 * is no header or it is neither.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, DAY_MS);
  // Every HTTP date form starts with the day's name; Date.parse alone would take `-5` for a year.
  if (!/^[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), DAY_MS);
}

/**
 * What hosts asked of this run. A host is waited for once, up to
 * MAX_RETRY_AFTER_MS, while the run's budget of MAX_TOTAL_RETRY_AFTER_MS
 * lasts; a host that asks for longer, or asks again after that wait, or
 * asks when the budget is spent, is not requested again until its time has
 * passed (in practice, not in this run), so rate limits never hold a check for long.
 */
export class HostLimits {
  private readonly waited = new Set<string>();
  private readonly until = new Map<string, number>();
  private budget = MAX_TOTAL_RETRY_AFTER_MS;

  /** Milliseconds before `host` may be requested again; 0 when it may be now. */
  blockedFor(host: string, now: number): number {
    return Math.max(0, (this.until.get(host) ?? 0) - now);
  }

  /** Whether to wait `askedMs` and retry (true), or leave the host alone from now on (false). */
  shouldWait(host: string, askedMs: number, now: number): boolean {
    if (askedMs <= MAX_RETRY_AFTER_MS && askedMs <= this.budget && !this.waited.has(host)) {
      this.waited.add(host);
      this.budget -= askedMs;
      return true;
    }
    this.until.set(host, now + askedMs);
    return false;
  }
}
