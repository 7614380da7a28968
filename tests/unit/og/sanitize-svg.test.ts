/**
 * The SVG logo handed to resvg can reference nothing outside itself (resvg reads the file any `href` names).
 */
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../../cli/og/sanitize-svg.js';

const wrap = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${inner}</svg>`;

describe('sanitizeSvg', () => {
  it('keeps shapes, gradients and references to ids of the same file', () => {
    const svg = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>',
    );
    expect(sanitizeSvg(svg)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"></stop></linearGradient></defs><rect width="10" height="10" fill="url(#g)"></rect></svg>',
    );
  });

  it.each([
    ['an image by path', '<image href="/etc/hostname"/>'],
    ['an image by file: URL', '<image xlink:href="file:///etc/passwd"/>'],
    ['an image by http: URL', '<image xlink:href="http://example.com/x.png"/>'],
    ['a nested data: SVG', '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>'],
    ['a filter image', '<filter id="f"><feImage href="/etc/hostname"/></filter>'],
    ['a use of another file', '<use href="other.svg#x"/>'],
    ['a foreign object', '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'],
    ['a script', '<script>alert(1)</script>'],
  ])('drops %s', (_, inner) => {
    expect(sanitizeSvg(wrap(inner))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"></svg>',
    );
  });

  it.each([
    ['a fill by url() to a file', '<rect fill="url(/etc/x.svg#g)"/>', '<rect></rect>'],
    ['a style attribute pointing outside', '<rect style="fill: url(\'file:///x#g\')"/>', '<rect></rect>'],
    ['a style sheet that imports', '<style>@import url("/etc/x.css"); rect { fill: red }</style>', '<style></style>'],
    ['an import spelt with an entity', '<style>@im&#112;ort "/etc/x.css";</style>', '<style></style>'],
    ['a link to another file', '<a href="/etc/passwd"><rect/></a>', '<g><rect></rect></g>'],
  ])('drops %s', (_, inner, kept) => {
    expect(sanitizeSvg(wrap(inner))).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${kept}</svg>`,
    );
  });

  it('drops a DOCTYPE and its entities, and writes text escaped', () => {
    const svg =
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x; &lt;b&gt;</text></svg>';
    expect(sanitizeSvg(svg)).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text>&amp;x; &lt;b&gt;</text></svg>');
  });

  it('refuses what is not an SVG document, or is nested too deep', () => {
    expect(sanitizeSvg('<html><body/></html>')).toBeUndefined();
    expect(sanitizeSvg('not markup')).toBeUndefined();
    expect(sanitizeSvg(wrap('<g>'.repeat(100) + '</g>'.repeat(100)))).toBeUndefined();
  });
});
