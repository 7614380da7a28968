import { describe, expect, it } from 'vitest';
import { createConsoleReporter } from '../../../cli/report/console-reporter.js';
import { PLAIN } from '../../../cli/report/colors.js';

/** A stream, a clock moved by hand and the timer's ticks run by hand: no test waits for real time. */
function harness(isTTY: boolean) {
  let written = '';
  let clock = 0;
  const timers: { ms: number; tick: () => void; stopped: boolean }[] = [];
  const reporter = createConsoleReporter({
    stream: { isTTY, columns: 60, write: (text: string) => (written += text) },
    colors: PLAIN,
    now: () => clock,
    every: (ms, tick) => {
      const timer = { ms, tick, stopped: false };
      timers.push(timer);
      return () => (timer.stopped = true);
    },
  });
  return {
    reporter,
    /** Moves the clock and runs the timer's ticks that fall due on the way. */
    advance(ms: number) {
      for (let step = 0; step < ms; step += 1000) {
        clock += Math.min(1000, ms - step);
        for (const timer of timers) if (!timer.stopped) timer.tick();
      }
    },
    lines: () => written.split('\n').filter(Boolean),
    written: () => written,
    timers,
  };
}

const ERASE_LINE = '\u001b[2K\u001b[1G';

/** The lines a terminal keeps from the text, and the line the cursor is on: an erase empties the current line. */
function screen(text: string): { lines: string[]; current: string } {
  const lines: string[] = [];
  let current = '';
  for (const token of text.split(/(\u001b\[2K\u001b\[1G|\n)/)) {
    if (token === ERASE_LINE) current = '';
    else if (token === '\n') {
      lines.push(current);
      current = '';
    } else current += token;
  }
  return { lines, current };
}

describe('stage lines for a CI log (not a terminal)', () => {
  it('a line when each stage starts and when it ends, with its time and when it ran: overlapping stages show it', () => {
    const { reporter, lines, advance } = harness(false);
    reporter.stageStart('config');
    advance(100);
    reporter.stageEnd('config', 100);
    reporter.stageStart('markdown');
    advance(400);
    reporter.stageStart('api');
    advance(300);
    reporter.stageEnd('markdown', 700);
    advance(600);
    reporter.stageEnd('api', 900);
    expect(lines()).toEqual([
      '▸ config',
      '• config         100 ms  (0.0–0.1 s)',
      '▸ markdown',
      '▸ api',
      '• markdown       700 ms  (0.1–0.8 s)',
      '• api            900 ms  (0.5–1.4 s)',
    ]);
  });

  it('while stages run, a progress line for each every 5 s: counts where the stage reports them, the time so far', () => {
    const { reporter, lines, advance } = harness(false);
    reporter.stageStart('markdown');
    reporter.stageStart('api');
    reporter.progress(420, 1000, 'markdown');
    advance(4000);
    expect(lines()).toEqual(['▸ markdown', '▸ api']);
    advance(1000);
    reporter.progress(610, 1000, 'markdown');
    advance(5000);
    expect(lines().slice(2)).toEqual([
      '  markdown 420/1000 (5 s)',
      '  api (5 s)',
      '  markdown 610/1000 (10 s)',
      '  api (10 s)',
    ]);
  });

  it('a stage that keeps the thread busy (timers starved) still gets its progress lines, from its own reports', () => {
    let out = '';
    let clock = 0;
    // No tick ever runs: only the clock moves, as when compiling on the main thread blocks the event loop.
    const starved = createConsoleReporter({
      stream: { isTTY: false, write: (t: string) => (out += t) },
      colors: PLAIN,
      now: () => clock,
      every: () => () => undefined,
    });
    starved.stageStart('render');
    for (let page = 1; page <= 100; page++) {
      clock += 120;
      starved.progress(page, 100, 'render');
    }
    expect(out.split('\n').filter(Boolean)).toEqual(['▸ render', '  render 42/100 (5 s)', '  render 84/100 (10 s)']);
  });

  it('counts alone print nothing between heartbeats: the log stays short', () => {
    const { reporter, lines } = harness(false);
    reporter.stageStart('render');
    for (let page = 1; page <= 100; page++) reporter.progress(page, 100, 'render');
    reporter.stageEnd('render', 80);
    expect(lines()).toEqual(['▸ render', '• render         80 ms  (0.0–0.0 s)']);
  });

  it('the timer stops when no stage runs, and on close', () => {
    const { reporter, timers } = harness(false);
    reporter.stageStart('config');
    reporter.stageEnd('config', 1);
    expect(timers.map((t) => t.stopped)).toEqual([true]);
    reporter.stageStart('content');
    reporter.close();
    expect(timers.map((t) => t.stopped)).toEqual([true, true]);
  });

  it('the timer ticks every second and the heartbeat is 5 s by default', () => {
    const { reporter, timers, advance, lines } = harness(false);
    reporter.stageStart('api');
    expect(timers[0].ms).toBe(1000);
    advance(4999);
    expect(lines()).toEqual(['▸ api']);
    advance(1);
    expect(lines()).toEqual(['▸ api', '  api (5 s)']);
  });
});

describe('stage lines on a terminal', () => {
  it('one status line redrawn in place above which finished stages stay, and nothing left of it at the end', () => {
    const { reporter, written, advance } = harness(true);
    reporter.stageStart('markdown');
    reporter.stageStart('api');
    reporter.progress(3, 31, 'markdown');
    advance(2000);
    reporter.stageEnd('markdown', 2100);
    reporter.stageEnd('api', 2500);
    reporter.close();
    const text = written();
    // What a terminal shows at the end: only the finished stages (each status line was erased before the next output).
    expect(screen(text)).toEqual({
      lines: ['• markdown       2100 ms  (0.0–2.0 s)', '• api            2500 ms  (0.0–2.0 s)'],
      current: '',
    });
    expect(text).toContain('▸ markdown 3/31, api (2 s)');
    expect(text).not.toContain('▸ markdown\n');
  });

  it('the status line never wraps: cut to the terminal width', () => {
    const { reporter, written } = harness(true);
    for (const name of ['content', 'client bundle', 'markdown', 'api', 'search index', 'external links'])
      reporter.stageStart(name);
    const { current } = screen(written());
    expect(current.length).toBeLessThanOrEqual(60);
    expect(current).toMatch(/^▸ content, client bundle, .*… \(0 s\)$/);
  });
});
