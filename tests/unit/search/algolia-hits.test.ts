import { describe, expect, it } from 'vitest';
import { parseHighlight, toSearchHit } from '../../../templates/client/search/algolia-hits.js';
import { countWords, snippet } from '../../../templates/client/search/local-marks.js';
import { rewriteHitUrl } from '../../../templates/client/search/rewrite-url.js';

describe('rewriteHitUrl', () => {
  it('keeps URLs matching externalUrlRegex and turns the others into local paths with the baseUrl', () => {
    const external = 'blog\\.example\\.com';
    expect(rewriteHitUrl('https://blog.example.com/post#x', { baseUrl: '/', externalUrlRegex: external })).toBe(
      'https://blog.example.com/post#x',
    );
    expect(
      rewriteHitUrl('https://docs.example.com/docs/guides#setup', { baseUrl: '/', externalUrlRegex: external }),
    ).toBe('/docs/guides#setup');
    expect(rewriteHitUrl('https://docs.example.com/docs/guides', { baseUrl: '/camera/' })).toBe('/camera/docs/guides');
    expect(rewriteHitUrl('https://docs.example.com/camera/docs/guides?x=1#a', { baseUrl: '/camera/' })).toBe(
      '/camera/docs/guides?x=1#a',
    );
  });
});

describe('highlights from the hosted provider', () => {
  it('parses <mark> segments and decodes escaped text without interpreting it as HTML', () => {
    expect(parseHighlight('a <mark>b</mark> &lt;img src=x onerror=alert(1)&gt;')).toEqual([
      { text: 'a ', mark: false },
      { text: 'b', mark: true },
      { text: ' <img src=x onerror=alert(1)>', mark: false },
    ]);
    expect(parseHighlight('&#x3C;&#60;&amp;&quot;&#39;&apos;&unknown;<mark>&amp;lt;</mark>')).toEqual([
      { text: "<<&\"''&unknown;", mark: false },
      { text: '&lt;', mark: true },
    ]);
  });

  it('maps a DocSearch record to a hit: group, page title, deepest heading, snippet', () => {
    const hit = toSearchHit(
      {
        url: 'https://site.example/docs/api/classes/Camera#takephoto',
        hierarchy: { lvl0: 'Classes', lvl1: 'Camera', lvl2: 'Methods', lvl3: 'takePhoto()', lvl4: null },
        _highlightResult: { hierarchy: { lvl3: { value: '<mark>takePhoto</mark>()' } } },
        _snippetResult: { content: { value: '… <mark>take</mark> a photo …' } },
      },
      { baseUrl: '/' },
    );
    expect(hit).toMatchObject({
      url: '/docs/api/classes/Camera#takephoto',
      group: 'Classes',
      pageTitle: 'Camera',
      heading: 'takePhoto()',
    });
    expect(hit.headingMarks).toEqual([
      { text: 'takePhoto', mark: true },
      { text: '()', mark: false },
    ]);
    expect(hit.titleMarks).toEqual([{ text: 'Camera', mark: false }]);
  });
});

describe('local snippets', () => {
  const text =
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen takePhoto sixteen seventeen';
  it('shows the given number of words around the first match, with ellipses where text was cut', () => {
    const ten = snippet(text, new Set(['takephoto']), 10);
    expect(countWords(ten)).toBe(10);
    expect(ten[0].text.startsWith('… ')).toBe(true);
    expect(ten.find((part) => part.mark)?.text).toBe('takePhoto');
    expect(countWords(snippet(text, new Set(['photo']), 5))).toBe(5);
    expect(
      snippet(text, new Set(['nothing']), 5)
        .map((p) => p.text)
        .join(''),
    ).toBe('one two three four five …');
  });
});
