import { describe, expect, it } from 'vitest';
import { createCodeFrame } from '../../../cli/dev/code-frame.js';

describe('createCodeFrame', () => {
  it('shows the lines around the place with a marker and a caret under the column', () => {
    const source = ['# Title', '', 'Some text.', '', '<div className="box">', '  Unclosed box'].join('\n');
    expect(createCodeFrame(source, 5, 3)).toBe(
      ['  3 | Some text.', '  4 |', '> 5 | <div className="box">', '    |   ^', '  6 |   Unclosed box'].join('\n'),
    );
  });

  it('pads line numbers to the widest one and gives nothing for a line that does not exist', () => {
    const source = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
    expect(createCodeFrame(source, 10, 1).split('\n')[0]).toBe('   8 | line 8');
    expect(createCodeFrame(source, 40, 1)).toBe('');
  });
});
