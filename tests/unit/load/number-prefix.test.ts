import { describe, expect, it } from 'vitest';
import { parseNumberPrefix, stripNumberPrefixes } from '../../../cli/load/number-prefix.js';

describe('number prefixes of doc files and folders (as Docusaurus reads them)', () => {
  it.each([
    ['01-intro', 'intro', 1],
    ['2_setup', 'setup', 2],
    ['3.faq', 'faq', 3],
    ['003 - Advanced topics', 'Advanced topics', 3],
    ['10--twice', 'twice', 10],
  ])('strips %j to %j at position %d', (name, stripped, position) => {
    expect(parseNumberPrefix(name)).toEqual({ name: stripped, position });
  });

  it.each(['intro', '404', '01 intro', '2021-01-31-release', '1.2-notes', '7_0-beta', 'a1-intro', '01-', '01- '])(
    'keeps %j as it is (no prefix, a date, a version, or nothing after it)',
    (name) => {
      expect(parseNumberPrefix(name)).toEqual({ name });
    },
  );

  it('strips every segment of a path', () => {
    expect(stripNumberPrefixes('02-guides/01-camera/03-intro')).toBe('guides/camera/intro');
    expect(stripNumberPrefixes('.')).toBe('.');
  });
});
