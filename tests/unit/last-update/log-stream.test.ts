import { describe, expect, it } from 'vitest';
import { LogStream } from '../../../cli/last-update/log-stream.js';

const HASH_A = 'a'.repeat(40);
const HASH_B = 'b'.repeat(40);

/** `git log --format=%x1e%H%x00%ct%x00%an --name-only -z` output for commits, newest first. */
function logOutput(commits: { hash: string; time: number; author: string; files: string[] }[]): Buffer {
  return Buffer.from(
    commits
      .map(
        (c) =>
          `\x1e${c.hash}\0${c.time}\0${c.author}\0` +
          (c.files.length ? '\n' + c.files.map((f) => `${f}\0`).join('') : ''),
      )
      .join(''),
    'utf8',
  );
}

const ODD_NAMES = [
  'docs/a b.md',
  'docs/new\nline.md',
  'docs/"quoted" \'name\'.md',
  'docs/\x1e' + HASH_A + '.md',
  'docs/é-ü.md',
];

describe('LogStream', () => {
  it('gives each file its newest commit, whatever its name holds (spaces, newlines, quotes, the separator, UTF-8)', () => {
    const output = logOutput([
      { hash: HASH_B, time: 1700000500, author: 'Grace \x1e Hopper', files: [ODD_NAMES[0], ODD_NAMES[1]] },
      { hash: HASH_A, time: 1700000000, author: 'Ada', files: ODD_NAMES },
    ]);
    const stream = new LogStream(new Set(ODD_NAMES));
    stream.push(output);
    expect(stream.broken).toBe(false);
    expect(Object.fromEntries(stream.found)).toEqual({
      [ODD_NAMES[0]]: { time: 1700000500, author: 'Grace \x1e Hopper' },
      [ODD_NAMES[1]]: { time: 1700000500, author: 'Grace \x1e Hopper' },
      [ODD_NAMES[2]]: { time: 1700000000, author: 'Ada' },
      [ODD_NAMES[3]]: { time: 1700000000, author: 'Ada' },
      [ODD_NAMES[4]]: { time: 1700000000, author: 'Ada' },
    });
  });

  it('reads the same whichever byte the chunks split at (a UTF-8 character cut in two included)', () => {
    const output = logOutput([
      { hash: HASH_B, time: 1700000500, author: 'Zoë', files: ['docs/é-ü.md'] },
      { hash: HASH_A, time: 1700000000, author: 'Ada', files: ['docs/a b.md', 'docs/é-ü.md'] },
    ]);
    for (let cut = 1; cut < output.length; cut++) {
      const stream = new LogStream(new Set(['docs/a b.md', 'docs/é-ü.md']));
      stream.push(output.subarray(0, cut));
      stream.push(output.subarray(cut));
      expect(Object.fromEntries(stream.found), `cut at ${cut}`).toEqual({
        'docs/é-ü.md': { time: 1700000500, author: 'Zoë' },
        'docs/a b.md': { time: 1700000000, author: 'Ada' },
      });
    }
  });

  it('says to stop once every wanted file is found, and skips commits without files (merges)', () => {
    const stream = new LogStream(new Set(['docs/x.md']));
    const merge = logOutput([{ hash: HASH_B, time: 2, author: 'Merger', files: [] }]);
    expect(stream.push(merge)).toBe(true);
    expect(stream.push(logOutput([{ hash: HASH_A, time: 1, author: 'Ada', files: ['docs/y.md', 'docs/x.md'] }]))).toBe(
      false,
    );
    expect(stream.complete).toBe(true);
    expect(stream.found.get('docs/x.md')).toEqual({ time: 1, author: 'Ada' });
  });

  it('refuses output of another shape instead of guessing', () => {
    const stream = new LogStream(new Set(['docs/x.md']));
    expect(stream.push(Buffer.from('commit 1234\nAuthor: someone\n\0'))).toBe(false);
    expect(stream.broken).toBe(true);
    const endless = new LogStream(new Set(['docs/x.md']));
    expect(endless.push(Buffer.alloc(128 * 1024, 'x'))).toBe(false);
    expect(endless.broken).toBe(true);
  });
});
