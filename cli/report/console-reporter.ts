import { clearLine, cursorTo } from 'node:readline';
import type { Reporter } from '../types.js';
import { colorsFor, type Colors } from './colors.js';

/** Where stage lines go: stderr, a terminal or a CI log. */
export interface ReporterStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ConsoleReporterOptions {
  stream?: ReporterStream;
  /** Painters for the stream (default: decided by colors.ts for that stream). */
  colors?: Colors;
  /** Not a terminal: the longest time between two progress lines of a running stage, in ms (5 s). */
  heartbeatMs?: number;
  /** How often the timer looks: on a terminal it redraws the status line's time, elsewhere it prints progress when due (1 s). */
  tickMs?: number;
  /** Milliseconds from any fixed point (tests pass a fake clock). */
  now?: () => number;
  /** Calls `tick` every `ms` until the returned function is called (tests tick by hand). */
  every?: (ms: number, tick: () => void) => () => void;
}

/** The CLI's reporter; `close` stops its timer and clears the status line (the run is over, or failed). */
export interface ConsoleReporter extends Required<Reporter> {
  close(): void;
}

interface Running {
  start: number;
  done?: number;
  total?: number;
}

/**
 * Prints the build's stages for a person or a CI log, on stderr (stdout is
 * the report's). On a terminal: one line per finished stage with its time
 * and when it ran (seconds from the start: `• api  3813 ms  (7.2–11.0 s)`),
 * and below them one status line redrawn in place (running stages, their
 * counts, the time so far). Elsewhere, where a redrawn line would be noise:
 * a line when each stage starts and ends, and while stages run a line for
 * each at least every `heartbeatMs`, so a CI log never looks stuck.
 */
export function createConsoleReporter(options: ConsoleReporterOptions = {}): ConsoleReporter {
  const stream = options.stream ?? process.stderr;
  const c = options.colors ?? colorsFor(stream);
  const now = options.now ?? (() => performance.now());
  const every = options.every ?? repeat;
  const tty = Boolean(stream.isTTY);
  const running = new Map<string, Running>();
  /** The run's start (the reporter's creation): each finished stage's line says when it ran, so overlaps show. */
  const origin = now();
  let stopTimer: (() => void) | undefined;
  let statusShown = false;
  let lastDraw = -Infinity;
  let lastBeat = 0;
  const heartbeatMs = options.heartbeatMs ?? 5000;

  const seconds = (since: number) => `${Math.floor((now() - since) / 1000)} s`;
  const counts = (r: Running) => (r.total !== undefined ? ` ${r.done}/${r.total}` : '');

  function clearStatus(): void {
    if (!statusShown) return;
    clearLine(stream as NodeJS.WritableStream, 0);
    cursorTo(stream as NodeJS.WritableStream, 0);
    statusShown = false;
  }
  function drawStatus(): void {
    clearStatus();
    if (running.size === 0) return;
    lastDraw = now();
    const first = Math.min(...[...running.values()].map((r) => r.start));
    const tail = ` (${seconds(first)})`;
    // Never wider than the terminal: a wrapped line could not be redrawn in place.
    const room = (stream.columns || 80) - tail.length - 3;
    const stages = [...running].map(([name, r]) => `${name}${counts(r)}`).join(', ');
    stream.write(
      `${c.cyan('▸')} ${stages.length > room ? stages.slice(0, Math.max(room - 1, 0)) + '…' : stages}${c.dim(tail)}`,
    );
    statusShown = true;
  }
  /** A permanent line; on a terminal it goes above the status line. */
  function line(text: string): void {
    clearStatus();
    stream.write(text + '\n');
    if (tty) drawStatus();
  }
  /** A progress line for each running stage, when the last ones are `heartbeatMs` old. */
  function heartbeat(): void {
    if (now() - lastBeat < heartbeatMs) return;
    lastBeat = now();
    for (const [name, r] of running) stream.write(`  ${name}${counts(r)} ${c.dim(`(${seconds(r.start)})`)}\n`);
  }
  function stop(): void {
    stopTimer?.();
    stopTimer = undefined;
  }

  return {
    stageStart(name) {
      if (running.size === 0) lastBeat = now();
      running.set(name, { start: now() });
      if (tty) drawStatus();
      else line(`${c.cyan('▸')} ${name}`);
      // The timer speaks for stages that report no counts (api); a stage that keeps the thread busy
      // (markdown compiling on it) starves timers, so progress reports also bring the heartbeat.
      stopTimer ??= every(options.tickMs ?? 1000, tty ? drawStatus : heartbeat);
    },
    progress(done, total, label) {
      const stage = running.get(label);
      if (!stage) return;
      stage.done = done;
      stage.total = total;
      // A terminal shows counts as they change (at most every 50 ms); a log gets them with the heartbeat.
      if (!tty) heartbeat();
      else if (now() - lastDraw >= 50 || done === total) drawStatus();
    },
    stageEnd(name, ms) {
      const stage = running.get(name);
      running.delete(name);
      if (running.size === 0) stop();
      // From its start to now, in seconds since the run began: stages that ran side by side show it.
      const at = (time: number) => ((time - origin) / 1000).toFixed(1);
      const span = stage ? `  (${at(stage.start)}–${at(now())} s)` : '';
      line(`${c.dim('•')} ${name.padEnd(14)} ${c.dim(`${ms} ms${span}`)}`);
    },
    note(text) {
      line(`${c.yellow('!')} ${text}`);
    },
    close() {
      stop();
      running.clear();
      clearStatus();
    },
  };
}

/** setInterval that never keeps the process alive. */
function repeat(ms: number, tick: () => void): () => void {
  const timer = setInterval(tick, ms);
  timer.unref();
  return () => clearInterval(timer);
}
