import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { indexRecord, mergeRecordTerms } from '../../../cli/search/record-terms.js';
import { indexTerms, SEARCH_FIELDS, tokenize } from '../../../templates/shared/search-terms.js';

const records = [
  {
    id: 0,
    title: 'Taking Photos',
    heading: '',
    text: 'Call takePhoto() to capture a still image. Photos photos PHOTOS.',
  },
  {
    id: 1,
    title: 'Taking Photos',
    heading: 'Flash',
    text: 'Pass a flash mode when you capture. takePhoto takes a flash.',
  },
  { id: 2, title: 'Camera', heading: 'Methods', text: '' },
  {
    id: 3,
    title: 'useCameraDevice',
    heading: 'CMSampleBuffer and toArrayBuffer2',
    text: 'Returns the best matching camera device — über schön, 写真 camera.',
  },
];

/** What the browser loads: MiniSearch's own serialisation of the same records with the same options. */
function miniSearchIndex() {
  const mini = new MiniSearch({
    fields: [...SEARCH_FIELDS],
    idField: 'id',
    tokenize: (text) => tokenize(text),
    processTerm: (term) => indexTerms(term),
  });
  mini.addAll(records);
  return mini.toJSON();
}

const sortedEntries = (index: [string, unknown][]) => [...index].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

describe('an index merged from cached record terms', () => {
  it('is the index MiniSearch builds from the same records, term for term', () => {
    const merged = mergeRecordTerms(records.map((record) => indexRecord(record)));
    const expected = miniSearchIndex();
    expect(sortedEntries(merged.index)).toEqual(sortedEntries(expected.index as [string, unknown][]));
    expect(merged.fieldLength).toEqual(expected.fieldLength);
    expect(merged.averageFieldLength).toEqual(expected.averageFieldLength);
    expect(merged.documentIds).toEqual(expected.documentIds);
    expect({
      count: merged.documentCount,
      next: merged.nextId,
      fields: merged.fieldIds,
      version: merged.serializationVersion,
    }).toEqual({
      count: expected.documentCount,
      next: expected.nextId,
      fields: expected.fieldIds,
      version: expected.serializationVersion,
    });
  });

  it('loads into MiniSearch and finds what MiniSearch finds', () => {
    const options = {
      fields: [...SEARCH_FIELDS],
      idField: 'id',
      tokenize: (text: string) => tokenize(text),
      processTerm: (term: string) => indexTerms(term),
    };
    const merged = MiniSearch.loadJSON(
      JSON.stringify({ ...mergeRecordTerms(records.map((record) => indexRecord(record))), storedFields: {} }),
      options,
    );
    const own = MiniSearch.loadJSON(JSON.stringify(miniSearchIndex()), options);
    for (const query of ['photo', 'flash capture', 'camera', 'buffer', 'schön']) {
      expect(merged.search(query, { prefix: true }).map((hit) => [hit.id, hit.score])).toEqual(
        own.search(query, { prefix: true }).map((hit) => [hit.id, hit.score]),
      );
    }
  });
});
