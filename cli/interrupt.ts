/**
 * Cleanup on Ctrl+C / SIGTERM. Work that leaves something behind while it
 * runs (a lock file, a temporary output folder) registers a cleanup here;
 * on a signal every registered cleanup runs, then the process exits with
 * the conventional code. With nothing registered, signals keep their default.
 */
type Cleanup = () => void | Promise<unknown>;

const cleanups = new Set<Cleanup>();

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  await exitAfterCleanup(signal === 'SIGINT' ? 130 : 143);
}

/** Runs every registered cleanup, then exits with `code`: after a signal, or an error nothing caught. */
export async function exitAfterCleanup(code: number): Promise<never> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
  process.exit(code);
}

/** Registers a cleanup until the returned function is called. */
export function onInterrupt(cleanup: Cleanup): () => void {
  if (cleanups.size === 0) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
    if (cleanups.size === 0) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
  };
}
