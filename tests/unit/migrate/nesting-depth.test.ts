import { describe, expect, it } from 'vitest';
import { deepNestingOffset, lineColumnAt } from '../../../cli/migrate/nesting-depth.js';

describe('deepNestingOffset', () => {
  it('finds the bracket past the limit, skipping strings, template text and comments', () => {
    expect(deepNestingOffset('x = [[[]]]', 3)).toBe(-1);
    expect(deepNestingOffset('x = [[[[]]]]', 3)).toBe(7);
    // Brackets in strings, comments and template text do not nest; a substitution's do.
    expect(deepNestingOffset("x = ['[[[[', \"((((\", `{{{{${'['}`, /* [[[[ */ // {{{{\n]", 3)).toBe(-1);
    expect(deepNestingOffset('x = [`${[[1]]}`]', 3)).toBe(9);
    expect(deepNestingOffset('x = [`${`${[1]}`}`]', 3)).toBe(11);
  });

  it('scans a megabyte of brackets in one pass', () => {
    const deep = `export default { x: ${'['.repeat(500_000)}${']'.repeat(500_000)} };`;
    expect(deepNestingOffset(deep)).toBe(20 + 999);
  });
});

describe('lineColumnAt', () => {
  it('counts lines as JavaScript ends them', () => {
    expect(lineColumnAt('a\r\nb\rc\u2028d\ne', 9)).toEqual({ line: 5, column: 1 });
    expect(lineColumnAt('abc', 2)).toEqual({ line: 1, column: 3 });
  });
});
