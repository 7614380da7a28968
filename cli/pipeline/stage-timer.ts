/** Milliseconds spent in each stage, in the order they ran. */
export type Timings = Record<string, number>;

export interface Reporter {
  stageStart?(name: string): void;
  stageEnd?(name: string, ms: number): void;
  progress?(done: number, total: number, label: string): void;
  /** One line about something done besides the build itself (a stale lock taken over, output restored after a crash). */
  note?(line: string): void;
}

/** Times each stage (sync or async) and tells the reporter. */
export function createStageTimer(reporter?: Reporter) {
  const timings: Timings = {};
  function stage<T>(name: string, run: () => T): T {
    reporter?.stageStart?.(name);
    const start = performance.now();
    const done = () => {
      const ms = Math.round(performance.now() - start);
      timings[name] = ms;
      reporter?.stageEnd?.(name, ms);
    };
    const result = run();
    if (result instanceof Promise) return result.finally(done) as T;
    done();
    return result;
  }
  return { stage, timings };
}
