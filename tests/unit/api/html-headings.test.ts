import { describe, expect, it } from 'vitest';
import { readPageHeadings } from '../../../cli/api/html-headings.js';

describe('readPageHeadings', () => {
  it('reads h2/h3 headings with ids as plain text, without badges or hash links, references decoded', () => {
    const html =
      '<h2 id="methods">Methods<a class="hash-link" href="#methods">#</a></h2>' +
      '<h3 id="takephoto"><code>takePhoto()</code> <span class="badge badge--warning" title="x">Deprecated</span></h3>' +
      '<h3 id="a-&amp;-b">A &amp; B&nbsp;&#x3C;T&#62;</h3><h2>No id</h2><h4 id="deep">Deep</h4>';
    expect(readPageHeadings(html).headings).toEqual([
      { depth: 2, id: 'methods', text: 'Methods' },
      { depth: 3, id: 'takephoto', text: 'takePhoto()' },
      { depth: 3, id: 'a-&-b', text: 'A & B <T>' },
    ]);
  });

  it('finds ids that elements repeat, and none in code that shows an id', () => {
    const html =
      '<h3 id="focus">focus()</h3><span id="focus"></span><p><code>&lt;span id="shown"></code> and <code>&lt;span id="shown"></code></p>';
    expect(readPageHeadings(html).duplicateIds).toEqual(['focus']);
  });
});
