import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedBodies } from '../../../cli/serve/compressed-bodies.js';

const text = (n: number) => Buffer.from('docsgen '.repeat(n));

describe('the cache of compressed bodies', () => {
  it('compresses each version of a body once per coding, and shares one run between concurrent requests', async () => {
    const cache = new CompressedBodies();
    let reads = 0;
    const read = async () => (reads++, text(1000));
    const [a, b] = await Promise.all([cache.get('page\0v1', 'br', read), cache.get('page\0v1', 'br', read)]);
    expect(brotliDecompressSync(a).equals(text(1000))).toBe(true);
    expect(b).toBe(a);
    expect(gunzipSync(await cache.get('page\0v1', 'gzip', read)).equals(text(1000))).toBe(true);
    await cache.get('page\0v1', 'br', read);
    expect(reads).toBe(2);
    await cache.get('page\0v2', 'br', read);
    expect(reads).toBe(3);
  });

  it('keeps no more than its bound, dropping the least recently used bodies', async () => {
    // Random bytes do not compress: each body stays about 4,000 bytes, so two fit the bound and three do not.
    const cache = new CompressedBodies(10_000);
    const reads: string[] = [];
    const get = (key: string) => cache.get(key, 'gzip', async () => (reads.push(key), randomBytes(4000)));
    await get('a');
    await get('bb');
    await get('a');
    await get('ccc');
    expect(cache.size).toBeLessThanOrEqual(10_000);
    reads.length = 0;
    await get('a');
    await get('bb');
    // 'a' was used after 'bb', so 'bb' was the one dropped to make room for 'ccc'.
    expect(reads).toEqual(['bb']);
  });

  it('forgets a body whose read failed, so the next request tries again', async () => {
    const cache = new CompressedBodies();
    await expect(cache.get('gone', 'gzip', async () => Promise.reject(new Error('ENOENT')))).rejects.toThrow('ENOENT');
    expect(gunzipSync(await cache.get('gone', 'gzip', async () => text(10))).toString()).toBe(text(10).toString());
  });
});
