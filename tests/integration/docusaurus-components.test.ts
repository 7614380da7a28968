/**
 * Issue 31 §3: site components written for Docusaurus bundle unchanged. Their `@theme/*` and `@docusaurus/*`
 * imports resolve to docsgen's own implementations (templates/docusaurus/), which render the markup content's own
 * tabs, code blocks and admonitions have; any other such import is a config error at its place. A component marked
 * `client: true` is rendered as an island that names its chunk, and no other page names any of its code.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBuildOutcome } from '../helpers/bad-input.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';

let root: string;
const built = (route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');

beforeAll(async () => {
  root = tempDir('docsgen-docusaurus-components-');
  cpSync(path.join(fixturesDir, 'client-components'), root, { recursive: true });
  const { code, stderr } = await runCliInProcess(['build', '--root', root]);
  expect(code, stderr).toBe(0);
});

describe('a component written for Docusaurus', () => {
  it('renders Link and useBaseUrl with the base URL, and useDocusaurusContext with the config', () => {
    const html = built('docs/card');
    expect(html).toContain('<h3>Hello on Client components</h3>');
    expect(html).toContain('<img src="/base/img/logo.svg" alt="logo"/>');
    expect(html).toContain('<a href="/base/docs/intro">Start</a>');
  });

  it('renders Tabs and TabItem as content tabs are (the theme script switches them), with ids unique on the page', () => {
    const html = built('docs/card');
    expect(html).toContain('<div class="tabs-container" data-group-id="pm"><div role="tablist" class="tabs">');
    expect(html).toMatch(
      /<button type="button" role="tab" id="(tabs-[\w-]+-tab-0)" class="tab" aria-selected="true" aria-controls="tabs-[\w-]+-panel-0" tabindex="0" data-value="npm">npm<\/button>/,
    );
    expect(html).toMatch(
      /<div role="tabpanel" id="tabs-[\w-]+-panel-1" class="tab-panel" [^>]*data-value="yarn" hidden="">/,
    );
    const ids = [...html.matchAll(/ id="(tabs-[^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBe(8);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('highlights CodeBlock as a fenced block of content: title, language, line numbers, copy button', () => {
    const html = built('docs/card');
    expect(html).toContain('<div class="code-block" data-lang="bash"><div class="code-title">Install</div>');
    expect(html).toMatch(/<pre class="shiki [^"]*line-numbers"/);
    expect(html).toContain('<span style="color:#953800;--shiki-dark:#FFA657">npm</span>');
    expect(html).toContain('<button type="button" class="copy-button" aria-label="Copy code to clipboard"');
    expect(html).not.toMatch(/<dg-code-/);
  });

  it('renders Admonition as content admonitions are, and the fallback of BrowserOnly', () => {
    const html = built('docs/card');
    expect(html).toContain(
      '<aside class="admonition admonition-tip"><p class="admonition-title">Pro tip</p><div class="admonition-content">Read the docs.</div></aside>',
    );
    expect(html).toContain('<span>loading</span>');
  });

  it('renders Heading as the level it names, with the # link of content headings when it has an id', () => {
    const html = built('docs/card');
    expect(html).toContain(
      '<h3 id="card-usage">Usage<a href="#card-usage" class="hash-link" aria-label="Direct link to Usage">#</a></h3><h4>Plain</h4>',
    );
  });

  it('renders Translate and translate() as the message itself (one language), its placeholders filled from values', () => {
    const html = built('docs/card');
    expect(html).toContain(
      '<p title="Read the intro">See the <a href="/base/docs/intro">guide</a> for {missing} more</p>',
    );
  });
});

describe('a client: true component', () => {
  it('is an island naming its chunk, with its props and children as escaped JSON', () => {
    const html = built('docs/counter');
    expect(html).toMatch(
      /<docsgen-island data-component="Counter" data-src="\/base\/assets\/components\/Counter\.\w+\.js" style="display:contents"><div class="counter"><button type="button" class="button button-secondary">Clicked <!-- -->2<!-- --> times<\/button>/,
    );
    expect(html).toContain('<docsgen-children style="display:contents"><p>Some <strong>bold</strong> words.</p>');
    expect(html).toContain('<span class="counter-where">on the server</span>');
    expect(html).toContain(
      '<script type="application/json" data-component-props>{"props":{"start":2},"children":"\\u003cp>Some \\u003cstrong>bold\\u003c/strong> words.\\u003c/p>","idPrefix":"c0-"}</script>',
    );
    expect(html).toMatch(
      /<script type="module" src="\/base\/assets\/components\/load\.\w+\.js" data-component-loader>/,
    );
    const chunks = readdirSync(path.join(root, 'dist/assets/components'));
    expect(chunks.some((f) => /^Counter\.\w+\.js$/.test(f))).toBe(true);
  });

  it('is named by no page that does not use it', () => {
    for (const route of ['docs/intro', 'docs/card']) expect(built(route)).not.toContain('assets/components/');
  });
});

describe('content and islands', () => {
  it('cannot forge an island: the loader would import what its data-src names', async () => {
    const base = tempDir('docsgen-forged-island-');
    cpSync(root, base, { recursive: true });
    await expectBuildOutcome(base, {
      name: 'forged island',
      apply: (site) =>
        writeFileSync(
          path.join(site, 'content/docs/intro.mdx'),
          '---\ntitle: Intro\n---\n\n<docsgen-island data-src="/evil.js" data-component="Counter"><p>forged</p></docsgen-island>\n\n<Counter />\n',
        ),
      code: 0,
      lines: [
        'warning  content/docs/intro.mdx:5:1  removed <docsgen-island>, kept its content (not allowed in pages)  [unsafe-html]',
      ],
      check: (site) => {
        const html = readFileSync(path.join(site, 'dist/docs/intro/index.html'), 'utf8');
        expect(html).toContain('<p>forged</p>');
        expect(html).not.toContain('/evil.js');
        // The page's one island is the registered component's.
        expect(html.match(/<docsgen-island /g)).toHaveLength(1);
      },
    });
  });
});

describe('an import of a Docusaurus module docsgen has no counterpart for', () => {
  it('is a config error at the import, listing the modules there are', async () => {
    const base = tempDir('docsgen-docusaurus-unsupported-');
    cpSync(root, base, { recursive: true });
    await expectBuildOutcome(base, {
      name: 'unsupported @theme import',
      apply: (site) => {
        writeFileSync(
          path.join(site, 'src/components/Bad.jsx'),
          "import DocItem from '@theme/DocItem';\nexport default function Bad() { return <DocItem />; }\n",
        );
        const config = path.join(site, 'build.config.ts');
        writeFileSync(
          config,
          readFileSync(config, 'utf8').replace('components: {', "components: {\n    Bad: 'src/components/Bad.jsx',"),
        );
      },
      code: 2,
      lines: [
        "error  src/components/Bad.jsx:1:21  '@theme/DocItem' has no docsgen counterpart: docsgen provides @docusaurus/Link, @theme/Link, @theme/CodeBlock",
        '    hint: import one of the modules docsgen provides, or write that part in the component itself',
      ],
    });
  });
});
