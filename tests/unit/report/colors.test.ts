import { describe, expect, it } from 'vitest';
import { wantsColor } from '../../../cli/report/colors.js';

const terminal = { isTTY: true };
const pipe = { isTTY: false };

describe('when output is coloured', () => {
  it('on a terminal by default, not in a pipe or a file', () => {
    expect(wantsColor(terminal, {})).toBe(true);
    expect(wantsColor(pipe, {})).toBe(false);
  });

  it('never on a dumb terminal', () => {
    expect(wantsColor(terminal, { TERM: 'dumb' })).toBe(false);
  });

  it('FORCE_COLOR colours a log that is no terminal (GitHub Actions); FORCE_COLOR=0 or false turns it off', () => {
    expect(wantsColor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColor(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(wantsColor(terminal, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColor(terminal, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('NO_COLOR (any value but empty) turns it off, also against FORCE_COLOR', () => {
    expect(wantsColor(terminal, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(pipe, { NO_COLOR: 'yes', FORCE_COLOR: '1' })).toBe(false);
    expect(wantsColor(terminal, { NO_COLOR: '' })).toBe(true);
  });

  it('--color and --no-color beat every environment variable', () => {
    expect(wantsColor(pipe, { NO_COLOR: '1' }, true)).toBe(true);
    expect(wantsColor(terminal, { FORCE_COLOR: '1' }, false)).toBe(false);
  });
});
