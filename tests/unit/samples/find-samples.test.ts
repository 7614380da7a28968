import { describe, expect, it } from 'vitest';
import { findSamples } from '../../../cli/samples/find-samples.js';

describe('findSamples', () => {
  it('finds a block with its language, meta, code and the place of its first code line', () => {
    const source = [
      '# Title',
      '',
      '```tsx title="App.tsx" {3} setup=camera',
      'const a = 1',
      'const b = 2',
      '```',
      '',
    ].join('\n');
    expect(findSamples(source)).toEqual([
      { lang: 'tsx', meta: 'title="App.tsx" {3} setup=camera', code: 'const a = 1\nconst b = 2', line: 4, column: 1 },
    ]);
  });

  it('finds fences indented inside JSX, and removes their indentation from the code', () => {
    const source = [
      '<Tabs>',
      '  <TabItem value="a">',
      '',
      '    ```ts',
      '    const a = 1',
      '      nested()',
      '    ```',
      '',
      '  </TabItem>',
      '</Tabs>',
    ].join('\n');
    expect(findSamples(source)).toEqual([
      { lang: 'ts', meta: '', code: 'const a = 1\n  nested()', line: 5, column: 5 },
    ]);
  });

  it('finds ~~~ fences, where the info string may hold backticks', () => {
    const source = ['~~~ts title="`a`"', 'let x = 1', '~~~'].join('\n');
    expect(findSamples(source)).toEqual([{ lang: 'ts', meta: 'title="`a`"', code: 'let x = 1', line: 2, column: 1 }]);
  });

  it('keeps a shorter fence or another fence character inside a longer fence as code', () => {
    const source = ['````md', '```ts', 'inner', '```', '~~~', '````', '```ts', 'after', '```'].join('\n');
    expect(findSamples(source)).toEqual([
      { lang: 'md', meta: '', code: '```ts\ninner\n```\n~~~', line: 2, column: 1 },
      { lang: 'ts', meta: '', code: 'after', line: 8, column: 1 },
    ]);
  });

  it('does not close a fence with a line that has text after the fence', () => {
    const source = ['```ts', 'a', '``` not a close', '```'].join('\n');
    expect(findSamples(source)[0]!.code).toBe('a\n``` not a close');
  });

  it('runs an unclosed fence to the end of the source', () => {
    const source = ['text', '```ts', 'const a = 1', 'const b = 2'].join('\n');
    expect(findSamples(source)).toEqual([
      { lang: 'ts', meta: '', code: 'const a = 1\nconst b = 2', line: 3, column: 1 },
    ]);
  });

  it('does not take inline code or a two-backtick run for a fence', () => {
    expect(findSamples('Use ```ts``` here\n```ts``` at the start\n``ts\nx\n``')).toEqual([]);
  });

  it('reads CRLF sources with the same lines', () => {
    expect(findSamples('a\r\n```ts\r\nx\r\ny\r\n```\r\n')).toEqual([
      { lang: 'ts', meta: '', code: 'x\ny', line: 3, column: 1 },
    ]);
  });

  it('finds an empty block and a block without a language', () => {
    expect(findSamples('```\n```\n\n```ts\n```')).toEqual([
      { lang: '', meta: '', code: '', line: 2, column: 1 },
      { lang: 'ts', meta: '', code: '', line: 5, column: 1 },
    ]);
  });

  it('scans a large adversarial source in linear time', () => {
    // Many openings, none closed the same way: each line is looked at once.
    const source = '```ts\n'.repeat(1) + '`'.repeat(3).concat('x\n').repeat(200_000);
    const found = findSamples(source);
    expect(found).toHaveLength(1);
    expect(found[0]!.code.split('\n')).toHaveLength(200_000);
  });
});
