/**
 * Resolves on the first SIGINT (Ctrl+C) or SIGTERM, with the signal's name,
 * and removes its listeners so a second Ctrl+C falls back to Node's default.
 */
export function waitForShutdownSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
    const onSignal = (signal: NodeJS.Signals) => {
      for (const s of signals) process.off(s, onSignal);
      resolve(signal);
    };
    for (const s of signals) process.on(s, onSignal);
  });
}
