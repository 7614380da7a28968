import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, siteRoot, testContext } from '../../helpers/compile.js';
import { tempDir } from '../../helpers/run-cli.js';

const guides = path.join(siteRoot, 'content/docs/guides');
const page = path.join(guides, 'page.mdx');
mkdirSync(path.join(guides, '_parts'), { recursive: true });
mkdirSync(path.join(siteRoot, 'src'), { recursive: true });
const write = (relative: string, text: string | Buffer) => writeFileSync(path.join(siteRoot, relative), text);

write(
  'content/docs/guides/_parts/_setup.mdx',
  `## Install {props.name}\n\nRun the installer for **{props.name}**.\n\n![Logo](./logo.png)\n\nSee [the intro](../intro.mdx).\n`,
);
write(
  'content/docs/guides/_parts/logo.png',
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
    'base64',
  ),
);
write('content/docs/guides/_parts/_a.mdx', `import B from './_b.mdx';\n\n<B />\n`);
write('content/docs/guides/_parts/_b.mdx', `import A from './_a.mdx';\n\n<A />\n`);
write('content/docs/guides/_parts/_bad.mdx', `Text\n\n{fetch('x')}\n`);
write('content/docs/guides/sample.ts', `export const answer = 42;\n`);
write('build.config.ts', `export default { secret: process.env.TOKEN };\n`);
write('src/_part.mdx', `Outside the docs folder.\n`);

const errorsOf = (content: Awaited<ReturnType<typeof compile>>) =>
  content.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.column}  ${d.message}`);

describe('MDX partials', () => {
  it('renders a partial in place, with its props, headings and links resolved from its own folder', async () => {
    const content = await compile(
      `import Setup from './_parts/_setup.mdx';\n\n# Page\n\n<Setup name="Camera" />\n`,
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.headings).toEqual([{ depth: 2, id: 'install-camera', text: 'Install Camera' }]);
    expect(content.html).toContain('<strong>Camera</strong>');
    expect(content.html).toContain('href="/docs/guides"');
    expect(content.html).toMatch(/<img src="\/assets\/images\/logo-[0-9a-f]{8}\.png"/);
    expect(content.reads?.map((r) => path.basename(r.path))).toContain('_setup.mdx');
  });

  it('renders a .md partial used before its import line, as ESM hoists imports', async () => {
    write('content/docs/guides/_parts/_note.md', 'A note in *Markdown*.\n');
    const content = await compile(`<Note />\n\nimport Note from './_parts/_note.md';\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toBe('<p>A note in <em>Markdown</em>.</p>');
  });

  it('accepts the toc a partial exports, as Docusaurus pages pass it to TOCInline: its headings are in the page already', async () => {
    const content = await compile(
      `import Setup, { toc as setupToc } from './_parts/_setup.mdx';\nimport TOCInline from '@theme/TOCInline';\n\n<TOCInline toc={setupToc} />\n\n<Setup name="Camera" />\n`,
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain(
      '<div class="toc-inline"><ul><li><a href="#install-camera">Install Camera</a></li></ul></div>',
    );
  });
});

describe('MDX imports that are refused', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a path leaving the root',
      `import P from '../../../../../../etc/passwd.mdx';`,
      /cannot import '..\/..\/..\/..\/..\/..\/etc\/passwd.mdx': it resolves to \/etc\/passwd.mdx, outside the site root/,
    ],
    [
      'an absolute path',
      `import P from '/etc/passwd.md';`,
      /cannot import '\/etc\/passwd.md': only relative paths \(\.\/, \.\.\/\) and @site\/ paths are read/,
    ],
    [
      'a missing partial',
      `import P from './_nowhere.mdx';`,
      /cannot import '.\/_nowhere.mdx': no file at content\/docs\/guides\/_nowhere.mdx/,
    ],
    [
      'a partial outside the docs folder and public/',
      `import P from '@site/src/_part.mdx';`,
      /cannot import '@site\/src\/_part.mdx': src\/_part.mdx is outside the folders content may import from/,
    ],
    ['a raw import of /etc/passwd', `import P from '!!raw-loader!/etc/passwd';`, /only relative paths/],
    [
      'a raw import leaving the root',
      `import P from '../../../../../../../../etc/passwd?raw';`,
      /outside the site root/,
    ],
    [
      'a raw import of the config',
      `import P from '!!raw-loader!@site/build.config.ts';`,
      /build.config.ts is outside the folders content may import from/,
    ],
    [
      'a named import of a partial',
      `import { frontMatter } from './_parts/_setup.mdx';`,
      /only the default import of '.\/_parts\/_setup.mdx' is supported/,
    ],
  ];
  for (const [name, source, message] of cases) {
    it(`refuses ${name} at the import`, async () => {
      const content = await compile(`# Page\n\n${source}\n\nText.\n`, 'mdx', page);
      const errors = errorsOf(content);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^content\/docs\/guides\/page\.mdx:3:1 {2}/);
      expect(errors[0]).toMatch(message);
      expect(content.html).not.toContain('root:');
    });
  }

  it('refuses a symlinked partial that leads out of the root', async () => {
    symlinkSync('/etc/hostname', path.join(guides, '_parts/_link.mdx'));
    const content = await compile(`import L from './_parts/_link.mdx';\n\n<L />\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/page.mdx:1:1  cannot import './_parts/_link.mdx': it resolves to /etc/hostname, outside the site root`,
    ]);
  });

  it('reports a cycle at the import that closes it, in the partial that has it', async () => {
    const content = await compile(`import A from './_parts/_a.mdx';\n\n<A />\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/_parts/_b.mdx:1:1  cannot import './_a.mdx': it imports itself (page.mdx → _a.mdx → _b.mdx → _a.mdx)`,
    ]);
  });

  it('reports code in a partial at its place in the partial, never running it', async () => {
    const content = await compile(`import Bad from './_parts/_bad.mdx';\n\n<Bad />\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/_parts/_bad.mdx:3:2  function calls are not allowed in content (only useBaseUrl('...')) (content is never executed)`,
    ]);
    expect(content.html).toContain('<p>Text</p>');
  });

  it('stops a page that multiplies its partials (each used ten times in the one above)', async () => {
    for (let level = 0; level < 4; level++) {
      const inner = level === 0 ? 'Leaf.\n' : `import L from './_m${level - 1}.mdx';\n\n${'<L />\n\n'.repeat(10)}`;
      write(`content/docs/guides/_parts/_m${level}.mdx`, inner);
    }
    const content = await compile(`import M from './_parts/_m3.mdx';\n\n<M />\n`, 'mdx', page);
    expect(errorsOf(content)[0]).toMatch(/too many partials on this page \(more than 200 uses/);
    expect(content.html.split('Leaf.').length - 1).toBeLessThanOrEqual(200);
  });

  it('refuses partials nested more than 8 deep, at the import that goes too deep', async () => {
    for (let level = 0; level < 10; level++)
      write(
        `content/docs/guides/_parts/_d${level}.mdx`,
        `Level ${level}.\n\nimport D from './_d${level + 1}.mdx';\n\n<D />\n`,
      );
    write('content/docs/guides/_parts/_d10.mdx', 'Bottom.\n');
    const content = await compile(`import D from './_parts/_d0.mdx';\n\n<D />\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/_parts/_d7.mdx:3:1  cannot import './_d8.mdx': partials are nested more than 8 deep`,
    ]);
    expect(content.html).toContain('Level 7.');
    expect(content.html).not.toContain('Level 8.');
  });

  it('refuses a partial over the size limit', async () => {
    write('content/docs/guides/_parts/_huge.mdx', 'a'.repeat(600 * 1024));
    const content = await compile(`import H from './_parts/_huge.mdx';\n\n<H />\n`, 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/page.mdx:1:1  cannot import './_parts/_huge.mdx': content/docs/guides/_parts/_huge.mdx is 614400 bytes, over the 524288-byte limit for imported files`,
    ]);
  });

  it('ignores twenty thousand props given to a partial beyond the one it reads', async () => {
    const props = Array.from({ length: 20000 }, (_, i) => `p${i}="x"`).join(' ');
    const content = await compile(
      `import Setup from './_parts/_setup.mdx';\n\n<Setup name="Camera" ${props} />\n`,
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('<strong>Camera</strong>');
  });
});

describe('raw imports', () => {
  it('binds a file inside the docs folder as text, with !!raw-loader! and ?raw', async () => {
    const content = await compile(
      `import a from '!!raw-loader!./sample.ts';\nimport b from './sample.ts?raw';\n\n{a}\n\n<p>{b}</p>\n`,
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html.split('export const answer = 42;').length - 1).toBe(2);
    expect(content.reads?.map((r) => path.basename(r.path))).toContain('sample.ts');
  });

  // Issue 29's proof: a real site's `!!raw-loader!./_examples/Block` failed with "no file at" beside Block.tsx.
  it('resolves a raw import without an extension as webpack does: the extensions in its order, then a folder index', async () => {
    mkdirSync(path.join(guides, '_examples/Widget'), { recursive: true });
    write('content/docs/guides/_examples/Block.tsx', 'export const block = "tsx";\n');
    write('content/docs/guides/_examples/Pair.tsx', 'export const pair = "tsx";\n');
    write('content/docs/guides/_examples/Pair.js', 'export const pair = "js";\n');
    write('content/docs/guides/_examples/Widget/index.ts', 'export const widget = "index";\n');
    const content = await compile(
      [
        "import block from '!!raw-loader!./_examples/Block';",
        "import pair from '!!raw-loader!./_examples/Pair';",
        "import widget from './_examples/Widget?raw';",
        '',
        '<pre>{block}</pre>\n\n<pre>{pair}</pre>\n\n<pre>{widget}</pre>\n',
      ].join('\n'),
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('export const block = "tsx";');
    // .js comes before .tsx in Docusaurus's resolve.extensions.
    expect(content.html).toContain('export const pair = "js";');
    expect(content.html).not.toContain('export const pair = "tsx";');
    expect(content.html).toContain('export const widget = "index";');
  });

  it('keeps the file rule and the size cap for a raw import resolved by its extension, and names what was tried', async () => {
    mkdirSync(path.join(guides, '_examples'), { recursive: true });
    write('content/docs/guides/_examples/Huge.js', 'a'.repeat(600 * 1024));
    const content = await compile(
      [
        "import config from '!!raw-loader!@site/build.config';",
        "import huge from '!!raw-loader!./_examples/Huge';",
        "import gone from '!!raw-loader!./_examples/Gone';",
        '',
        'Text.\n',
      ].join('\n'),
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([
      "content/docs/guides/page.mdx:1:1  cannot import '@site/build.config': build.config.ts is outside the folders content may import from",
      "content/docs/guides/page.mdx:2:1  cannot import './_examples/Huge': content/docs/guides/_examples/Huge.js is 614400 bytes, over the 524288-byte limit for imported files",
      "content/docs/guides/page.mdx:3:1  cannot import './_examples/Gone': no file at content/docs/guides/_examples/Gone",
    ]);
    expect(content.diagnostics.find((d) => d.message.includes('Gone'))?.hint).toContain(
      '.wasm, .mjs, .js, .jsx, .ts, .tsx, .json are tried after it',
    );
    expect(content.html).not.toContain('secret');
  });
});

// Issue 29's proof: a page linked into another folder read its raw import from the link's folder and its partial
// (itself a link) from the target's, so the two failed with different messages. Webpack reads both from the real folder.
describe('imports of a page that is a symlink', () => {
  const real = path.join(siteRoot, 'content/docs/v2/gestures');
  const linked = path.join(siteRoot, 'content/docs/legacy/gestures');
  mkdirSync(path.join(real, '_shared'), { recursive: true });
  mkdirSync(path.join(siteRoot, 'content/docs/v2/examples'), { recursive: true });
  mkdirSync(linked, { recursive: true });
  write('content/docs/v2/gestures/_shared/_config.md', 'Shared *config*.\n');
  write('content/docs/v2/examples/Fling.tsx', 'export const fling = 1;\n');
  write('content/docs/v2/gestures/code.ts', 'export const fromFile = 2;\n');
  write(
    'content/docs/v2/gestures/fling.mdx',
    [
      "import FlingSrc from '!!raw-loader!../examples/Fling';",
      "import Config from './_shared/_config.md';",
      '',
      '<pre>{FlingSrc}</pre>',
      '',
      '<Config />',
      '',
      '```ts file=./code.ts',
      '```',
      '',
    ].join('\n'),
  );
  symlinkSync('../../v2/gestures/fling.mdx', path.join(linked, 'fling.mdx'));

  it('reads the raw import, the partial and file= from the real folder of the page, as webpack does', async () => {
    const page = path.join(linked, 'fling.mdx');
    const content = await compile(readFileSync(page, 'utf8'), 'mdx', page);
    expect(errorsOf(content)).toEqual([]);
    expect(content.html).toContain('export const fling = 1;');
    expect(content.html).toContain('Shared <em>config</em>.');
    expect(content.html).toContain('fromFile');
  });

  it('keeps the file rule: a real folder outside the folders content may read is refused, and the hint says why', async () => {
    mkdirSync(path.join(siteRoot, 'src/linked'), { recursive: true });
    write('src/linked/secret.ts', 'export const token = "secret";\n');
    write('src/linked/page.mdx', "import S from '!!raw-loader!./secret';\n\n{S}\n");
    symlinkSync('../../../../src/linked/page.mdx', path.join(linked, 'outside.mdx'));
    const page = path.join(linked, 'outside.mdx');
    const content = await compile(readFileSync(page, 'utf8'), 'mdx', page);
    expect(errorsOf(content)).toEqual([
      "content/docs/guides/page.mdx:1:1  cannot import './secret': src/linked/secret.ts is outside the folders content may import from",
    ]);
    expect(content.diagnostics[0].hint).toContain(
      'this file is a symlink to src/linked/page.mdx: its relative paths start from that file',
    );
    expect(content.html).not.toContain('secret');
  });

  it('names the target from the site root as given when a folder above the root is a link (/tmp → /private/tmp)', async () => {
    const alias = path.join(tempDir('docsgen-alias-'), 'site');
    symlinkSync(siteRoot, alias);
    write('content/docs/v2/gestures/_shared/_linked.md', 'See [the intro](../../../guides/intro.mdx).\n');
    write('content/docs/v2/gestures/linking.mdx', "import Linked from './_shared/_linked.md';\n\n<Linked />\n");
    // In guides/, the folder the compiled page's links are resolved from (compile.ts).
    symlinkSync('../v2/gestures/linking.mdx', path.join(guides, 'linking.mdx'));
    const context = { ...(await testContext()), root: alias, staticDirs: [path.join(alias, 'public')] };
    const page = path.join(alias, 'content/docs/guides/linking.mdx');
    const content = await compile(readFileSync(page, 'utf8'), 'mdx', page, { context });
    expect(errorsOf(content)).toEqual([]);
    // The partial's link, rebased from its folder to the page's, stays inside the site's names.
    expect(content.html).toContain('href="/docs/guides"');
  });
});
