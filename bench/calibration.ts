import { round, type BenchContext, type ScenarioResult } from './context.js';
import { median } from './measure.js';
import { CORPUS_1K, hugoBaseline, syntheticCorpus } from './synthetic/corpus.js';

const BUFFER_BYTES = 1 << 20;
const ROUNDS = 64;
const REPEATS = 5;

/** What the calibration figures are, in short, for the table. */
const CALIBRATION_NOTE = `nodeHashMs: a fixed 1 MiB hashed ${ROUNDS}x by FNV-1a in JavaScript on one thread; hugo1kColdS: Hugo's cold 1k build in this run`;

/** What the calibration figures are, for results.json. */
export const CALIBRATION_DESCRIPTION =
  `nodeHashMs: milliseconds for one Node thread to hash a fixed 1 MiB buffer ${ROUNDS} times with FNV-1a written in JavaScript ` +
  `(JIT-compiled code like docsgen's own, no native crypto), median of ${REPEATS} after one unmeasured; ` +
  `hugo1kColdS: Hugo's cold build of the synthetic 1k corpus in this run (median). Divide a figure by either to compare runs on different hosts`;

/** The same bytes on every host: byte i is (i * 31 + 7) mod 256. */
function fixedBuffer(bytes: number): Uint8Array {
  const buffer = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) buffer[i] = (i * 31 + 7) & 255;
  return buffer;
}

/** FNV-1a (32 bit) over `buffer`, `rounds` times in a row; the result depends on every round, so none is skipped. */
export function hashRounds(buffer: Uint8Array, rounds: number): number {
  let hash = 0x811c9dc5;
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < buffer.length; i++) {
      hash ^= buffer[i];
      hash = Math.imul(hash, 0x01000193);
    }
  }
  return hash >>> 0;
}

/** The fixed single-threaded workload: median milliseconds of `repeats` timed runs, and the hash (the same everywhere). */
export function timeNodeWorkload(
  bytes = BUFFER_BYTES,
  rounds = ROUNDS,
  repeats = REPEATS,
): { ms: number; checksum: number } {
  const buffer = fixedBuffer(bytes);
  let checksum = hashRounds(buffer, rounds);
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    checksum = hashRounds(buffer, rounds);
    times.push(performance.now() - start);
  }
  return { ms: median(times)!, checksum };
}

/**
 * calibration: measured in every run, whatever `--only` says, so that runs on different hosts compare. Hugo's cold
 * 1k build reuses the builds of this run's 1k scenarios, or makes one (generating the corpus, a few seconds).
 */
export async function measureCalibration(context: BenchContext): Promise<ScenarioResult> {
  context.log('calibration: timing the Node workload');
  const node = timeNodeWorkload();
  const hugo = await hugoBaseline(context, syntheticCorpus(context, CORPUS_1K), 1);
  return {
    name: 'calibration',
    status: 'ok',
    note: [CALIBRATION_NOTE, hugo.note].filter(Boolean).join('; '),
    figures: { nodeHashMs: round(node.ms, 1), hugo1kColdS: round(hugo.wallS) },
    details: { description: CALIBRATION_DESCRIPTION, checksum: node.checksum, hugoRuns: hugo.runs },
  };
}
