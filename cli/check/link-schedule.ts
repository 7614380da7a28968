import { setMaxListeners } from 'node:events';

/**
 * When check --external sends each request: at most `concurrency` in
 * flight over all hosts (so many hosts are checked side by side), one at a
 * time per host with `hostDelayMs` between two requests to the same host
 * (politeness), and one budget for the whole run. Links come from content:
 * a thousand links that never answer must not keep CI waiting for hours.
 * Once the budget is spent, `signal` aborts: requests in flight stop, waits
 * end, and no turn not yet begun is given.
 */
export interface LinkSchedule {
  /** Aborted when the budget is spent. */
  readonly signal: AbortSignal;
  /** Runs `task` in `host`'s turn; `undefined` (and `task` never runs) when the budget ran out first. */
  inTurn<T>(host: string, task: () => Promise<T>): Promise<T | undefined>;
  /** Waits `ms`, or until the budget is spent, whichever comes first. */
  sleep(ms: number): Promise<void>;
  /** Stops the budget's clock; call once the check is over. */
  close(): void;
}

export interface LinkScheduleOptions {
  concurrency: number;
  hostDelayMs: number;
  budgetMs: number;
}

/** setTimeout's longest delay (about 24 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createLinkSchedule({ concurrency, hostDelayMs, budgetMs }: LinkScheduleOptions): LinkSchedule {
  const stop = new AbortController();
  // Every wait and request listens to it: hundreds at once are expected, not a leak.
  setMaxListeners(0, stop.signal);
  const timer = setTimeout(() => stop.abort(), Math.min(Math.max(0, budgetMs), MAX_TIMER_MS));
  const limit = createLimiter(concurrency);
  const hostQueues = new Map<string, Promise<unknown>>();
  const sleep = (ms: number) => sleepUnless(ms, stop.signal);
  return {
    signal: stop.signal,
    inTurn(host, task) {
      const previous = hostQueues.get(host) ?? Promise.resolve();
      const spent = () => stop.signal.aborted;
      const turn = previous.then(() =>
        spent() ? undefined : limit(() => (spent() ? Promise.resolve(undefined) : task())),
      );
      const after = () => (spent() ? undefined : sleep(hostDelayMs));
      hostQueues.set(host, turn.then(after, after));
      return turn;
    },
    sleep,
    close: () => clearTimeout(timer),
  };
}

/** Resolves after `ms`, or as soon as `signal` aborts. */
function sleepUnless(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.min(ms, MAX_TIMER_MS));
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Runs at most `max` tasks at once, the others in the order they came. */
function createLimiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finished task hands its place straight to the next one, so a newcomer cannot slip in between.
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
