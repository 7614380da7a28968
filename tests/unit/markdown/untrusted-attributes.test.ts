import { describe, expect, it } from 'vitest';
import { compile } from '../../helpers/compile.js';

const TABS =
  "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nimport Admonition from '@theme/Admonition';\n\n";
const refusals = (diagnostics: { line?: number; column?: number; message: string }[]) =>
  diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
const refused = (name: string) =>
  `the attribute name '${name}' is not allowed: it is a built-in property of every JavaScript object`;

describe('MDX attributes named like built-in object properties', () => {
  it('refuses constructor and __proto__ on HTML elements with their place, and renders the rest', async () => {
    const { html, diagnostics } = await compile('<div constructor="x" __proto__="y" title="kept">text</div>\n');
    expect(refusals(diagnostics)).toEqual([`1:6 ${refused('constructor')}`, `1:22 ${refused('__proto__')}`]);
    expect(diagnostics[0]).toMatchObject({
      rule: 'invalid-mdx',
      severity: 'error',
      hint: 'rename or remove the attribute',
    });
    expect(html).toContain('<div title="kept">text</div>');
  });

  it('refuses them through a spread and as expression values, without changing any prototype', async () => {
    const { diagnostics } = await compile(
      "export const evil = {constructor: 1, title: 'x'}\n\n<div {...{constructor: 1}}>a</div>\n\n<span __proto__={{polluted: true}}>b</span>\n\n<p {...evil}>c</p>\n",
    );
    expect(refusals(diagnostics)).toEqual([
      `3:6 ${refused('constructor')}`,
      `5:7 ${refused('__proto__')}`,
      `7:4 ${refused('constructor')}`,
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses them on built-in components (an inherited type or title would change an admonition)', async () => {
    const { html, diagnostics } = await compile(
      `${TABS}<Admonition __proto__={{type: 'danger', title: 'Injected'}}>\n\nBody.\n\n</Admonition>\n\n<Tabs constructor="x">\n<TabItem value="a" __proto__="b">A</TabItem>\n</Tabs>\n`,
    );
    expect(refusals(diagnostics)).toEqual([
      `5:13 ${refused('__proto__')}`,
      `11:7 ${refused('constructor')}`,
      `12:20 ${refused('__proto__')}`,
    ]);
    expect(html).toContain('<aside class="admonition admonition-note">');
    expect(html).not.toContain('Injected');
  });

  it('renders tab values, labels and group ids of any shape as text, never crashing', async () => {
    const { html, diagnostics } = await compile(
      `${TABS}<Tabs groupId="__proto__" defaultValue={{x: 1}} values={[1, null, 'x', {value: 'constructor', label: 'Ctor'}, {value: {}}]}>\n<TabItem value="constructor">A</TabItem>\n<TabItem value={['list']} label={{a: 1}}>B</TabItem>\n<TabItem value={7}>C</TabItem>\n</Tabs>\n`,
    );
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<div class="tabs-container" data-group-id="__proto__">');
    expect(html).toContain('data-value="constructor">Ctor</button>');
    expect(html).toContain('data-value="7">7</button>');
  });

  it('gives headings named like built-in properties their ids', async () => {
    const { headings } = await compile('## constructor\n\n## `__proto__`\n\n## constructor\n');
    expect(headings.map((h) => h.id)).toEqual(['constructor', '__proto__', 'constructor-1']);
  });
});
