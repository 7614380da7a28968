/**
 * How a run stops before it finishes: Ctrl+C, SIGTERM, SIGHUP (a closed
 * terminal), stdout or stderr going away (report/output-streams.ts), or an
 * error nothing caught. Work that leaves something behind while it runs (a
 * lock file, a temporary output folder, a worker thread) registers a cleanup
 * here; a stop runs every registered cleanup, then the process exits with the
 * stop's code. `dev` and `serve` wait for a stop instead (`waitForShutdown`)
 * and close their servers themselves.
 *
 * A stop is bounded: whatever a cleanup does, or whatever keeps running
 * meanwhile, the process exits STOP_BOUND_MS after the stop began, and a
 * second signal ends it at once. With nothing registered and nobody waiting,
 * signals keep Node's default (the process ends at once).
 */
type Cleanup = () => void | Promise<unknown>;

/** What stopped a server command: a signal (exit 0), or its output going away (exit 2). */
export type Shutdown = { signal: NodeJS.Signals } | { lostOutput: true };

/** The conventional exit codes: 128 + the signal's number. */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;
const SIGNALS = Object.keys(SIGNAL_EXIT_CODES) as (keyof typeof SIGNAL_EXIT_CODES)[];

/** The most a stop waits for its cleanups (and a server for its close) before the process exits anyway. */
export const STOP_BOUND_MS = 5_000;

const cleanups = new Set<Cleanup>();
/** Synchronous last resorts, run when the bound cuts the cleanups short (see onStopBound). */
const lastResorts = new Set<() => void>();
const waiters = new Set<(shutdown: Shutdown) => void>();
/** The exit code of the stop under way; undefined while the run goes on. */
let stopping: number | undefined;
let finishing: Promise<never> | undefined;

/** True once a stop began: what fails from here on is the stop's doing, not news. */
export function isStopping(): boolean {
  return stopping !== undefined;
}

/**
 * Runs every registered cleanup, then exits with `code`: after a signal, an
 * output error, or an error nothing caught. Called again while a stop is under
 * way, it changes nothing (the first stop's code stands).
 */
export function exitAfterCleanup(code: number): Promise<never> {
  if (finishing) return finishing;
  if (stopping === undefined) beginStop(code);
  else code = stopping;
  const pending = [...cleanups];
  cleanups.clear();
  finishing = Promise.allSettled(pending.map(async (cleanup) => cleanup())).then(() => process.exit(code));
  return finishing;
}

/**
 * A stream went away: a server command that waits for a stop closes and exits 2;
 * anything else runs its cleanups and exits 2.
 */
export function stopForLostOutput(): void {
  if (stopping !== undefined) return;
  if (waiters.size > 0) return deliver({ lostOutput: true });
  void exitAfterCleanup(2);
}

/** Registers a cleanup until the returned function is called. */
export function onInterrupt(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  listenForSignals();
  return () => {
    cleanups.delete(cleanup);
    listenForSignals();
  };
}

/**
 * Registers a synchronous last resort until the returned function is called:
 * it runs when a stop reaches STOP_BOUND_MS with its cleanups still going (a
 * machine so busy that removing a temporary folder takes seconds), just before
 * the process exits, so what the cleanup had not finished is still undone.
 */
export function onStopBound(lastResort: () => void): () => void {
  lastResorts.add(lastResort);
  return () => lastResorts.delete(lastResort);
}

/**
 * For `dev` and `serve`: resolves on the first SIGINT, SIGTERM or SIGHUP
 * (the server exits 0) or when stdout or stderr goes away (exit 2). The caller
 * closes what it runs; the process exits anyway STOP_BOUND_MS later, and at
 * once on a second signal.
 */
export function waitForShutdown(): Promise<Shutdown> {
  return new Promise((resolve) => {
    waiters.add(resolve);
    listenForSignals();
  });
}

function onSignal(signal: NodeJS.Signals): void {
  // A second signal, or one while an error stops the run: at once (Ctrl+C twice).
  if (stopping !== undefined) process.exit(stopping);
  if (waiters.size > 0) {
    // Cleanups registered meanwhile (a config being read again) run too; the server closes itself.
    for (const cleanup of [...cleanups])
      void Promise.resolve()
        .then(cleanup)
        .catch(() => undefined);
    cleanups.clear();
    return deliver({ signal });
  }
  void exitAfterCleanup(SIGNAL_EXIT_CODES[signal as keyof typeof SIGNAL_EXIT_CODES]);
}

function deliver(shutdown: Shutdown): void {
  beginStop('signal' in shutdown ? 0 : 2);
  const resolved = [...waiters];
  waiters.clear();
  for (const resolve of resolved) resolve(shutdown);
}

/**
 * Marks the stop and starts its bound. The timer does not keep the process
 * alive (once everything has settled, it ends by itself with `code`), but it
 * fires while something else does: a worker thread, a connection, a timer.
 */
function beginStop(code: number): void {
  stopping = code;
  process.exitCode = code;
  listenForSignals();
  setTimeout(() => {
    for (const lastResort of lastResorts) {
      try {
        lastResort();
      } catch {
        // The exit must come: a last resort that fails leaves what a kill -9 would (the next build recovers it).
      }
    }
    process.exit(code);
  }, STOP_BOUND_MS).unref();
}

/** Signal listeners exist while something is registered, waited for or stopping; otherwise Node's default applies. */
function listenForSignals(): void {
  const wanted = cleanups.size > 0 || waiters.size > 0 || stopping !== undefined;
  const listening = process.listeners('SIGINT').includes(onSignal);
  if (wanted === listening) return;
  for (const signal of SIGNALS) {
    if (wanted) process.on(signal, onSignal);
    else process.off(signal, onSignal);
  }
}
