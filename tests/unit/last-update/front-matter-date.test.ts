import { describe, expect, it } from 'vitest';
import { parseFrontMatterDate } from '../../../cli/last-update/front-matter-date.js';
import { parseFrontMatter } from '../../../cli/load/front-matter.js';

describe('parseFrontMatterDate', () => {
  it("reads ISO dates, with a time and a zone or without (UTC), and Docusaurus's month/day/year", () => {
    expect(parseFrontMatterDate('2026-11-24')).toBe('2026-11-24T00:00:00.000Z');
    expect(parseFrontMatterDate('2026-11-24T09:30:00Z')).toBe('2026-11-24T09:30:00.000Z');
    expect(parseFrontMatterDate('2026-11-24 09:30')).toBe('2026-11-24T09:30:00.000Z');
    expect(parseFrontMatterDate('2026-11-24T09:30:00.250+02:00')).toBe('2026-11-24T07:30:00.250Z');
    expect(parseFrontMatterDate('2026-11-24T09:30:00-0530')).toBe('2026-11-24T15:00:00.000Z');
    expect(parseFrontMatterDate('1/31/2000')).toBe('2000-01-31T00:00:00.000Z');
  });

  it('refuses what is no calendar date, rather than guessing with Date.parse', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-11-24T25:00',
      'yesterday',
      'November 24, 2026',
      '31/1/2000',
      '',
      '9'.repeat(100),
    ]) {
      expect(parseFrontMatterDate(text), text).toBeUndefined();
    }
  });
});

describe('front matter last_update', () => {
  const parse = (yaml: string) => parseFrontMatter(`---\n${yaml}\n---\n# Page\n`, 'content/docs/page.md');

  it('keeps the date as an ISO string and the author', () => {
    expect(parse('last_update:\n  date: 2026-11-24\n  author: Jane Doe').frontMatter.last_update).toEqual({
      date: '2026-11-24T00:00:00.000Z',
      author: 'Jane Doe',
    });
    expect(parse('last_update: { author: Jane Doe }').frontMatter.last_update).toEqual({ author: 'Jane Doe' });
  });

  it('reports a bad date where it is written, with a hint', () => {
    const { frontMatter, diagnostics } = parse('title: Page\nlast_update:\n  date: 2026-02-30');
    expect(frontMatter).toEqual({ title: 'Page' });
    expect(diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'invalid-front-matter',
        message:
          'front matter last_update.date: not a date: write it as YYYY-MM-DD (2026-11-24), with a time if you like (2026-11-24T09:30:00Z)',
        file: 'content/docs/page.md',
        line: 4,
        column: 9,
        hint: 'write last_update: {date: 2026-11-24, author: Jane Doe} (either may be left out); it overrides the date and author read from git',
      },
    ]);
  });

  it('refuses a last_update that is not a map, or has neither a date nor an author', () => {
    expect(parse('last_update: 2026-11-24').diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, 'front matter last_update: expected object, received string'],
    ]);
    expect(parse('last_update: {}').diagnostics.map((d) => d.message)).toEqual([
      'front matter last_update: give a date, an author or both',
    ]);
    expect(parse('last_update: { date: 2026-11-24, when: now }').diagnostics.map((d) => d.message)).toEqual([
      'front matter last_update: Unrecognized key: "when"',
    ]);
  });
});
