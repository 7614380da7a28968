import { describe, expect, it } from 'vitest';
import { cacheControlOf, contentTypeOf, isCompressible } from '../../../cli/serve/content-types.js';

describe('content types and cache headers', () => {
  it('names the type of common site files, text types with charset=utf-8', () => {
    expect(contentTypeOf('docs/guides/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('assets/main.ABCD1234.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('assets/styles.ABCD1234.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('img/logo.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('sitemap.xml')).toBe('text/xml; charset=utf-8');
    expect(contentTypeOf('search-index.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('manifest.webmanifest')).toBe('application/manifest+json; charset=utf-8');
    expect(contentTypeOf('favicon.ico')).toBe('image/x-icon');
    expect(contentTypeOf('downloads/blob')).toBe('application/octet-stream');
  });

  it('gives .csv, .yaml and .mp3 in public/ their real types, not application/octet-stream', () => {
    expect(contentTypeOf('data/formats.csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeOf('config/example.yaml')).toBe('text/yaml; charset=utf-8');
    expect(contentTypeOf('config/example.yml')).toBe('text/yaml; charset=utf-8');
    expect(contentTypeOf('sounds/shutter.mp3')).toBe('audio/mpeg');
  });

  it('compresses text and SVG, not images, fonts, audio or archives', () => {
    for (const file of [
      'a.html',
      'a.css',
      'a.js',
      'a.json',
      'a.xml',
      'a.csv',
      'a.yaml',
      'a.svg',
      'a.webmanifest',
      'a.map',
    ])
      expect(isCompressible(contentTypeOf(file)), file).toBe(true);
    for (const file of ['a.png', 'a.jpg', 'a.webp', 'a.woff2', 'a.mp3', 'a.mp4', 'a.zip', 'a.pdf', 'a.bin'])
      expect(isCompressible(contentTypeOf(file)), file).toBe(false);
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
