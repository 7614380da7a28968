/**
 * An SVG content names as an image is published on the site's origin, where a script in it runs as the site
 * when the file is opened on its own (issue 27): anything that can run script refuses it, and what is
 * published is the drawing rebuilt from the tree that was checked.
 */
import { describe, expect, it } from 'vitest';
import { checkContentSvg } from '../../../cli/files/content-svg.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const wrap = (inner: string, attributes = '') => `<svg ${NS}${attributes}>${inner}</svg>`;

describe('checkContentSvg', () => {
  it.each([
    ['a script', wrap('<script>alert(1)</script>'), 'it has a <script> element'],
    ['a script in capitals', wrap('<SCRIPT>alert(1)</SCRIPT>'), 'it has a <SCRIPT> element'],
    [
      'a script with a namespace prefix',
      wrap('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      'it has a <h:script> element',
    ],
    ['a foreignObject', wrap('<foreignObject><div>x</div></foreignObject>'), 'it has a <foreignObject> element'],
    ['onload on the root', wrap('', ' onload="alert(1)"'), 'it has an event handler (onload)'],
    [
      'onclick on a shape',
      wrap('<rect width="1" height="1" ONCLICK="alert(1)"/>'),
      'it has an event handler (ONCLICK)',
    ],
    ['a javascript: link', wrap('<a href="javascript:alert(1)"><rect/></a>'), 'href is a javascript: URL'],
    [
      'a javascript: link spelt with entities and blanks',
      wrap('<a xlink:href=" JaVa&#x09;Script&#58;alert(1)"><rect/></a>'),
      'xlink:href is a javascript: URL',
    ],
    [
      'a data: HTML link',
      wrap('<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><rect/></a>'),
      'href is a data: URL of another kind than a PNG, JPEG, GIF, WebP or AVIF image',
    ],
    [
      'a nested data: SVG',
      wrap('<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#x"/>'),
      'href is a data: URL of another kind than a PNG, JPEG, GIF, WebP or AVIF image',
    ],
    [
      'an animation that sets a link',
      wrap('<a><set attributeName="href" to="https://example.com"/><rect/></a>'),
      'it has a <set> that changes href',
    ],
    [
      'an animation to a javascript: URL',
      wrap('<a><animate attributeName="xlink:href" values="javascript:alert(1)"/></a>'),
      'it has a <animate> that changes xlink:href',
    ],
    [
      'HTML by its namespace',
      wrap('<g xmlns="http://www.w3.org/1999/xhtml"><iframe src="/"/></g>'),
      'it embeds HTML or MathML (xmlns="http://www.w3.org/1999/xhtml")',
    ],
    [
      'MathML by its namespace',
      wrap('<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"/>'),
      'it embeds HTML or MathML (xmlns:m="http://www.w3.org/1998/Math/MathML")',
    ],
    [
      'entities of its own',
      `<!DOCTYPE svg [<!ENTITY s "&#60;script&#62;alert(1)&#60;/script&#62;">]>${wrap('&s;')}`,
      'it declares entities (a <!DOCTYPE> with [ ... ])',
    ],
    [
      'a style sheet with a javascript: URL',
      wrap('<style>a { background: url(javascript:alert(1)) }</style>'),
      'a style sheet names a javascript: URL',
    ],
    [
      'an attribute name a browser would split',
      wrap('<rect a"b="1"/>'),
      'an attribute is named "a\\"b", which no SVG can be',
    ],
  ])('refuses %s', (_, svg, why) => {
    expect(checkContentSvg(svg)).toEqual({ kind: 'refused', why });
  });

  it('keeps a diagram whole: uses, markers, patterns, filters, embedded images, links out and editor metadata', () => {
    const inner = (close: (name: string) => string) =>
      `<defs><marker id="m"><path d="M0 0L1 1"${close('path')}</marker><pattern id="p" width="2" height="2"><rect width="1" height="1"${close('rect')}</pattern>` +
      `<filter id="f"><feGaussianBlur stdDeviation="1"${close('feGaussianBlur')}</filter></defs>` +
      `<use href="#m" x="1"${close('use')}<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"${close('image')}` +
      '<a href="https://example.com/docs"><text x="1" y="2">Docs &amp; more</text></a>' +
      `<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" pagecolor="#fff"${close('sodipodi:namedview')}`;
    // Written out again from the parsed tree: the same drawing, each empty element closed by an end tag.
    expect(
      checkContentSvg(
        wrap(
          inner(() => '/>'),
          ' viewBox="0 0 10 10"',
        ),
      ),
    ).toEqual({
      kind: 'svg',
      svg: wrap(
        inner((name) => `></${name}>`),
        ' viewBox="0 0 10 10"',
      ),
    });
  });

  it('publishes the tree it checked: no comment, processing instruction or DOCTYPE, text and values written escaped', () => {
    const svg = `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="evil.xsl"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd"><!-- note -->${wrap('<style><![CDATA[ a > b { fill: red } ]]></style><text title="a&#10;b">1 &lt; 2</text>')}`;
    expect(checkContentSvg(svg)).toEqual({
      kind: 'svg',
      svg: wrap('<style> a &gt; b { fill: red } </style><text title="a&#10;b">1 &lt; 2</text>'),
    });
  });

  it('publishes markup a lenient parser reads as text as text, never as elements', () => {
    // XML ends a processing instruction at `?>`, htmlparser2 at `>`: either way no element comes out of it.
    const result = checkContentSvg(wrap('<?x <script>alert(1)</script> ?>'));
    expect(result.kind).toBe('svg');
    expect(result.kind === 'svg' && result.svg).not.toContain('<script');
  });

  it.each([
    ['HTML', '<html><body><script>alert(1)</script></body></html>', 'its root element is <html>, not <svg>'],
    ['XHTML', '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'its root element is <html>, not <svg>'],
    ['text', 'SECRET=1', 'it holds no <svg> element'],
    ['two documents', `${wrap('')}${wrap('')}`, 'it has more than one root element'],
    ['an unclosed element', `<svg ${NS}><g>`, 'its <g> element is never closed'],
  ])('says %s is not an SVG', (_, text, why) => {
    expect(checkContentSvg(text)).toEqual({ kind: 'not-svg', why });
  });
});
