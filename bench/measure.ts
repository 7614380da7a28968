import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const GNU_TIME = '/usr/bin/time';
const RUSAGE_PRELOAD = fileURLToPath(new URL('./rusage-preload.mjs', import.meta.url));

/** Where CPU time and peak memory come from on this machine. */
export const MEASURED_WITH = existsSync(GNU_TIME)
  ? '/usr/bin/time -v (user+sys CPU of the process and its children; peak RSS of the largest process)'
  : 'process.resourceUsage() of the Node process, written at exit by bench/rusage-preload.mjs (children such as esbuild not counted; Hugo gets wall time only)';

/** What one run of a command cost. */
export interface ProcessMeasurement {
  wallS: number;
  /** User + system CPU seconds, or null where it cannot be measured. */
  cpuS: number | null;
  /** Peak resident set size in MiB, or null where it cannot be measured. */
  peakRssMiB: number | null;
  exitCode: number | null;
  /** True when the command was killed for exceeding `timeoutMs`. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command (its whole process group) after this long; default 30 minutes. */
  timeoutMs?: number;
}

const OUTPUT_LIMIT = 1_000_000;
const running = new Set<number>();
let interruptHandled = false;

/** On Ctrl+C, end the process groups the benchmark started (they are detached, so the terminal does not reach them). */
function endChildrenOnInterrupt(): void {
  if (interruptHandled) return;
  interruptHandled = true;
  process.once('SIGINT', () => {
    for (const pid of running) process.kill(-pid, 'SIGKILL');
    process.exit(130);
  });
}

/** Runs a command to completion and measures its wall time, CPU time and peak RSS. */
export async function measureProcess(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<ProcessMeasurement> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'docsgen-bench-'));
  const report = path.join(scratch, 'rusage.txt');
  const useTime = existsSync(GNU_TIME);
  const isNode = command === process.execPath;
  const [file, argv] = useTime
    ? [GNU_TIME, ['-v', '-o', report, command, ...args]]
    : [command, isNode ? ['--import', RUSAGE_PRELOAD, ...args] : args];
  const env = { ...process.env, NO_COLOR: '1', ...options.env, BENCH_RUSAGE_FILE: report };
  try {
    const start = performance.now();
    const { exitCode, timedOut, stdout, stderr } = await runToEnd(file, argv, options.cwd, env, options.timeoutMs);
    const wallS = (performance.now() - start) / 1000;
    const usage = existsSync(report) ? readFileSync(report, 'utf8') : '';
    const { cpuS, peakRssMiB } = useTime ? parseGnuTime(usage) : parsePreloadReport(usage);
    return { wallS, cpuS, peakRssMiB, exitCode, timedOut, stdout, stderr };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs `node bin/docsgen.mjs <args>` of the docsgen checkout at `docsgenRoot`. */
export function measureDocsgen(docsgenRoot: string, args: string[], options: RunOptions): Promise<ProcessMeasurement> {
  return measureProcess(process.execPath, [path.join(docsgenRoot, 'bin/docsgen.mjs'), ...args], options);
}

function runToEnd(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 30 * 60_000) {
  return new Promise<{ exitCode: number | null; timedOut: boolean; stdout: string; stderr: string }>(
    (resolve, reject) => {
      // Its own process group, so a timeout ends the command and everything it started (time → node → esbuild).
      const child = spawn(file, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => void (stdout.length < OUTPUT_LIMIT && (stdout += chunk)));
      child.stderr.on('data', (chunk: Buffer) => void (stderr.length < OUTPUT_LIMIT && (stderr += chunk)));
      if (child.pid) running.add(child.pid);
      endChildrenOnInterrupt();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (child.pid) running.delete(child.pid);
        resolve({ exitCode: code, timedOut, stdout, stderr });
      });
    },
  );
}

function parseGnuTime(text: string): { cpuS: number | null; peakRssMiB: number | null } {
  const field = (name: string) => {
    const match = new RegExp(`${name}:\\s*([\\d.]+)`).exec(text);
    return match ? Number(match[1]) : null;
  };
  const user = field('User time \\(seconds\\)');
  const system = field('System time \\(seconds\\)');
  const rssKiB = field('Maximum resident set size \\(kbytes\\)');
  return {
    cpuS: user === null || system === null ? null : user + system,
    peakRssMiB: rssKiB === null ? null : rssKiB / 1024,
  };
}

function parsePreloadReport(text: string): { cpuS: number | null; peakRssMiB: number | null } {
  if (!text) return { cpuS: null, peakRssMiB: null };
  const usage = JSON.parse(text) as { userCPUTime: number; systemCPUTime: number; maxRSS: number };
  return { cpuS: (usage.userCPUTime + usage.systemCPUTime) / 1e6, peakRssMiB: usage.maxRSS / 1024 };
}

/** The median of some numbers (the mean of the middle two for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Medians of wall, CPU and RSS over several runs. */
export function summarize(runs: ProcessMeasurement[]): {
  wallS: number | null;
  cpuS: number | null;
  peakRssMiB: number | null;
} {
  const pick = (key: 'wallS' | 'cpuS' | 'peakRssMiB') =>
    median(runs.map((run) => run[key]).filter((v): v is number => v !== null));
  return { wallS: pick('wallS'), cpuS: pick('cpuS'), peakRssMiB: pick('peakRssMiB') };
}
