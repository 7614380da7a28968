import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_GIT_ANNOTATION, OUTSIDE_GIT_NOTICE } from '../helpers/git-site.js';
import { buildBaseSite, cloneSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { articleOf, findScriptVectors } from '../helpers/script-vectors.js';

const GUIDES = 'content/docs/guides';
const PAGE = `${GUIDES}/third.mdx`;
const HINT =
  '    hint: pages are sanitised: script, event handlers and URLs other than http(s), mailto, relative or # never reach them. Set `markdown.trustContent: true` in the config only if all content is trusted';
const CONFIG =
  "export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { sidebars: { main: ['guides/intro', 'guides/second'] } },\n};\n";
const TRUSTING_CONFIG = CONFIG.replace('\n};', '\n  markdown: { trustContent: true },\n};');
/** The config of a site whose `.md` pages are CommonMark with raw HTML, as Docusaurus 2 read them (`.md` is MDX by default). */
const COMMONMARK_CONFIG = CONFIG.replace('\n};', "\n  markdown: { format: 'detect' },\n};");

let builtBase: Promise<string> | undefined;
/** The minimal site, built once for every test here. */
const baseSite = () => (builtBase ??= buildBaseSite());

const write = (file: string, contents: string) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
/** Writes a `.md` page read as CommonMark, raw HTML and all. */
const writeCommonMark = (file: string, contents: string) => (root: string) => {
  write(file, contents)(root);
  writeFileSync(path.join(root, 'build.config.ts'), COMMONMARK_CONFIG);
};
const warning = (place: string, message: string) => `warning  ${place}  ${message}  [unsafe-html]`;
const handler = (place: string, attribute: string, tag: string) =>
  warning(place, `removed the ${attribute} attribute of <${tag}> (event handlers never run from content)`);
const badUrl = (place: string, url = 'javascript:alert(1)', attribute = 'href', tag = 'a') =>
  warning(
    place,
    `removed the ${attribute} attribute of <${tag}>: "${url}" is not an http(s), mailto, relative or # URL`,
  );

/** Every page of the built site: its article holds nothing that could run script, and none of the payloads. */
function expectNoScript(root: string, options: { payloadText?: boolean } = {}): void {
  const dist = path.join(root, 'dist');
  const pages = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('index.html') && f.startsWith('docs/guides'),
  );
  expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const file of pages) {
    const article = articleOf(readFileSync(path.join(dist, file), 'utf8'));
    expect(findScriptVectors(article), file).toEqual([]);
    if (!options.payloadText) expect(article, file).not.toContain('alert(');
  }
}

/** The examples of issue 14, §2, each a page that builds (exit 0) with the unsafe part removed and a warning at its place. */
const cases: BadInputCase[] = [
  {
    name: 'an onError attribute on <img> (MDX)',
    apply: write(PAGE, '# Third\n\n<img src="/img/dot.svg" onError="alert(1)" />\n'),
    code: 0,
    lines: [handler(`${PAGE}:3:1`, 'onerror', 'img'), HINT, '0 errors, 1 warnings'],
  },
  {
    name: 'onmouseover through a spread (MDX)',
    apply: write(PAGE, "# Third\n\n<div {...{onMouseOver: 'alert(1)'}}>hover me</div>\n"),
    code: 0,
    lines: [handler(`${PAGE}:3:1`, 'onmouseover', 'div')],
  },
  {
    name: '<svg onLoad> (MDX)',
    apply: write(
      PAGE,
      '# Third\n\n<svg onLoad="alert(1)" width="10" height="10"><circle cx="5" cy="5" r="4" /></svg>\n',
    ),
    code: 0,
    lines: [handler(`${PAGE}:3:1`, 'onload', 'svg')],
  },
  {
    name: 'a <script> element (MDX)',
    apply: write(PAGE, '# Third\n\nText.\n\n<script>alert(1)</script>\n'),
    code: 0,
    lines: [warning(`${PAGE}:5:1`, 'removed <script> and its content (pages never run script from content)')],
  },
  {
    name: '<iframe src="javascript:…"> (MDX)',
    apply: write(PAGE, '# Third\n\n<iframe src="javascript:alert(1)" />\n'),
    code: 0,
    lines: [
      warning(
        `${PAGE}:3:1`,
        'removed <iframe> and its content: only frames with an https:// src are allowed (src "javascript:alert(1)")',
      ),
    ],
  },
  {
    name: 'a javascript: Markdown link (MDX)',
    apply: write(PAGE, '# Third\n\nA [link](javascript:alert(1)).\n'),
    code: 0,
    lines: [badUrl(`${PAGE}:3:3`)],
  },
  {
    name: 'a javascript: reference link (MDX)',
    apply: write(PAGE, '# Third\n\nA [link][r].\n\n[r]: javascript:alert(1)\n'),
    code: 0,
    lines: [badUrl(`${PAGE}:3:3`)],
  },
  {
    name: 'a javascript: autolink (.md)',
    apply: writeCommonMark(`${GUIDES}/third.md`, '# Third\n\nAn autolink <javascript:alert(1)>.\n'),
    code: 0,
    lines: [badUrl(`${GUIDES}/third.md:3:13`)],
    check: (root) => expectNoScript(root, { payloadText: true }),
  },
  {
    name: 'a javascript: href attribute (MDX)',
    apply: write(PAGE, '# Third\n\n<a href="javascript:alert(1)">click</a>\n'),
    code: 0,
    lines: [badUrl(`${PAGE}:3:1`)],
  },
  {
    name: "useBaseUrl('javascript:…') (MDX)",
    apply: write(
      PAGE,
      "import useBaseUrl from '@docusaurus/useBaseUrl';\n\n# Third\n\n<a href={useBaseUrl('javascript:alert(1)')}>click</a>\n",
    ),
    code: 0,
    lines: [badUrl(`${PAGE}:5:1`)],
  },
  {
    name: 'raw HTML in .md: a handler, a script and a javascript: URL',
    apply: writeCommonMark(
      `${GUIDES}/second.md`,
      '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\n<img src="/img/dot.svg" onerror="alert(1)">\n\n<script>alert(1)</script>\n\n<a href="javascript:alert(1)">x</a>\n',
    ),
    code: 0,
    lines: [
      handler(`${GUIDES}/second.md:7:1`, 'onerror', 'img'),
      warning(`${GUIDES}/second.md:9:1`, 'removed <script> and its content (pages never run script from content)'),
      badUrl(`${GUIDES}/second.md:11:1`),
      '0 errors, 3 warnings',
    ],
  },
  {
    name: 'a javascript: URL hidden by an entity tab, a newline and upper case',
    apply: writeCommonMark(
      `${GUIDES}/third.md`,
      '# Third\n\n<a href="jav&#x09;ascript:alert(1)">a</a> <a href=" JAVA\nSCRIPT:alert(1)">b</a>\n',
    ),
    code: 0,
    lines: [badUrl(`${GUIDES}/third.md:3:1`), badUrl(`${GUIDES}/third.md:3:43`)],
  },
  {
    name: "the theme's own hooks: a data-fragments gadget for the lazy sidebar",
    apply: write(
      PAGE,
      '# Third\n\n<div data-fragments="https://evil.example/"><details><summary>open</summary><ul data-lazy="x"></ul></details></div>\n',
    ),
    code: 0,
    lines: [
      warning(`${PAGE}:3:1`, "removed the data-fragments attribute of <div> (the theme's scripts act on it)"),
      warning(`${PAGE}:3:77`, "removed the data-lazy attribute of <ul> (the theme's scripts act on it)"),
    ],
  },
  {
    name: 'SVG: a javascript: xlink:href, an animation that rewrites href, a foreignObject',
    apply: write(
      PAGE,
      '# Third\n\n<svg><a xlinkHref="javascript:alert(1)"><circle r="2" /></a><set attributeName="href" to="javascript:alert(1)" /><foreignObject><img src="/img/dot.svg" onError="alert(1)" /></foreignObject></svg>\n',
    ),
    code: 0,
    lines: [
      badUrl(`${PAGE}:3:6`, 'javascript:alert(1)', 'xlink:href'),
      warning(`${PAGE}:3:61`, 'removed <set> and its content (not allowed in pages)'),
      warning(`${PAGE}:3:114`, 'removed <foreignObject> and its content (not allowed in pages)'),
    ],
  },
  {
    name: 'an https frame whose srcdoc runs script',
    apply: write(PAGE, '# Third\n\n<iframe src="https://example.com/embed" srcDoc="<script>alert(1)</script>" />\n'),
    code: 0,
    lines: [warning(`${PAGE}:3:1`, 'removed the srcdoc attribute of <iframe> (not allowed in pages)')],
    check: (root) => {
      expectNoScript(root);
      expect(readFileSync(path.join(root, 'dist/docs/guides/third/index.html'), 'utf8')).toContain(
        '<iframe src="https://example.com/embed"></iframe>',
      );
    },
  },
];

describe.concurrent('untrusted content never puts script in a page: it builds, the unsafe part removed and reported', () => {
  beforeAll(() => baseSite());
  it.each(cases)('$name', async (c) => expectBuildOutcome(await baseSite(), { check: expectNoScript, ...c }));
});

// Its builds and checks run in the test process (in-process-cli.ts), as the catalogue's do: the pages and reports are the point.
describe('markdown.trustContent: true', () => {
  const SCRIPTED =
    '# Third\n\n<script>window.ran = 1</script>\n\n<img src="/img/dot.svg" onError="window.ran = 2" />\n';
  const thirdPage = (root: string) => readFileSync(path.join(root, 'dist/docs/guides/third/index.html'), 'utf8');

  it('lets script through, and toggling it with a warm cache never serves a stale page', async () => {
    const root = cloneSite(await baseSite());
    write(PAGE, SCRIPTED)(root);
    const sanitised = await runCliInProcess(['build', '--root', root]);
    expect(sanitised.code, sanitised.stderr).toBe(0);
    expect(sanitised.stderr).toContain('[unsafe-html]');
    expect(findScriptVectors(articleOf(thirdPage(root)))).toEqual([]);

    write('build.config.ts', TRUSTING_CONFIG)(root);
    const trusted = await runCliInProcess(['build', '--root', root]);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).not.toContain('[unsafe-html]');
    expect(articleOf(thirdPage(root))).toContain('<script>window.ran = 1</script>');
    expect(articleOf(thirdPage(root))).toContain('onerror="window.ran = 2"');

    write('build.config.ts', CONFIG)(root);
    const again = await runCliInProcess(['build', '--root', root]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('[unsafe-html]');
    expect(findScriptVectors(articleOf(thirdPage(root)))).toEqual([]);
  });

  it('docsgen check says so in every format', async () => {
    const root = cloneSite(await baseSite());
    write(PAGE, SCRIPTED)(root);
    write('build.config.ts', TRUSTING_CONFIG)(root);
    const text = await runCliInProcess(['check', '--root', root]);
    expect(text.code).toBe(0);
    // The copy is outside git, which check also notes (no last-updated dates).
    expect(text.stdout).toMatch(
      /^✔ 0 errors, 0 warnings in \d+ pages \(\d+\.\d\d s\); markdown\.trustContent is on: pages are not sanitised, so content can put script in them; pages show no "Last updated" date from git: .*\n$/m,
    );
    const json = JSON.parse((await runCliInProcess(['check', '--root', root, '--format', 'json'])).stdout);
    expect(json).toMatchObject({
      ok: true,
      errors: [],
      warnings: [],
      notices: [
        {
          rule: 'trust-content',
          message: 'markdown.trustContent is on: pages are not sanitised, so content can put script in them',
        },
        OUTSIDE_GIT_NOTICE,
      ],
    });
    expect((await runCliInProcess(['check', '--root', root, '--format', 'github'])).stdout).toBe(
      '::notice title=trust-content::markdown.trustContent is on: pages are not sanitised, so content can put script in them\n' +
        OUTSIDE_GIT_ANNOTATION,
    );

    // Off (the default), the summary says nothing of it, and the removals are warnings with their place.
    write('build.config.ts', CONFIG)(root);
    const off = await runCliInProcess(['check', '--root', root, '--format', 'json']);
    expect(off.code).toBe(0);
    const report = JSON.parse(off.stdout);
    expect(report.notices).toEqual([OUTSIDE_GIT_NOTICE]);
    expect(report.warnings).toEqual([
      expect.objectContaining({
        rule: 'unsafe-html',
        file: PAGE,
        line: 3,
        column: 1,
        message: 'removed <script> and its content (pages never run script from content)',
      }),
      expect.objectContaining({
        rule: 'unsafe-html',
        file: PAGE,
        line: 5,
        column: 1,
        message: 'removed the onerror attribute of <img> (event handlers never run from content)',
      }),
    ]);
    expect((await runCliInProcess(['check', '--root', root])).stdout).toMatch(
      /^✔ 0 errors, 2 warnings in \d+ pages \(\d+\.\d\d s\); pages show no "Last updated" date from git: [^;]*; [^;]*\n$/m,
    );
  });

  it('must be a boolean: anything else is a config error (exit 2)', async () => {
    const root = cloneSite(await baseSite());
    write('build.config.ts', CONFIG.replace('\n};', "\n  markdown: { trustContent: 'yes' },\n};"))(root);
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code).toBe(2);
    expect(stderr).toContain('markdown.trustContent: expected boolean, received string');
  });
});
