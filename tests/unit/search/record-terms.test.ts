import { describe, expect, it } from 'vitest';
import { indexRecord, mergeRecordTerms } from '../../../cli/search/record-terms.js';
import { compounds, PART_FIELD_OFFSET, SEARCH_FIELDS } from '../../../templates/shared/search-terms.js';

const field = (name: (typeof SEARCH_FIELDS)[number], part = false) =>
  SEARCH_FIELDS.indexOf(name) + (part ? PART_FIELD_OFFSET : 0);

const record = (values: Partial<Record<(typeof SEARCH_FIELDS)[number], string>> & { pageStart?: boolean }) => ({
  title: '',
  description: '',
  heading: '',
  api: '',
  text: '',
  ...values,
});

describe('indexRecord', () => {
  it('indexes each word whole under its field and its camelCase parts under the part field', () => {
    const terms = indexRecord(
      record({ title: 'Taking Photos', heading: 'takePhoto()', text: 'Photos photos PHOTOS.' }),
    );
    expect(terms.terms).toEqual([
      ['taking', field('title'), 1],
      ['photos', field('title'), 1],
      ['takephoto', field('heading'), 1],
      ['take', field('heading', true), 1],
      ['photo', field('heading', true), 1],
      ['photos', field('text'), 3],
    ]);
    // Distinct words of each field.
    expect(terms.lengths).toEqual([2, 0, 1, 0, 1]);
  });

  it("indexes the page title and description on a page's first record only", () => {
    const first = indexRecord(record({ title: 'Camera', description: 'The view', text: 'a', pageStart: true }));
    const later = indexRecord(record({ title: 'Camera', description: 'The view', text: 'b', pageStart: false }));
    expect(first.terms.map(([term]) => term)).toEqual(['camera', 'the', 'view', 'a']);
    expect(later.terms).toEqual([['b', field('text'), 1]]);
    expect(later.lengths).toEqual([0, 0, 0, 0, 1]);
  });

  it('indexes error codes and other compounds whole, and by their shorter runs, besides their words', () => {
    expect(compounds('Throws device/invalid-device or react-native-vision-camera.')).toEqual([
      'device/invalid',
      'device/invalid-device',
      'invalid-device',
      'react-native',
      'react-native-vision',
      'react-native-vision-camera',
      'native-vision',
      'native-vision-camera',
      'vision-camera',
    ]);
    // A path or URL of many parts is left to its words.
    expect(compounds('see a/b/c/d/e/f')).toEqual([]);
    const terms = indexRecord(record({ api: "'device/invalid-device'" })).terms.map(([term, id]) => [term, id]);
    expect(terms).toContainEqual(['device/invalid-device', field('api')]);
    expect(terms).toContainEqual(['invalid-device', field('api')]);
    expect(terms).toContainEqual(['invalid', field('api')]);
  });
});

describe('mergeRecordTerms', () => {
  it('merges records 0…n-1 into term postings by field, as record gaps and frequencies, with average lengths over the records that have the field', () => {
    const merged = mergeRecordTerms([
      indexRecord(record({ title: 'Taking Photos', text: 'take a photo', pageStart: true })),
      indexRecord(record({ title: 'Taking Photos', heading: 'Flash', text: 'flash photo', pageStart: false })),
      indexRecord(record({ text: 'no match here', pageStart: true })),
      indexRecord(record({ text: 'photo photo', pageStart: true })),
    ]);
    expect(merged.documentCount).toBe(4);
    expect(Object.fromEntries(merged.index)).toMatchObject({
      // Records 0, 1 and 3: gaps 0, 1 and 2; record 3 has the word twice.
      photo: { [field('text')]: [0, 1, 1, 1, 2, 2] },
      flash: { [field('heading')]: [1, 1], [field('text')]: [1, 1] },
      taking: { [field('title')]: [0, 1] },
    });
    // The title is on one record of four, the heading too: their averages are over that record alone.
    expect(merged.averageFieldLength).toEqual([2, 0, 1, 0, 2.25]);
  });
});
