import { describe, expect, it } from 'vitest';
import { extractHtmlRefs } from '../../../cli/render/extract-html-refs.js';
import { readRenderedPage } from '../../../cli/render/read-rendered-page.js';
import { extractSections } from '../../../cli/search/extract-sections.js';

describe('extractHtmlRefs', () => {
  it('reads no link from inline code that shows a tag: its text is not an attribute', () => {
    // As hast-util-to-html writes inline code: `<` escaped, `"` left as it is.
    const refs = extractHtmlRefs('<p>Write <code>&lt;a href="/docs/guides/no-such-page"></code> in JSX.</p>');
    expect(refs.refs).toEqual([]);
  });

  it('reads no id from inline code or a code block that shows one', () => {
    const refs = extractHtmlRefs(
      '<p><code>&lt;span id="fake-anchor"></code></p><pre><code>&lt;div id="in-fence"></code></pre><h2 id="real">Real</h2>',
    );
    expect([...refs.ids]).toEqual(['real']);
  });

  it("counts <a name> as an anchor, and no other element's name", () => {
    const refs = extractHtmlRefs(
      '<a name="legacy"></a><details name="group"><summary>s</summary></details><meta name="description"><input name="q">',
    );
    expect([...refs.ids]).toEqual(['legacy']);
  });

  it('decodes character references in attributes, however they are spelled', () => {
    const refs = extractHtmlRefs(
      '<a href="https://example.test/find?a=1&#x26;b=2">1</a><a href="/x?a=1&amp;b=2">2</a><a href="#a-&#38;-b">3</a><h2 id="a-&amp;-b">A &amp; B</h2>',
    );
    expect(refs.refs).toEqual(['https://example.test/find?a=1&b=2', '/x?a=1&b=2', '#a-&-b']);
    expect([...refs.ids]).toEqual(['a-&-b']);
  });

  it('reads the URLs a browser follows or loads: links, stylesheets, images and every srcset candidate, media, frames, scripts', () => {
    const html = [
      '<link rel="stylesheet" href="/a.css"><script src="/a.js"></script>',
      '<a href="/page">p</a><area href="/map">',
      '<img src="/i.png" srcset="/i-2x.png 2x, /i-3x.png 3x"><picture><source srcset="/s.webp" type="image/webp"></picture>',
      '<video src="/v.mp4" poster="/v.jpg"><track src="/v.vtt"></video><audio src="/a.mp3"></audio><iframe src="/embed"></iframe>',
      '<form action="/search"></form><blockquote cite="/quoted"></blockquote><div src="/not-a-link" href="/nor-this"></div>',
    ].join('');
    expect(extractHtmlRefs(html).refs).toEqual([
      '/a.css',
      '/a.js',
      '/page',
      '/map',
      '/i.png',
      '/i-2x.png',
      '/i-3x.png',
      '/s.webp',
      '/v.mp4',
      '/v.jpg',
      '/v.vtt',
      '/a.mp3',
      '/embed',
    ]);
  });

  it('is not fooled by element names that are properties of every object', () => {
    expect(extractHtmlRefs('<constructor href="/x"></constructor><__proto__ src="/y"></__proto__>').refs).toEqual([]);
  });
});

describe('readRenderedPage', () => {
  const html = `<html><body><nav class="navbar"><a href="/">Home</a></nav><main><article><div class="markdown"><p>Intro with <a href="/docs/b?x=1&amp;y=2">a link</a>.</p><h2 id="more">More</h2><p>Text.</p><pre><code>&lt;a href="/in-code"></code></pre></div></article></main></body></html>`;

  it('reads the refs and the search sections in one parse, the sections exactly as a parse of their own reads them', () => {
    const reading = readRenderedPage(html, { sections: true });
    expect(reading.refs.refs).toEqual(['/', '/docs/b?x=1&y=2']);
    expect([...reading.refs.ids]).toEqual(['more']);
    expect(reading.sections).toEqual(extractSections(html));
    expect(reading.sections).toEqual([
      { anchor: '', heading: '', api: '', text: 'Intro with a link.' },
      { anchor: 'more', heading: 'More', api: '', text: 'Text.' },
    ]);
  });

  it('reads no sections unless asked', () => {
    expect(readRenderedPage(html).sections).toBeUndefined();
  });
});
