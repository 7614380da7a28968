import { beforeAll, describe, expect, it } from 'vitest';
import { buildApiPages, buildApiSidebar, type ApiPage } from '../../../cli/api/build-api-pages.js';
import { extractApi, type ApiModel } from '../../../cli/api/extract-api.js';
import { FIXTURE_API, FIXTURE_ROOT } from './fixture.js';
import { createStubContext } from './stub-render-context.js';

let model: ApiModel;
let pages: ApiPage[];
const page = (id: string) => {
  const found = pages.find((p) => p.id === id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
};
const html = (id: string) => page(id).content.html;
const headingIds = (id: string) => page(id).content.headings.map((h) => h.id);

beforeAll(async () => {
  model = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API });
  pages = await buildApiPages(model, FIXTURE_API, createStubContext('/base'));
});

describe('buildApiPages on the fixture package', () => {
  it('makes the index plus one page per export, with routes, ids and kinds', () => {
    expect(pages.map((p) => [p.path, p.id, p.kind])).toEqual([
      ['/docs/api', 'api/index', 'index'],
      ['/docs/api/classes/FancyWidget', 'api/classes/FancyWidget', 'class'],
      ['/docs/api/classes/Widget', 'api/classes/Widget', 'class'],
      ['/docs/api/classes/WidgetError', 'api/classes/WidgetError', 'class'],
      ['/docs/api/functions/createWidget', 'api/functions/createWidget', 'function'],
      ['/docs/api/functions/runWorklet', 'api/functions/runWorklet', 'function'],
      ['/docs/api/interfaces/BaseProps', 'api/interfaces/BaseProps', 'interface'],
      ['/docs/api/interfaces/WidgetProps', 'api/interfaces/WidgetProps', 'interface'],
      ['/docs/api/type-aliases/WidgetOptions', 'api/type-aliases/WidgetOptions', 'type-alias'],
      ['/docs/api/type-aliases/WidgetSize', 'api/type-aliases/WidgetSize', 'type-alias'],
      ['/docs/api/variables/DEFAULT_SIZE', 'api/variables/DEFAULT_SIZE', 'variable'],
    ]);
    expect(page('api/classes/Widget')).toMatchObject({
      title: 'Widget',
      sidebarLabel: 'Widget',
      description: 'A small widget.',
    });
    for (const p of pages) expect(p.content).toMatchObject({ links: [], assets: {} });
  });

  it('lists every entity on the index, grouped by kind with its summary', () => {
    const index = page('api/index');
    expect(index.content.headings.map((h) => h.text)).toEqual([
      'Classes',
      'Functions',
      'Interfaces',
      'Type Aliases',
      'Variables',
    ]);
    expect(index.content.html).toContain(
      '<a href="/base/docs/api/classes/Widget"><code>Widget</code></a></td><td>A small widget.</td>',
    );
    expect(index.content.html).toContain('The sizes a Widget comes in.');
  });

  it('puts class members under h2 sections with lower-case h3 ids and plain heading text', () => {
    expect(page('api/classes/Widget').content.headings).toEqual([
      { depth: 2, id: 'constructors', text: 'Constructors' },
      { depth: 3, id: 'constructor', text: 'new Widget()' },
      { depth: 2, id: 'properties', text: 'Properties' },
      { depth: 3, id: 'size', text: 'size' },
      { depth: 2, id: 'methods', text: 'Methods' },
      { depth: 3, id: 'render', text: 'render()' },
      { depth: 3, id: 'createdefault', text: 'createDefault()' },
      { depth: 2, id: 'accessors', text: 'Accessors' },
      { depth: 3, id: 'code', text: 'code' },
    ]);
    const widget = html('api/classes/Widget');
    expect(widget).toContain('<span id="createDefault"></span>');
    expect(widget).toMatch(/<h3 id="createdefault"[^>]*>.*<span class="badge badge--flag">static<\/span>/);
  });

  it('answers to the exact-case member name with an extra anchor, but keeps headings lower case', () => {
    const props = html('api/interfaces/WidgetProps');
    expect(props).toContain(
      '<h3 id="photoqualitybalance" class="api-member"><span id="photoQualityBalance"></span><code>photoQualityBalance</code>',
    );
    expect(headingIds('api/interfaces/WidgetProps')).toEqual([
      'properties',
      'oninitialized',
      'onready',
      'photoqualitybalance',
      'size',
      'testid',
    ]);
    expect(props).not.toContain('<span id="size">');
  });

  it('renders method signatures with linked types, parameters, returns, throws, examples and source', () => {
    const widget = html('api/classes/Widget');
    expect(widget).toContain('<pre class="api-signature"><code><span class="tk-name">render</span>');
    expect(widget).toContain('<code class="api-name">scale</code><span class="badge badge--flag">optional</span>');
    expect(widget).toContain('<span class="api-label">Default</span> <code>1</code>');
    expect(widget).toContain('<p>The rendered markup.</p>');
    expect(widget).toMatch(
      /Throws<\/h4><div><p><a href="\/base\/docs\/api\/classes\/WidgetError">WidgetError<\/a> When the widget cannot be rendered.<\/p>/,
    );
    expect(widget).toContain('<pre class="shiki" data-lang="ts"><code>widget.render(2)</code></pre>');
    expect(widget).toContain('<a href="/base/docs/api/type-aliases/WidgetOptions" class="tk-type">WidgetOptions</a>');
    expect(widget).toContain('href="https://github.com/acme/fixture-lib/blob/v1.2.3/packages/lib/src/widget.ts#L46"');
  });

  it('says where inherited members come from, linking when the origin has a page', () => {
    const fancy = html('api/classes/FancyWidget');
    expect(fancy).toContain(
      'Inherited from <a href="/base/docs/api/classes/Widget#render"><code>Widget.render</code></a>',
    );
    expect(html('api/classes/Widget')).toContain('Inherited from <code>BaseWidget.code</code>');
    expect(html('api/interfaces/WidgetProps')).toContain(
      'Inherited from <a href="/base/docs/api/interfaces/BaseProps#testid"><code>BaseProps.testID</code></a>',
    );
  });

  it('renders the library tags: platform and worklet badges, notes, defaults, deprecations, components', () => {
    const props = html('api/interfaces/WidgetProps');
    expect(props).toContain('<span class="badge badge--ios" title="Only available on iOS">iOS</span>');
    expect(props).toContain('<span class="badge badge--android" title="Only available on Android">Android</span>');
    expect(props).toContain(
      '<div class="admonition admonition-note"><p class="admonition-title">Note</p><div class="admonition-content"><p>Changing it restarts the session.</p></div></div>',
    );
    expect(props).toContain('<span class="api-label">Default</span> <span><code>\'balanced\'</code></span>');
    expect(props).toContain('<div class="admonition admonition-warning"><p class="admonition-title">Deprecated</p>');
    expect(props).toContain(
      '<a href="/base/docs/api/interfaces/WidgetProps#oninitialized">WidgetProps.onInitialized</a>',
    );
    expect(html('api/functions/runWorklet')).toContain('>Worklet</span>');
    expect(html('api/classes/Widget')).toContain('>Component</span>');
  });

  it('shows every overload of a function', () => {
    const create = html('api/functions/createWidget');
    expect(create.match(/<pre class="api-signature">/g)).toHaveLength(2);
    expect(page('api/functions/createWidget').content.headings.map((h) => h.text)).toEqual([
      'Overload 1 of 2',
      'Overload 2 of 2',
    ]);
    expect(create).toContain('<p>Creates a widget from options.</p>');
    expect(html('api/functions/runWorklet')).toContain(
      '<span class="tk-type">T</span><span class="tk-kw"> extends </span><span class="tk-kw">number</span>',
    );
  });

  it('writes type aliases readably: unions one member per line, object types as tables', () => {
    expect(html('api/type-aliases/WidgetSize')).toContain(
      '<span class="tk-punct"> =</span>\n  <span class="tk-punct">| </span><span class="tk-str">&#x27;small&#x27;</span>\n  <span class="tk-punct">| </span>',
    );
    const options = html('api/type-aliases/WidgetOptions');
    expect(options).toContain('<h2 id="properties">Properties</h2><div class="table-wrap"><table class="api-table">');
    expect(options).toContain('<tr id="label">');
    expect(options).toContain("Default: <code>'Widget'</code>");
    expect(html('api/variables/DEFAULT_SIZE')).toContain(
      '<span class="tk-kw">const </span><span class="tk-name">DEFAULT_SIZE</span>',
    );
  });

  it('reports an unresolvable {@link} as a warning and shows it as code', () => {
    const fancy = page('api/classes/FancyWidget');
    expect(fancy.content.html).toContain('Missing link: `DoesNotExist`');
    expect(fancy.content.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        rule: 'api-unresolved-link',
        file: 'node_modules/fixture-lib/src/widget.ts',
        route: '/docs/api/classes/FancyWidget',
        target: 'DoesNotExist',
      }),
    ]);
    expect(pages.flatMap((p) => p.content.diagnostics)).toHaveLength(1);
  });

  it('uses sourceLinkTemplate when given', async () => {
    const api = { ...FIXTURE_API, sourceLinkTemplate: 'https://example.com/v{version}/{path}?line={line}' };
    const [, ...rest] = await buildApiPages(model, api, createStubContext());
    expect(rest.find((p) => p.id === 'api/variables/DEFAULT_SIZE')!.content.html).toContain(
      'href="https://example.com/v1.2.3/src/types.ts?line=16"',
    );
  });
});

describe('buildApiSidebar', () => {
  it('lists Overview then one category per kind, with baseUrl in hrefs', () => {
    const sidebar = buildApiSidebar(model, FIXTURE_API, (p) => `/base${p}`);
    expect(sidebar).toMatchObject({ type: 'category', label: 'API', collapsed: false });
    if (sidebar.type !== 'category') throw new Error('not a category');
    expect(sidebar.items[0]).toEqual({ type: 'doc', id: 'api/index', label: 'Overview', href: '/base/docs/api' });
    expect(sidebar.items.slice(1).map((i) => ('label' in i ? i.label : ''))).toEqual([
      'Classes',
      'Functions',
      'Interfaces',
      'Type Aliases',
      'Variables',
    ]);
    expect(sidebar.items[1]).toMatchObject({
      items: [
        {
          type: 'doc',
          id: 'api/classes/FancyWidget',
          label: 'FancyWidget',
          href: '/base/docs/api/classes/FancyWidget',
        },
        { type: 'doc', id: 'api/classes/Widget', label: 'Widget', href: '/base/docs/api/classes/Widget' },
        {
          type: 'doc',
          id: 'api/classes/WidgetError',
          label: 'WidgetError',
          href: '/base/docs/api/classes/WidgetError',
        },
      ],
    });
  });
});
