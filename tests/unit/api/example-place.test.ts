import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeExampleBlocks } from '../../../cli/api/example-place.js';
import { repoRoot } from '../../helpers/run-cli.js';

const SOURCE = [
  'export interface Frame {', //                                  1
  '  /**', //                                                     2
  '   * Returns a string representation.', //                    3
  '   * @example', //                                             4
  '   * ```ts', //                                                5
  '   * console.log(frame.toString())', //                        6
  '   *   // indented', //                                        7
  '   * ```', //                                                  8
  '   * @example', //                                             9
  '   * ```ts', //                                               10
  '   * console.log(frame.toString())', //                       11
  '   * ```', //                                                 12
  '   */', //                                                    13
  '  toString(): string', //                                     14
  '}', //                                                        15
].join('\n');

describe("an @example's place in the library's source", () => {
  it('is the line of its first code line in the comment above the declaration, at the column after ` * `', () => {
    expect(placeExampleBlocks(SOURCE, 14, ['console.log(frame.toString())'])).toEqual([{ line: 6, column: 6 }]);
  });

  it('is searched after the block before it, so two examples that start alike get their own lines', () => {
    expect(placeExampleBlocks(SOURCE, 14, ['console.log(frame.toString())', 'console.log(frame.toString())'])).toEqual([
      { line: 6, column: 6 },
      { line: 11, column: 6 },
    ]);
  });

  it('falls back to the declaration when the code is not found, the file cannot be read or the first line is blank', () => {
    expect(placeExampleBlocks(SOURCE, 14, ['something else'])).toEqual([{ line: 14, column: 1 }]);
    expect(placeExampleBlocks(undefined, 14, ['console.log(frame.toString())'])).toEqual([{ line: 14, column: 1 }]);
    expect(placeExampleBlocks(SOURCE, 14, [''])).toEqual([{ line: 14, column: 1 }]);
  });

  it('reads files with CRLF line ends and comments without the space after `*`', () => {
    const crlf = SOURCE.replace(/\n/g, '\r\n').replace(
      '   * console.log(frame.toString())',
      '   *console.log(frame.toString())',
    );
    expect(placeExampleBlocks(crlf, 14, ['console.log(frame.toString())'])).toEqual([{ line: 6, column: 5 }]);
  });

  it("finds Frame.toString's example in react-native-vision-camera's own source", () => {
    const file = path.join(repoRoot, 'node_modules/react-native-vision-camera/src/types/Frame.ts');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const declaration = lines.findIndex((line) => line.trim().startsWith('toString(): string')) + 1;
    const [place] = placeExampleBlocks(text, declaration, ['console.log(frame.toString()) // -> "3840 x 2160 Frame"']);
    expect(lines[place!.line - 1]!.slice(place!.column - 1)).toBe(
      'console.log(frame.toString()) // -> "3840 x 2160 Frame"',
    );
    expect(place!.line).toBeLessThan(declaration);
  });
});
