// Loaded with `node --import` by bench/measure.ts when /usr/bin/time is missing: at exit, writes this process's
// resource usage (CPU microseconds, peak RSS in KiB) as JSON to $BENCH_RUSAGE_FILE.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    if (process.env.BENCH_RUSAGE_FILE)
      writeFileSync(process.env.BENCH_RUSAGE_FILE, JSON.stringify(process.resourceUsage()));
  });
}
