import { describe, expect, it } from 'vitest';
import { createPageCache, PAGE_CACHE_LIMIT } from '../../../templates/client/router/page-cache.js';
import { normalizePath } from '../../../templates/client/router/page-urls.js';

describe('the client page cache', () => {
  it('keeps at most its limit of pages, dropping the oldest, and fetches each page once', async () => {
    const fetched: string[] = [];
    const cache = createPageCache(3, async (path) => (fetched.push(path), `<html>${path}</html>`));
    for (const path of ['/a', '/b', '/a', '/c', '/d']) await cache.load(path);
    expect(fetched).toEqual(['/a', '/b', '/c', '/d']);
    expect(cache.size).toBe(3);
    expect(cache.has('/a')).toBe(false);
    expect(await cache.load('/d')).toBe('<html>/d</html>');
    expect(PAGE_CACHE_LIMIT).toBe(10_000);
  });

  it('forgets a failed load so the next attempt fetches again', async () => {
    let calls = 0;
    const cache = createPageCache(10, async () => {
      if (++calls === 1) throw new Error('offline');
      return 'ok';
    });
    await expect(cache.load('/a')).rejects.toThrow('offline');
    expect(await cache.load('/a')).toBe('ok');
  });
});

describe('normalizePath', () => {
  it('turns .html and /index.html paths into clean ones, keeping the baseUrl root', () => {
    expect(normalizePath('/docs/guides/index.html')).toBe('/docs/guides');
    expect(normalizePath('/docs/guides/formats.html')).toBe('/docs/guides/formats');
    expect(normalizePath('/index.html')).toBe('/');
    expect(normalizePath('/sub/index.html', '/sub/')).toBe('/sub/');
    expect(normalizePath('/docs/guides')).toBe('/docs/guides');
  });
});
