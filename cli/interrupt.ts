/**
 * Cleanup on Ctrl+C / SIGTERM. Work that leaves something behind while it
 * runs (a lock file, a temporary output folder) registers a cleanup here;
 * on a signal every registered cleanup runs, then the process exits with
 * the conventional code. With nothing registered, signals keep their default.
 */
type Cleanup = () => void | Promise<unknown>;

const cleanups = new Set<Cleanup>();

async function onSignal(signal: NodeJS.Signals): Promise<void> {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
  process.exit(signal === 'SIGINT' ? 130 : 143);
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
