import { describe, expect, it } from 'vitest';
import { cacheControlOf, contentTypeOf } from '../../../cli/serve/content-types.js';

describe('content types and cache headers', () => {
  it('names the type of common site files', () => {
    expect(contentTypeOf('docs/guides/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/main.ABCD1234.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('assets/styles.ABCD1234.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('img/logo.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('sitemap.xml')).toBe('application/xml; charset=utf-8');
    expect(contentTypeOf('downloads/blob')).toBe('application/octet-stream');
  });

  it('caches hashed assets for a year and revalidates everything else', () => {
    expect(cacheControlOf('assets/main.ABCD1234.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('assets/images/shot-1a2b3c4d.png')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('assets/mermaid-11.4.1/mermaid.esm.min.mjs')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('index.html')).toBe('no-cache');
    expect(cacheControlOf('img/logo.svg')).toBe('no-cache');
    expect(cacheControlOf('assets/logo.svg')).toBe('no-cache');
  });
});
