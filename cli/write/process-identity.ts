import { readFileSync } from 'node:fs';

/**
 * What a pid in a lock file or a temporary folder's name tells us, after a
 * `kill -9` or a reboot has left it behind: a pid alone is reused, so a live
 * pid does not mean the process that wrote it still runs. On Linux
 * `/proc/<pid>/stat` gives the process's start time (in clock ticks since
 * boot) and `/proc/sys/kernel/random/boot_id` the boot, which together name
 * one process for good. Elsewhere we can only tell dead from alive.
 */

/**
 * The state of the process that wrote a lock or a temporary folder:
 * `gone` (no such pid), `replaced` (the pid now belongs to a process started
 * since, so not the writer), `running` (the very writer), or `unknown` (alive,
 * and nothing tells whether it is the writer).
 */
export type OwnerState = 'gone' | 'replaced' | 'running' | 'unknown';

/** Clock ticks per second in `/proc/<pid>/stat` (USER_HZ, 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;
/** Start times from `/proc` are rounded (btime to the second): a process must start this much later than a file to be called newer. */
const START_SLACK_MS = 2_000;

/** True when a process with this pid is running (EPERM: it runs, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of `/proc/<pid>/stat` (start time in ticks since boot); the command name before it may hold spaces and parentheses. */
function startTicks(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = fields?.[19];
  return ticks && /^\d+$/.test(ticks) ? ticks : undefined;
}

/** `<boot id>:<start ticks>`: names one process for good on Linux; undefined without `/proc`. */
export function processStartId(pid: number): string | undefined {
  const ticks = startTicks(pid);
  const boot = readText('/proc/sys/kernel/random/boot_id')?.trim();
  return ticks && boot ? `${boot}:${ticks}` : undefined;
}

/** When a process started (epoch ms): exact for this process, from `/proc` for others, undefined when unknown. */
export function processStartedAt(pid: number): number | undefined {
  if (pid === process.pid) return Date.now() - process.uptime() * 1000;
  const ticks = startTicks(pid);
  const btime = /^btime (\d+)$/m.exec(readText('/proc/stat') ?? '')?.[1];
  return ticks && btime ? Number(btime) * 1000 + (Number(ticks) * 1000) / USER_HZ : undefined;
}

/** A process's command line, shortened for a message; undefined when it cannot be read. */
export function processCommand(pid: number): string | undefined {
  const raw = readText(`/proc/${pid}/cmdline`);
  if (!raw) return undefined;
  let end = raw.length;
  while (end > 0 && raw[end - 1] === '\0') end--;
  const command = raw
    .slice(0, end)
    .replace(/\0/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, '?');
  return command.length > 100 ? `${command.slice(0, 97)}...` : command;
}

/**
 * Whether the process that wrote something at `writtenAt` (epoch ms), naming
 * itself by `pid` and maybe `startId` (from `processStartId`), still runs.
 */
export function ownerStateOf(pid: number, writtenAt: number, startId?: string): OwnerState {
  if (!isAlive(pid)) return 'gone';
  const current = pid === process.pid ? (selfStartId ??= processStartId(pid)) : processStartId(pid);
  if (startId && current) return startId === current ? 'running' : 'replaced';
  const startedAt = processStartedAt(pid);
  if (startedAt !== undefined && startedAt > writtenAt + START_SLACK_MS) return 'replaced';
  return 'unknown';
}

let selfStartId: string | undefined;
