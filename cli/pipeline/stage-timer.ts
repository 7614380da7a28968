import type { Reporter, Timings } from '../types.js';

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
