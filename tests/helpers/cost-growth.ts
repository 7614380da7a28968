/**
 * Speed belongs in the benchmark; a test guards complexity instead. These
 * helpers compare the CPU time of the same work on an input and on one
 * `factor` times larger, measured back to back in the same test: linear work
 * grows about `factor` times, quadratic work `factor`² times, and a busy
 * machine slows both runs alike (CPU time does not count the time other
 * processes had the CPU). No bound here depends on how fast the machine is.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** CPU milliseconds of this process (all its threads) while `work` runs. */
export async function cpuMs(work: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

export interface GrowthOptions {
  /** How much larger the large input is (default 10). */
  factor?: number;
  /** The most the cost may grow, as a multiple of `factor` (default 3: 10x the input may cost up to 30x). */
  slack?: number;
  /**
   * CPU milliseconds under which the large run passes without measuring the small ones (default 1000):
   * less than any quadratic work on the large input could cost (on 1 MB, quadratic work is minutes). Above
   * it, a busy or slow machine is told from a complexity regression by the ratio.
   */
  floorMs?: number;
}

export interface Growth {
  /** CPU milliseconds of one run on the small and on the large input. */
  small: number;
  large: number;
  ratio: number;
  /** Undefined when the cost grew as allowed, else what grew and by how much. */
  problem?: string;
}

/** Small runs are repeated until this much CPU time (or 10 batches), so that their cost is more than timer noise. */
const MIN_BATCH_MS = 20;

/**
 * The per-run CPU cost of `work` on `factor` small inputs, made before the
 * measure: they take the memory of one large input, so the garbage
 * collector's background threads (which process.cpuUsage counts) have about
 * as much to do as while the large one is measured.
 */
async function smallCost<T>(make: (scale: number) => T, work: (input: T) => unknown, factor: number): Promise<number> {
  let total = 0;
  let runs = 0;
  for (let batch = 0; batch < 10 && total < MIN_BATCH_MS; batch++) {
    const inputs = Array.from({ length: factor }, () => make(1));
    total += await cpuMs(async () => {
      for (const input of inputs) await work(input);
    });
    runs += factor;
  }
  return total / runs;
}

/**
 * Measures how the cost of `work` grows from the input `make(1)` to the input
 * `make(factor)`. Work on the large input under `floorMs` passes at once,
 * with no run on the small input. Otherwise one run on the small input warms
 * up (compiles the code, loads lazy modules) before the measures. A ratio
 * over the limit (but less than twice the limit) is measured twice more and
 * the best of three kept, since a garbage collection can slow one run but not
 * all three of linear work.
 */
export async function measureGrowth<T>(
  name: string,
  make: (scale: number) => T,
  work: (input: T) => unknown,
  options: GrowthOptions = {},
): Promise<Growth> {
  const factor = options.factor ?? 10;
  const limit = factor * (options.slack ?? 3);
  const floorMs = options.floorMs ?? 1000;
  // Under the floor on the large input, before any warm-up (which only adds to a first run's cost): no quadratic work
  // costs that little there, so the small inputs need no measuring.
  const first = make(factor);
  let large = await cpuMs(() => work(first));
  if (large < floorMs) return { small: large / factor, large, ratio: factor };
  await work(make(1));
  let small = Infinity;
  for (let attempt = 0; attempt < 3; attempt++) {
    const input = make(factor);
    large = Math.min(large, await cpuMs(() => work(input)));
    if (large < floorMs) return { small: large / factor, large, ratio: factor };
    small = Math.min(small, await smallCost(make, work, factor));
    // Within the limit, or so far past it that no collection explains it: no need to measure again.
    if (large < small * limit || large > small * limit * 2) break;
  }
  const ratio = large / Math.max(small, 1e-3);
  const grew = ratio >= limit;
  return {
    small,
    large,
    ratio,
    problem: grew
      ? `${name}: ${factor}x the input cost ${Math.round(ratio)}x the CPU time (${small.toFixed(1)} ms → ${Math.round(large)} ms; at most ${limit}x)`
      : undefined,
  };
}

/** Fails the test unless the cost of `work` grows at most `slack` times faster than its input (see measureGrowth). */
export async function expectLinearGrowth<T>(
  name: string,
  make: (scale: number) => T,
  work: (input: T) => unknown,
  options: GrowthOptions = {},
): Promise<Growth> {
  const growth = await measureGrowth(name, make, work, options);
  if (growth.problem) throw new Error(growth.problem);
  return growth;
}

/**
 * Environment that makes a docsgen process (the CLI, run as a child) write
 * its CPU milliseconds, all threads included, to `file` as it exits: the
 * cost of a whole run, which a busy machine does not inflate as it does the
 * wall clock.
 */
export function cpuReportEnv(file: string): Record<string, string> {
  const hook = path.join(mkdtempSync(path.join(os.tmpdir(), 'docsgen-cpu-hook-')), 'report-cpu.mjs');
  writeFileSync(
    hook,
    `import { writeFileSync } from 'node:fs';\nimport { isMainThread } from 'node:worker_threads';\n` +
      `if (isMainThread) process.on('exit', () => {\n  const { user, system } = process.cpuUsage();\n  writeFileSync(${JSON.stringify(file)}, String((user + system) / 1000));\n});\n`,
  );
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(hook).href}`.trim() };
}

/** The CPU milliseconds a run given cpuReportEnv(file) wrote. */
export const reportedCpuMs = (file: string): number => Number(readFileSync(file, 'utf8'));
