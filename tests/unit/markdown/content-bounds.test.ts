import { describe, expect, it } from 'vitest';
import {
  findExcess,
  MAX_DIRECTIVE_NESTING,
  MAX_TABLE_CELLS,
  MAX_TABLE_COLUMNS,
} from '../../../cli/markdown/content-bounds.js';
import { compile } from '../../helpers/compile.js';

const table = (columns: number, rows: number) =>
  `|${' a |'.repeat(columns)}\n|${' - |'.repeat(columns)}\n${`|${' b |'.repeat(columns)}\n`.repeat(rows)}`;
const nested = (depth: number) => `${':::note\n'.repeat(depth)}Deep.\n${':::\n'.repeat(depth)}`;

describe('content bounds, checked before parsing', () => {
  it('refuses directives nested deeper than the limit, at the first opener too deep, and unclosed ones (which nest)', () => {
    expect(findExcess(nested(MAX_DIRECTIVE_NESTING))).toBeUndefined();
    expect(findExcess(`# T\n\n${nested(5_000)}`)).toEqual(
      expect.objectContaining({ rule: 'too-deep', line: 3 + MAX_DIRECTIVE_NESTING, column: 1 }),
    );
    expect(findExcess(':::note\n'.repeat(2_000))).toEqual(
      expect.objectContaining({ rule: 'too-deep', line: MAX_DIRECTIVE_NESTING + 1 }),
    );
    // Inside a blockquote and a list item, the place is the opener's column.
    expect(findExcess('> - :::tip\n'.repeat(MAX_DIRECTIVE_NESTING + 1))).toEqual(
      expect.objectContaining({ line: MAX_DIRECTIVE_NESTING + 1, column: 5 }),
    );
  });

  it('counts closed directives as closed, whatever their number, and ignores fenced code and closers of fewer colons', () => {
    expect(findExcess(`${':::tip\nText.\n:::\n\n'.repeat(10_000)}`)).toBeUndefined();
    expect(findExcess(`\`\`\`md\n${':::note\n'.repeat(100)}\`\`\`\n`)).toBeUndefined();
    expect(findExcess(`::::note\n${':::tip\nx\n:::\n'.repeat(100)}::::\n`)).toBeUndefined();
    // `:::` does not close a `::::` directive: the next opener nests.
    expect(findExcess(`${'::::note\n:::\n'.repeat(MAX_DIRECTIVE_NESTING + 1)}`)).toEqual(
      expect.objectContaining({ rule: 'too-deep' }),
    );
  });

  it('refuses a table wider than the limit at its delimiter row, and more cells on a page than the limit', () => {
    expect(findExcess(`# T\n\n${table(5_000, 200)}`)).toEqual(
      expect.objectContaining({
        rule: 'too-large',
        line: 4,
        message: `this table has 5000 columns; the limit is ${MAX_TABLE_COLUMNS}`,
      }),
    );
    expect(findExcess(table(MAX_TABLE_COLUMNS, 2))).toBeUndefined();
    expect(findExcess(table(100, 2_000))).toEqual(
      expect.objectContaining({ rule: 'too-large', line: 2 + (MAX_TABLE_CELLS - 200) / 100 + 1 }),
    );
    // Rows shorter than the header count as wide as the table (they are padded to it).
    expect(findExcess(`|${' a |'.repeat(500)}\n|${' - |'.repeat(500)}\n${'| b |\n'.repeat(300)}`)).toEqual(
      expect.objectContaining({ rule: 'too-large' }),
    );
    // A table of 10,000 rows of two columns builds; blank lines end tables, and fenced code holds none.
    expect(findExcess(table(2, 10_000))).toBeUndefined();
    expect(findExcess(`\`\`\`\n${table(5_000, 1)}\`\`\`\n`)).toBeUndefined();
    expect(findExcess(`a\n---\n${'b | c\n'.repeat(10)}`)).toBeUndefined();
  });

  it('takes time in proportion to the page (10 times the input, under 30 times the time)', () => {
    const page = (n: number) =>
      `# T\n\n${':::note\nText | with | pipes\n:::\n\n'.repeat(n)}${table(10, n)}\n> - nested *text*\n`.repeat(4);
    const time = (text: string) => {
      const start = process.cpuUsage();
      for (let i = 0; i < 5; i++) findExcess(text);
      const used = process.cpuUsage(start);
      return used.user + used.system;
    };
    time(page(1_000));
    const small = time(page(2_000));
    const large = time(page(20_000));
    expect(large / small).toBeLessThan(30);
  });

  it('reports a page past a bound as an error of the page, with its place, and compiles nothing', async () => {
    const { diagnostics, html } = await compile(`# Deep\n\n${nested(50)}`, 'mdx');
    expect(html).toBe('');
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        rule: 'too-deep',
        line: 3 + MAX_DIRECTIVE_NESTING,
        column: 1,
        message: `directives (:::note and other admonitions) are nested too deeply (21 levels; the limit is ${MAX_DIRECTIVE_NESTING})`,
      }),
    ]);
  });
});
