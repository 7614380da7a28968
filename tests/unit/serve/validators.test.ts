import { describe, expect, it } from 'vitest';
import { bodyValidators, fileValidators, isNotModified } from '../../../cli/serve/validators.js';

const MTIME_NS = 1_700_000_000_123_456_789n;

describe('ETag and Last-Modified', () => {
  it('tags a file by its size and modification time, and a body by its bytes', () => {
    const file = fileValidators(1234n, MTIME_NS);
    expect(file.etag).toBe(`W/"4d2-${MTIME_NS.toString(16)}"`);
    expect(file.lastModified).toBe('Tue, 14 Nov 2023 22:13:20 GMT');
    expect(fileValidators(1234n, MTIME_NS + 1n).etag).not.toBe(file.etag);
    expect(fileValidators(1235n, MTIME_NS).etag).not.toBe(file.etag);
    expect(bodyValidators(Buffer.from('a')).etag).toBe(bodyValidators(Buffer.from('a')).etag);
    expect(bodyValidators(Buffer.from('a')).etag).not.toBe(bodyValidators(Buffer.from('b')).etag);
    expect(bodyValidators(Buffer.from('a')).lastModified).toBeUndefined();
  });

  it('answers 304 to If-None-Match naming the tag (weakly compared, in a list, or *)', () => {
    const v = fileValidators(1234n, MTIME_NS);
    expect(isNotModified({ 'if-none-match': v.etag }, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': v.etag.slice(2) }, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"other", ${v.etag}` }, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, v)).toBe(true);
    expect(isNotModified({ 'if-none-match': 'W/"other"' }, v)).toBe(false);
  });

  it('answers 304 to If-Modified-Since at or after the modification second, unless If-None-Match says otherwise', () => {
    const v = fileValidators(1234n, MTIME_NS);
    expect(isNotModified({ 'if-modified-since': v.lastModified }, v)).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Wed, 15 Nov 2023 00:00:00 GMT' }, v)).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Tue, 14 Nov 2023 22:13:19 GMT' }, v)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'not a date' }, v)).toBe(false);
    expect(isNotModified({ 'if-modified-since': v.lastModified, 'if-none-match': 'W/"other"' }, v)).toBe(false);
    expect(isNotModified({ 'if-modified-since': v.lastModified }, bodyValidators(Buffer.from('a')))).toBe(false);
  });
});
