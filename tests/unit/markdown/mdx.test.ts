import { describe, expect, it } from 'vitest';
import { compile } from '../../helpers/compile.js';

const TABS = `import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

<Tabs groupId="platform" queryString values={[{label: 'iOS', value: 'ios'}, {label: 'Android', value: 'android'}]}>
<TabItem value="ios">

Swift side.

</TabItem>
<TabItem value="android" default>

Kotlin side.

</TabItem>
</Tabs>
`;

describe('MDX: built-in components', () => {
  it('renders Tabs with labels from values, default tab, groupId and queryString', async () => {
    const { html, diagnostics } = await compile(TABS);
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<div class="tabs-container" data-group-id="platform" data-query-string="platform">');
    expect(html).toContain(
      'aria-selected="false" aria-controls="tabs-1-panel-0" tabindex="-1" data-value="ios">iOS</button>',
    );
    expect(html).toContain(
      'aria-selected="true" aria-controls="tabs-1-panel-1" tabindex="0" data-value="android">Android</button>',
    );
    expect(html).toMatch(/data-value="ios" hidden><p>Swift side\.<\/p>/);
    expect(html).toMatch(/data-value="android"><p>Kotlin side\.<\/p>/);
  });

  it('renders Admonition, details/summary and HTML comments', async () => {
    const { html, diagnostics } = await compile(
      'import Admonition from \'@theme/Admonition\';\n\n<!-- hidden note -->\n\n<Admonition type="info" title="Heads up">\n\nBody.\n\n</Admonition>\n\n<details>\n<summary>More</summary>\n\nInside.\n\n</details>\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<aside class="admonition admonition-info"><p class="admonition-title">Heads up</p>');
    expect(html).toContain('<details><summary>More</summary><p>Inside.</p></details>');
    expect(html).not.toContain('hidden note');
  });

  it('evaluates the safe subset: export const, spreads, style objects, className, useBaseUrl, SVG attributes', async () => {
    const { html, diagnostics } = await compile(
      'import useBaseUrl from \'@docusaurus/useBaseUrl\';\n\nexport const size = {width: 283, height: 535};\n\n<div className="frame" style={{position: \'absolute\', ...size, opacity: 0.5}}>Hi {`there`}</div>\n\n<img src={useBaseUrl(\'logo.png\')} alt="logo" />\n\n<svg viewBox="0 0 10 10" strokeWidth={2}><circle cx="5" cy="5" r="4" /></svg>\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html).toContain(
      '<div class="frame" style="position:absolute;width:283px;height:535px;opacity:0.5">Hi there</div>',
    );
    expect(html).toContain('<img src="/logo.png" alt="logo"');
    expect(html).toContain('<svg viewBox="0 0 10 10" stroke-width="2"><circle cx="5" cy="5" r="4"></circle></svg>');
  });
});

describe('MDX: nothing is ever executed', () => {
  it.each([
    ['{process.exit(1)}\n', 1, 2, 'function calls are not allowed in content'],
    ["export const x = require('fs')\n", 1, 18, 'function calls are not allowed in content'],
    ["import fs from 'node:fs'\n", 1, 1, "import of 'node:fs' is not allowed"],
    ['{globalThis}\n', 1, 2, "unknown identifier 'globalThis'"],
    ['<div onClick={() => alert(1)}>x</div>\n', 1, 15, 'a function is not allowed in content'],
    ['<Fancy />\n', 1, 1, 'unknown component <Fancy>'],
  ])('rejects %j with a positioned error', async (source, line, column, message) => {
    const { diagnostics } = await compile(source);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', rule: 'invalid-mdx', line, column });
    expect(diagnostics[0].message).toContain(message);
  });
});
