import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { isSiteHref } from '../../../cli/markdown/code-links.js';
import { compileMarkdownFragment } from '../../../cli/markdown/compile-markdown.js';
import { lineHtml } from '../../../cli/markdown/token-html.js';
import { extractSections } from '../../../cli/search/extract-sections.js';
import { sampleKey, type BlockRefs, type ExportRefs } from '../../../cli/samples/code-refs.js';
import { createCodeHighlighter } from '../../../cli/markdown/highlighter.js';
import { compile, testContext } from '../../helpers/compile.js';
import { findScriptVectors } from '../../helpers/script-vectors.js';

const A = 'color:#A';
const B = 'color:#B';

/** What a built block shows: the text of its `<pre>`, the code links (text, href, tip id) and the tips (id → text). */
function readBlocks(html: string) {
  const pre: string[] = [];
  const links: { text: string; href: string; tip?: string }[] = [];
  const tips: Record<string, string> = {};
  let inPre = 0;
  let link: (typeof links)[number] | undefined;
  let tip: string | undefined;
  let tipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'pre') pre.push('');
        if (name === 'pre') inPre++;
        if (name === 'a' && attributes.class === 'code-ref')
          links.push(
            (link = {
              text: '',
              href: attributes.href,
              ...(attributes['aria-describedby'] ? { tip: attributes['aria-describedby'] } : {}),
            }),
          );
        if (tip !== undefined) tipDepth++;
        if (attributes.role === 'tooltip') {
          tip = attributes.id;
          tips[tip] = '';
          tipDepth = 1;
        }
      },
      ontext(text) {
        if (inPre) pre[pre.length - 1] += text;
        if (link) link.text += text;
        if (tip !== undefined) tips[tip] += text;
      },
      onclosetag(name) {
        if (name === 'pre') inPre--;
        if (name === 'a') link = undefined;
        if (tip !== undefined && --tipDepth === 0) tip = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { pre, links, tips };
}

describe('lineHtml: links spliced into a line of styled tokens', () => {
  it('splits a token around a link inside it, each piece keeping the style', () => {
    expect(lineHtml([{ content: 'a.takePhoto()', style: A }], [{ start: 2, end: 11, href: '/m' }])).toBe(
      '<span style="color:#A">a.</span><a class="code-ref" href="/m"><span style="color:#A">takePhoto</span></a><span style="color:#A">()</span>',
    );
  });

  it('wraps a link that covers two tokens in one element, each token keeping its style', () => {
    expect(
      lineHtml(
        [
          { content: 'Camera', style: A },
          { content: 'Props', style: B },
          { content: ';', style: A },
        ],
        [{ start: 0, end: 11, href: '/p' }],
      ),
    ).toBe(
      '<a class="code-ref" href="/p"><span style="color:#A">Camera</span><span style="color:#B">Props</span></a><span style="color:#A">;</span>',
    );
  });

  it('links at the start and at the end of a line, and several on one line', () => {
    const tokens = [
      { content: 'Camera', style: A },
      { content: ' = ', style: B },
      { content: 'x', style: A },
      { content: ' + ', style: B },
      { content: 'y', style: A },
    ];
    const links = [
      { start: 0, end: 6, href: '/c' },
      { start: 9, end: 10, href: '/x' },
      { start: 13, end: 14, href: '/y', tip: 't.0' },
    ];
    expect(lineHtml(tokens, links)).toBe(
      '<a class="code-ref" href="/c"><span style="color:#A">Camera</span></a><span style="color:#B"> = </span>' +
        '<a class="code-ref" href="/x"><span style="color:#A">x</span></a><span style="color:#B"> + </span>' +
        '<a class="code-ref" href="/y" aria-describedby="t.0"><span style="color:#A">y</span></a>',
    );
  });

  it('leaves the blank split off before a linked word without a span (nothing of its style shows on a blank)', () => {
    expect(lineHtml([{ content: ' compute', style: A }], [{ start: 1, end: 8, href: '/f' }])).toBe(
      ' <a class="code-ref" href="/f"><span style="color:#A">compute</span></a>',
    );
    const underlined = 'color:#A;text-decoration:underline';
    expect(lineHtml([{ content: ' compute', style: underlined }], [{ start: 1, end: 8, href: '/f' }])).toContain(
      `<span style="${underlined}"> </span>`,
    );
  });

  it('escapes what it writes into attributes and text', () => {
    expect(lineHtml([{ content: 'a<b', style: A }], [{ start: 0, end: 3, href: '/x?a=1&b="2"', tip: 't"' }])).toBe(
      '<a class="code-ref" href="/x?a=1&amp;b=&quot;2&quot;" aria-describedby="t&quot;"><span style="color:#A">a&lt;b</span></a>',
    );
  });
});

describe('isSiteHref: only links into the site are written', () => {
  it('accepts paths under the baseUrl and fragments', () => {
    for (const href of ['/docs/api/classes/Camera', '/docs/api/classes/Camera#takephoto', '#frame'])
      expect(isSiteHref(href, '/'), href).toBe(true);
    expect(isSiteHref('/sub/docs/api/x', '/sub/')).toBe(true);
  });

  it('refuses other origins, schemes, paths outside the baseUrl and URLs a browser would rewrite', () => {
    const refused = [
      'javascript:alert(1)',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'docs/x',
      ' /docs/x',
      '/docs/x\n',
      '/docs\t/x',
      '/do\u0000cs',
      '',
      'JAVASCRIPT:x',
    ];
    for (const href of refused) expect(isSiteHref(href, '/'), JSON.stringify(href)).toBe(false);
    expect(isSiteHref('/docs/x', '/sub/')).toBe(false);
    expect(isSiteHref(42, '/')).toBe(false);
  });
});

const CAMERA_TIP = { signature: 'class Camera', doc: 'The `<Camera>` component.' };
const DEVICE_TIP = {
  signature: 'function useCameraDevice(position: CameraPosition): CameraDevice | undefined',
  doc: 'Get the best matching Camera device.',
};

/** A checked block's source and the refs the checker would give for it (positions in the shown code). */
function checkedSample(code: string, lang = 'tsx', meta = '') {
  const fence = '```' + lang + (meta ? ` ${meta}` : '');
  const source = `# Page\n\n${fence}\n${code}\n\`\`\`\n`;
  return { source, key: sampleKey(lang, meta, code) };
}

describe('code blocks: links from a checked block', () => {
  const code =
    "import { Camera, useCameraDevice } from 'react-native-vision-camera'\n// ---cut---\nconst device = useCameraDevice('back')\nreturn <Camera device={device} isActive />";
  const { source, key } = checkedSample(code);
  const refs: BlockRefs = {
    refs: [
      { line: 0, start: 15, end: 30, href: '/docs/api/functions/useCameraDevice', tip: 0 },
      { line: 1, start: 8, end: 14, href: '/docs/api/classes/Camera', tip: 1 },
      { line: 1, start: 15, end: 21, href: '/docs/api/interfaces/CameraProps#device', tip: 1 },
    ],
    tips: [DEVICE_TIP, CAMERA_TIP],
  };

  it('shows only the lines after the cut, links the refs at their places, and writes each tip once', async () => {
    const { html, diagnostics } = await compile(source, 'md', undefined, {
      samples: { sampleRefs: { [key]: refs }, exportRefs: {} },
    });
    expect(diagnostics).toEqual([]);
    const { pre, links, tips } = readBlocks(html);
    expect(pre).toEqual(["const device = useCameraDevice('back')\nreturn <Camera device={device} isActive />"]);
    expect(html).not.toContain('---cut---');
    expect(html).not.toContain('react-native-vision-camera');
    expect(links).toEqual([
      { text: 'useCameraDevice', href: '/docs/api/functions/useCameraDevice', tip: 't.0' },
      { text: 'Camera', href: '/docs/api/classes/Camera', tip: 't.1' },
      { text: 'device', href: '/docs/api/interfaces/CameraProps#device', tip: 't.1' },
    ]);
    expect(tips).toEqual({
      't.0': DEVICE_TIP.signature + DEVICE_TIP.doc,
      't.1': 'class CameraThe <Camera> component.',
    });
    expect(html).toContain(
      '<div class="code-tips" hidden><div role="tooltip" id="t.0"><code>function useCameraDevice(position: CameraPosition): CameraDevice | undefined</code><p>Get the best matching Camera device.</p></div>',
    );
    expect(html).toContain('<p>The <code>&lt;Camera&gt;</code> component.</p>');
  });

  it('keeps every character of a linked block in the colour it has unlinked', async () => {
    const linked = (await compile(source, 'md', undefined, { samples: { sampleRefs: { [key]: refs } } })).html;
    const plain = (await compile(source, 'md')).html;
    const looks = (html: string) => {
      const code = /<code>([\s\S]*?)<\/code><\/pre>/.exec(html)![1].replace(/<\/?a[^>]*>/g, '');
      return [...code.matchAll(/<span style="([^"]*)">([^<]*)<\/span>/g)].flatMap(([, style, text]) =>
        [...text].filter((c) => c.trim()).map((c) => `${c}|${style}`),
      );
    };
    expect(looks(linked)).toEqual(looks(plain));
  });

  it('ignores refs that are not in the shown code: a hidden line, past a line end, overlapping, or of a made-up tip', async () => {
    const stray: BlockRefs = {
      refs: [
        { line: -1, start: 0, end: 6, href: '/docs/a' },
        { line: 2, start: 0, end: 6, href: '/docs/hidden-after-cut' },
        { line: 0, start: 30, end: 99, href: '/docs/past-end' },
        { line: 0, start: 6, end: 6, href: '/docs/empty' },
        { line: 0, start: 0.5, end: 3, href: '/docs/fraction' },
        { line: 0, start: 0, end: 5, href: '/docs/const', tip: 7 },
        { line: 0, start: 2, end: 12, href: '/docs/overlap' },
      ],
      tips: [],
    };
    const withAfter = checkedSample(
      "// ---cut---\nconst device = useCameraDevice('back')\n// ---cut-after---\nexport {}",
    );
    const { html } = await compile(withAfter.source, 'md', undefined, {
      samples: { sampleRefs: { [withAfter.key]: stray } },
    });
    const { pre, links, tips } = readBlocks(html);
    expect(pre).toEqual(["const device = useCameraDevice('back')"]);
    expect(links).toEqual([{ text: 'const', href: '/docs/const' }]);
    expect(tips).toEqual({});
  });

  it('finds the block by its code as written, whatever its line endings', async () => {
    const written = "// ---cut---\r\nconst device = useCameraDevice('back')";
    const source = `# Page\r\n\r\n\`\`\`tsx\r\n${written}\r\n\`\`\`\r\n`;
    const { html } = await compile(source, 'mdx', undefined, {
      samples: {
        sampleRefs: {
          [sampleKey('tsx', '', written)]: {
            refs: [{ line: 0, start: 15, end: 30, href: '/docs/api/functions/useCameraDevice' }],
            tips: [],
          },
        },
      },
    });
    const { pre, links } = readBlocks(html);
    expect(pre).toEqual(["const device = useCameraDevice('back')"]);
    expect(links).toEqual([{ text: 'useCameraDevice', href: '/docs/api/functions/useCameraDevice' }]);
  });

  it('reads the key from a .md page too (its meta survives the raw-HTML pass): title and nocheck are seen', async () => {
    const titled = checkedSample("const device = useCameraDevice('back')", 'ts', 'title="hook.ts"');
    const { html, diagnostics } = await compile(titled.source, 'md', undefined, {
      samples: { sampleRefs: { [titled.key]: { refs: [{ line: 0, start: 15, end: 30, href: '/docs/f' }], tips: [] } } },
    });
    expect(html).toContain('<div class="code-title">hook.ts</div>');
    expect(readBlocks(html).links).toEqual([{ text: 'useCameraDevice', href: '/docs/f' }]);
    expect(diagnostics).toEqual([]);
  });
});

describe('code blocks: exact exported names where no check was made', () => {
  const exportRefs: ExportRefs = {
    Camera: { href: '/docs/api/classes/Camera', tip: CAMERA_TIP },
    useCameraDevice: { href: '/docs/api/functions/useCameraDevice', tip: DEVICE_TIP },
  };

  it('links a name in code, not in a string, a comment, a template text, a regex or as a property', async () => {
    const js = [
      "import { Camera } from 'react-native-vision-camera'",
      'const label = \'Camera\' + "useCameraDevice" + `Camera ${Camera.name}`',
      '// useCameraDevice picks a Camera',
      '/* Camera */ const re = /Camera/',
      'const device = useCameraDevice(other.Camera, a?.useCameraDevice, CameraRoll, MyCamera)',
    ].join('\n');
    const { html, diagnostics } = await compile(`\`\`\`js\n${js}\n\`\`\`\n`, 'md', undefined, {
      samples: { sampleRefs: {}, exportRefs },
    });
    expect(diagnostics).toEqual([]);
    expect(readBlocks(html).links.map((l) => l.text + ' ' + l.href)).toEqual([
      'Camera /docs/api/classes/Camera',
      'Camera /docs/api/classes/Camera',
      'useCameraDevice /docs/api/functions/useCameraDevice',
    ]);
  });

  it('never takes a name from the object prototype for an export (constructor, toString, __proto__)', async () => {
    const code = 'class A { constructor() { toString(); __proto__; hasOwnProperty } }';
    const { html } = await compile(`\`\`\`jsx\n${code}\n\`\`\`\n`, 'md', undefined, { samples: { exportRefs } });
    expect(readBlocks(html).links).toEqual([]);
    const own = {
      ...exportRefs,
      constructor: { href: '//evil.example/' },
      toString: { href: '/docs/api/toString' },
    } as ExportRefs;
    expect(
      readBlocks(
        (await compile(`\`\`\`jsx\n${code}\n\`\`\`\n`, 'md', undefined, { samples: { exportRefs: own } })).html,
      ).links,
    ).toEqual([{ text: 'toString', href: '/docs/api/toString' }]);
  });

  it('links names in a TypeScript block the checker has no entry for, and one opted out', async () => {
    const { html } = await compile(
      '```tsx nocheck="sketch"\nconst device = useCameraDevice(\'back\')\n```\n',
      'mdx',
      undefined,
      { samples: { sampleRefs: {}, exportRefs } },
    );
    expect(readBlocks(html).links).toEqual([
      { text: 'useCameraDevice', href: '/docs/api/functions/useCameraDevice', tip: 't.0' },
    ]);
  });

  it('links the same names with themes that do not pair up (tokenised once per theme)', async () => {
    const highlighter = await createCodeHighlighter({
      themes: { light: 'github-light-default', dark: 'one-dark-pro' },
      languages: ['js'],
    });
    const context = { ...(await testContext()), highlighter };
    const { html } = await compile("```js\nconst d = useCameraDevice('Camera') // Camera\n```\n", 'md', undefined, {
      context,
      samples: { exportRefs },
    });
    expect(html).toContain('--shiki-dark-bg:#282c34');
    expect(readBlocks(html).links).toEqual([
      { text: 'useCameraDevice', href: '/docs/api/functions/useCameraDevice', tip: 't.0' },
    ]);
  });

  it('hides cut lines in JavaScript blocks too, and links nothing in other languages', async () => {
    const { html } = await compile(
      "```jsx\nimport { Camera } from 'x'\n// ---cut---\n<Camera />\n```\n\n```kotlin\nval Camera = 1\n// ---cut---\n```\n",
      'md',
      undefined,
      { samples: { exportRefs } },
    );
    const { pre, links } = readBlocks(html);
    expect(pre).toEqual(['<Camera />', 'val Camera = 1\n// ---cut---']);
    expect(links.map((l) => l.text)).toEqual(['Camera']);
  });
});

describe('code blocks: the HTML of a small linked block', () => {
  it('is pinned: the link inside the code line, the tip hidden after the block', async () => {
    const code =
      "import { useCameraDevice } from 'react-native-vision-camera'\n// ---cut---\nconst device = useCameraDevice('back')";
    const refs: BlockRefs = {
      refs: [{ line: 0, start: 15, end: 30, href: '/docs/api/functions/useCameraDevice', tip: 0 }],
      tips: [
        {
          signature: 'function useCameraDevice(position: CameraPosition): CameraDevice | undefined',
          doc: 'Get the best matching `CameraDevice`.',
        },
      ],
    };
    const { html } = await compile('```ts title="device.ts"\n' + code + '\n```\n', 'md', undefined, {
      samples: { sampleRefs: { [sampleKey('ts', 'title="device.ts"', code)]: refs } },
    });
    expect(html).toBe(
      '<div class="code-block" data-lang="ts"><div class="code-title">device.ts</div><div class="code-body">' +
        '<pre class="shiki shiki-themes github-light-default github-dark-default" style="background-color:#ffffff;--shiki-dark-bg:#0d1117;color:#1f2328;--shiki-dark:#e6edf3"><code>' +
        '<span class="line"><span style="color:#CF222E;--shiki-dark:#FF7B72">const</span><span style="color:#0550AE;--shiki-dark:#79C0FF"> device</span><span style="color:#CF222E;--shiki-dark:#FF7B72"> =</span> ' +
        '<a class="code-ref" href="/docs/api/functions/useCameraDevice" aria-describedby="t.0"><span style="color:#8250DF;--shiki-dark:#D2A8FF">useCameraDevice</span></a>' +
        '<span style="color:#1F2328;--shiki-dark:#E6EDF3">(</span><span style="color:#0A3069;--shiki-dark:#A5D6FF">\'back\'</span><span style="color:#1F2328;--shiki-dark:#E6EDF3">)</span></span>' +
        '</code></pre><button type="button" class="copy-button" aria-label="Copy code to clipboard" title="Copy">Copy</button></div>' +
        '<div class="code-tips" hidden><div role="tooltip" id="t.0"><code>function useCameraDevice(position: CameraPosition): CameraDevice | undefined</code><p>Get the best matching <code>CameraDevice</code>.</p></div></div></div>',
    );
  });
});

describe('code blocks: tips of fragments shown on one page (API examples)', () => {
  it('get ids of their own, so that one page can show many', async () => {
    const exportRefs: ExportRefs = { Camera: { href: '/docs/api/classes/Camera', tip: CAMERA_TIP } };
    const ctx = await testContext();
    const ids = [];
    for (const code of ['<Camera />', 'new Camera()']) {
      const { html } = await compileMarkdownFragment(`\`\`\`tsx\n${code}\n\`\`\``, ctx, '/docs/api/classes/Camera', {
        samples: { exportRefs },
      });
      const { links, tips } = readBlocks(html);
      expect(Object.keys(tips)).toEqual([links[0].tip]);
      ids.push(links[0].tip);
    }
    expect(ids[0]).toMatch(/^t[0-9a-f]{6}\.0$/);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('code blocks: a TypeScript sample the checker never saw', () => {
  const inQuote =
    '# Page\n\n> A quote:\n>\n> ```ts\n> const x: number = 1\n> ```\n\n```ts nocheck="pseudo-code"\nfoo()\n```\n\n```js\nbar()\n```\n';

  it('is reported as unchecked, at the block, when checking is on', async () => {
    const { diagnostics } = await compile(inQuote, 'md', undefined, { samples: { sampleRefs: {} } });
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        rule: 'code-sample-unchecked',
        message: "this ts sample was not type-checked: the sample checker did not find it in the page's source",
        file: 'content/docs/guides/page.md',
        line: 5,
        column: 3,
        hint: 'the checker reads fenced blocks where the page\'s Markdown has them, not one inside a blockquote or an element: move it out to the page\'s top level, or mark it `nocheck="why"` if it is not meant to compile',
      },
    ]);
  });

  it('is not reported when checking is off (no sampleRefs at all)', async () => {
    expect((await compile(inQuote, 'md')).diagnostics).toEqual([]);
  });
});

describe('code blocks: content-controlled text in tips and links never becomes markup', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'><svg onload=alert(1)>",
    '</code></div><script>alert(1)</script>',
    '`<img src=x onerror=alert(1)>`',
  ];

  it('escapes signatures and docs, and drops hrefs that leave the site', async () => {
    const sample = checkedSample('Camera.getAvailableCameraDevices()');
    const refs: BlockRefs = {
      refs: [
        { line: 0, start: 0, end: 6, href: '/docs/"><img/src/onerror=alert(1)>', tip: 0 },
        { line: 0, start: 7, end: 32, href: 'javascript:alert(1)', tip: 1 },
      ],
      tips: [
        { signature: attacks.join(' '), doc: attacks.join(' ') },
        { signature: 'x', doc: 'y' },
      ],
    };
    const exportRefs: ExportRefs = {
      Camera: { href: '/docs/api/"onmouseover="alert(1)', tip: { signature: attacks[1], doc: attacks[4] } },
    };
    const { html } = await compile(`${sample.source}\n\`\`\`js\nCamera\n\`\`\`\n`, 'md', undefined, {
      samples: { sampleRefs: { [sample.key]: refs }, exportRefs },
    });
    expect(findScriptVectors(html)).toEqual([]);
    const { links, tips } = readBlocks(html);
    expect(links).toEqual([
      { text: 'Camera', href: '/docs/"><img/src/onerror=alert(1)>', tip: 't.0' },
      { text: 'Camera', href: '/docs/api/"onmouseover="alert(1)', tip: 't.1' },
    ]);
    expect(tips['t.0']).toBe(attacks.join(' ') + attacks.join(' ').replace(/`/g, ''));
    expect(tips['t.1']).toBe(attacks[1] + attacks[4].replace(/`/g, ''));
  });
});

describe('code blocks: what search reads', () => {
  it('takes neither hidden lines nor tips into the index', async () => {
    const sample = checkedSample('import { Camera } from "x"\n// ---cut---\nCamera');
    const { html } = await compile(`Some prose.\n\n${sample.source}`, 'md', undefined, {
      samples: {
        sampleRefs: {
          [sample.key]: {
            refs: [{ line: 0, start: 0, end: 6, href: '/docs/c', tip: 0 }],
            tips: [{ signature: 'class Camera', doc: 'Signature words.' }],
          },
        },
      },
    });
    const text = extractSections(html)
      .map((s) => s.heading + ' ' + s.text)
      .join(' ');
    expect(text).toContain('Some prose.');
    expect(text).not.toContain('Signature');
    expect(text).not.toContain('import');
  });
});
