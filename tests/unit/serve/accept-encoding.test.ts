import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../cli/serve/accept-encoding.js';

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli when the client accepts both equally, as browsers send it', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('br;q=1.0, gzip;q=1.0')).toBe('br');
  });

  it('follows the q-values: the coding the client weights highest', () => {
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.2, br;q=0.9')).toBe('br');
  });

  it('never sends a coding the client refuses with q=0 or does not name', () => {
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBeUndefined();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });

  it('reads * as any coding not named, and an identity weighted above every coding as no compression', () => {
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('br;q=0, *;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('gzip;q=0.3, identity')).toBeUndefined();
    expect(negotiateEncoding('identity;q=0.5, gzip')).toBe('gzip');
  });

  it('compresses nothing without the header, and ignores malformed entries and case', () => {
    expect(negotiateEncoding(undefined)).toBeUndefined();
    expect(negotiateEncoding('')).toBeUndefined();
    expect(negotiateEncoding('GZIP;Q=0.5, ,;q=1, br;q=banana')).toBe('br');
  });
});
