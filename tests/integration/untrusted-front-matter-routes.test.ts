import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { expectCheckOutcome } from '../helpers/check-outcome.js';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { repoRoot, runCli } from '../helpers/run-cli.js';

const GUIDES = 'content/docs/guides';
const SECOND = `${GUIDES}/second.md`;
const SECOND_BODY = '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nSome details.\n';
const FM_HINT = '    hint: open the front matter with a plain --- line and write YAML: docsgen never runs front matter as code';
const ROUTE_HINT = '    hint: ids, slugs and file names become URL paths: use letters (any script), digits, spaces, - and _ (and / in slugs); docsgen percent-encodes them itself';
const CLASH_HINT = "    hint: every output file must come from one source: change the page's `slug` or `id`, or rename or remove the file in public/";
/** Errors that would only follow from a page failing to load. */
const NO_CASCADE = ['[sidebar-missing-doc]', '[broken-markdown-link]', '[broken-link]'];

const write = (file: string, contents: string) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
/** second.md with this front matter block (fences included) in front of its usual body. */
const withBlock = (block: string) => write(SECOND, `${block}\n\n${SECOND_BODY}`);
const frontMatter = (yaml: string) => withBlock(`---\n${yaml}\n---`);
const page = (root: string, route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
/** Where a front matter block that ran would have written: next to the site, never inside it. */
const canary = (root: string) => `${root}-ran`;

/** Pages whose file names hold a space and letters outside ASCII (and Latin-1), linking to each other. */
function addUnicodePages(root: string): void {
  write(`${GUIDES}/a b.md`, '# Spaced\n\nTo [the camera](./カメラ.md) and [the café](<./café.md#menu>).\n')(root);
  write(`${GUIDES}/café.md`, '# Café\n\n## Menu\n\nBack to [the spaced page](<./a b.md>).\n')(root);
  write(`${GUIDES}/カメラ.md`, '# カメラ\n\nSee [the deep page](<./dir ü/deep.md>) or [by URL](/docs/guides/café).\n')(root);
  write(`${GUIDES}/dir ü/deep.md`, '# Deep\n\n[Up](../カメラ.md)\n')(root);
}

interface Case extends BadInputCase {
  /** What must not have happened, after `build` and after `check` (a file written by content, say). */
  noSideEffect?: (root: string) => void;
}

/** A `---<language>` block that writes a file if anything evaluates it. */
function codeFence(fence: string): Case {
  const language = fence.slice(3).trim();
  return {
    name: `front matter opened with ${JSON.stringify(fence)} that would write a file`,
    apply: (root) => withBlock(`${fence}\n{title: require('fs').writeFileSync(${JSON.stringify(canary(root))}, 'ran') || 'Ran'}\n---`)(root),
    code: 1,
    lines: [`error  ${SECOND}:1:${fence.indexOf(language) + 1}  front matter must be YAML (this block is marked '${language}')  [invalid-front-matter]`, FM_HINT],
    absent: NO_CASCADE,
    noSideEffect: (root) => expect(existsSync(canary(root))).toBe(false),
  };
}

/** A front matter key refused as a route, at its line. */
function routeKey(yaml: string, message: string): Case {
  return {
    name: `${yaml} (would overwrite another page)`,
    apply: frontMatter(`title: Second\n${yaml}`),
    code: 1,
    lines: [`error  ${SECOND}:3:1  front matter ${message}  [invalid-front-matter]`, ROUTE_HINT],
    absent: [...NO_CASCADE, '[output-clash]'],
  };
}

/** A doc whose file name makes its route unusable. */
function fileName(name: string, character: string): Case {
  return {
    name: `a file named ${name}`,
    apply: write(`${GUIDES}/${name}`, '# Odd\n'),
    code: 1,
    lines: [`error  ${GUIDES}/${name}  the page's route /docs/guides/${name.replace(/\.md$/, '')} contains '${character}', which cannot be part of a page URL  [invalid-route]`],
  };
}

const cases: Case[] = [
  ...['---js', '---javascript', '---JS', '--- js', '---Javascript', '---coffee'].map(codeFence),
  {
    name: 'a !!js/function tag',
    apply: (root) => frontMatter(`title: !!js/function 'function () { require("fs").writeFileSync(${JSON.stringify(canary(root))}, "ran") }'`)(root),
    code: 1,
    lines: [`error  ${SECOND}:2:8  invalid YAML front matter: unknown tag !!js/function (front matter is plain YAML: strings, numbers, booleans, lists and maps; nothing in it is ever run)  [invalid-front-matter]`],
    absent: NO_CASCADE,
    noSideEffect: (root) => expect(existsSync(canary(root))).toBe(false),
  },
  {
    name: 'a billion-laughs block of aliases',
    apply: (root) => {
      const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 1; i <= 9; i++) lines.push(`${'abcdefghij'[i]}: &${'abcdefghij'[i]} [${Array(9).fill(`*${'abcdefghij'[i - 1]}`).join(',')}]`);
      frontMatter(`${lines.join('\n')}\nkeywords: *j`)(root);
    },
    code: 1,
    lines: [`error  ${SECOND}:12:11  invalid YAML front matter: Excessive alias count indicates a resource exhaustion attack  [invalid-front-matter]`],
    absent: NO_CASCADE,
  },
  {
    name: 'a key given twice',
    apply: frontMatter('title: One\nsidebar_label: Two\ntitle: Three'),
    code: 1,
    lines: [`error  ${SECOND}:4:1  invalid YAML front matter: the key 'title' is given twice  [invalid-front-matter]`],
    absent: NO_CASCADE,
  },
  {
    name: 'front matter that is never closed',
    apply: write(SECOND, '---\ntitle: Second\n\n# Second Page\n'),
    code: 1,
    lines: [`error  ${SECOND}:1:1  front matter is never closed: no --- line ends it  [invalid-front-matter]`],
    absent: NO_CASCADE,
  },
  {
    name: '__proto__ and constructor keys (ignored; nothing polluted)',
    apply: frontMatter('__proto__: {title: Polluted, draft: true}\nconstructor: {title: Polluted}'),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      expect(page(root, 'docs/guides/second')).toContain('<title>Second Page | Minimal</title>');
      expect(page(root, 'docs/guides')).not.toContain('Polluted');
    },
  },
  routeKey('id: ".."', "id: must not contain '..' segments"),
  routeKey('id: "."', "id: must not contain '.' segments"),
  routeKey('id: "%2e%2e"', "id: contains '%', which cannot be part of a page URL"),
  routeKey('id: "%2E%2e"', "id: contains '%', which cannot be part of a page URL"),
  routeKey('id: ""', 'id: must not be empty'),
  routeKey('id: "..\\\\.."', 'id: must not contain slashes'),
  routeKey('slug: "/./."', "slug: must not contain '.' segments"),
  routeKey('slug: "/."', "slug: must not contain '.' segments"),
  routeKey('slug: "/guides/../.."', "slug: must not contain '..' segments"),
  routeKey('slug: "/%2e%2e/%2e%2e"', "slug: contains '%', which cannot be part of a page URL"),
  routeKey('slug: "..\\\\..\\\\index"', "slug: contains '\\', which cannot be part of a page URL"),
  routeKey('slug: "/guides#intro"', "slug: contains '#', which cannot be part of a page URL"),
  routeKey('slug: "/search?"', "slug: contains '?', which cannot be part of a page URL"),
  {
    name: 'a doc and a file of public/ writing one file',
    apply: write('public/docs/guides/second/index.html', '<h1>static</h1>'),
    code: 1,
    lines: [
      `error  ${SECOND}  docs/guides/second/index.html would be written twice: by ${SECOND} (route /docs/guides/second) and by public/docs/guides/second/index.html  [output-clash]`,
      CLASH_HINT,
    ],
  },
  {
    name: 'a file of public/ where a doc needs a folder (check passed it, build failed with a misleading hint)',
    apply: write('public/docs/guides/second', 'static'),
    code: 1,
    lines: [`error  ${SECOND}  ${SECOND} (route /docs/guides/second) needs docs/guides/second/ to be a folder, but public/docs/guides/second writes a file there  [output-clash]`],
    absent: ['ENOTDIR', 'cannot write', 'unwritable'],
  },
  {
    name: 'files of public/ on the home page, the 404 page, the sitemap and the search index',
    apply: (root) => ['index.html', '404.html', 'sitemap.xml', 'search/settings.json'].forEach((file) => write(`public/${file}`, 'static')(root)),
    code: 1,
    lines: [
      'error  public/index.html  index.html would be written twice: by the home page and by public/index.html  [output-clash]',
      'error  public/404.html  404.html would be written twice: by the 404 page and by public/404.html  [output-clash]',
      'error  public/sitemap.xml  sitemap.xml would be written twice: by public/sitemap.xml and by the sitemap  [output-clash]',
      'error  public/search/settings.json  search/settings.json would be written into search/, which belongs to the search index  [output-clash]',
    ],
  },
  {
    name: 'docs at the site root on the home page, the search page and the sitemap',
    apply: (root) => {
      write('build.config.ts', "export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { routeBasePath: '/', sidebars: { main: ['guides/intro', 'guides/second'] } },\n};\n")(root);
      write('content/docs/home.md', '---\nslug: /\n---\n\n# Home\n')(root);
      write('content/docs/search.md', '# Search\n')(root);
      write('content/docs/map.md', '---\ntitle: Map\nslug: /sitemap.xml\n---\n\n# Map\n')(root);
    },
    code: 1,
    lines: [
      'error  content/docs/home.md:2:1  index.html would be written twice: by the home page and by content/docs/home.md (route /)  [output-clash]',
      'error  content/docs/search.md  search/index.html would be written twice: by content/docs/search.md (route /search) and by the search page  [output-clash]',
      'error  content/docs/map.md:3:1  content/docs/map.md (route /sitemap.xml) needs sitemap.xml/ to be a folder, but the sitemap writes a file there  [output-clash]',
    ],
  },
  {
    name: 'a doc with slug: / (it takes /docs; no redirect is written over it)',
    apply: write(`${GUIDES}/overview.md`, '---\nslug: /\n---\n\n# Overview\n'),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      expect(page(root, 'docs')).toContain('<title>Overview | Minimal</title>');
      expect(page(root, 'docs')).not.toContain('http-equiv="refresh"');
    },
  },
  {
    name: 'two docs with the very same route (onDuplicateRoutes: a warning, the first wins)',
    apply: write(`${GUIDES}/twin.md`, '---\ntitle: Twin\nslug: second\n---\n\n# Twin\n'),
    code: 0,
    lines: [`warning  ${GUIDES}/twin.md:3:1  route /docs/guides/second is also produced by ${SECOND}; this page is skipped  [duplicate-route]`, '0 errors, 1 warnings'],
    check: (root) => expect(page(root, 'docs/guides/second')).toContain('<title>Second Page | Minimal</title>'),
  },
  fileName('100%.md', '%'),
  fileName('a#b.md', '#'),
  fileName('what?.md', '?'),
  fileName('back\\slash.md', '\\'),
  {
    name: 'file names with spaces and non-ASCII letters (percent-encoded in every href and the sitemap)',
    apply: addUnicodePages,
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const spaced = page(root, 'docs/guides/a b');
      expect(spaced).toContain('href="/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9"');
      expect(spaced).toContain('href="/docs/guides/caf%C3%A9#menu"');
      expect(spaced).toContain('<link rel="canonical" href="https://example.com/docs/guides/a%20b"');
      expect(page(root, 'docs/guides/カメラ')).toContain('href="/docs/guides/dir%20%C3%BC/deep"');
      expect(page(root, 'docs/guides/dir ü/deep')).toContain('href="/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9"');
      const sitemap = readFileSync(path.join(root, 'dist/sitemap.xml'), 'utf8');
      for (const url of ['docs/guides/a%20b', 'docs/guides/caf%C3%A9', 'docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9', 'docs/guides/dir%20%C3%BC/deep']) expect(sitemap).toContain(`<loc>https://example.com/${url}</loc>`);
    },
  },
  {
    name: 'attributes named constructor and __proto__ on an element and through a spread',
    apply: write(`${GUIDES}/third.mdx`, '# Third\n\n<div constructor="x" __proto__="y">text</div>\n\n<div {...{constructor: 1}}>spread</div>\n'),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:3:6  the attribute name 'constructor' is not allowed: it is a built-in property of every JavaScript object  [invalid-mdx]`,
      `error  ${GUIDES}/third.mdx:3:22  the attribute name '__proto__' is not allowed: it is a built-in property of every JavaScript object  [invalid-mdx]`,
      `error  ${GUIDES}/third.mdx:5:6  the attribute name 'constructor' is not allowed: it is a built-in property of every JavaScript object  [invalid-mdx]`,
      '    hint: rename or remove the attribute',
    ],
    absent: ['overloadedBoolean'],
  },
  {
    name: 'attributes named constructor and __proto__ on Tabs and TabItem',
    apply: write(`${GUIDES}/third.mdx`, "import Tabs from '@theme/Tabs'\nimport TabItem from '@theme/TabItem'\n\n# Third\n\n<Tabs __proto__={{groupId: 'x'}}>\n<TabItem value=\"a\" constructor=\"b\">A</TabItem>\n</Tabs>\n"),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:6:7  the attribute name '__proto__' is not allowed: it is a built-in property of every JavaScript object  [invalid-mdx]`,
      `error  ${GUIDES}/third.mdx:7:20  the attribute name 'constructor' is not allowed: it is a built-in property of every JavaScript object  [invalid-mdx]`,
    ],
  },
  {
    name: 'tab values, group ids and headings named like built-in properties (rendered as text)',
    apply: write(
      `${GUIDES}/third.mdx`,
      "import Tabs from '@theme/Tabs'\nimport TabItem from '@theme/TabItem'\n\n# Third\n\n<Tabs groupId=\"constructor\" values={[1, null, {value: '__proto__', label: 'Proto'}]}>\n<TabItem value=\"__proto__\">A</TabItem>\n<TabItem value={{toString: 1}}>B</TabItem>\n</Tabs>\n\n## constructor\n\n## __proto__\n",
    ),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const html = page(root, 'docs/guides/third');
      expect(html).toContain('<div class="tabs-container" data-group-id="constructor">');
      expect(html).toContain('data-value="__proto__">Proto</button>');
      expect(html).toContain('<h2 id="constructor">');
    },
  },
];

describe.concurrent('untrusted front matter and routes: build and check agree, nothing runs, nothing is overwritten', () => {
  let base: string;
  beforeAll(() => {
    base = buildBaseSite();
  });

  it.each(cases)('build: $name', (c) => expectBuildOutcome(base, { ...c, check: (root) => (c.check?.(root), c.noSideEffect?.(root)) }), 90_000);
  it.each(cases)('check: $name', (c) => expectCheckOutcome(base, c, c.noSideEffect), 90_000);
});

/** Requests a server must answer for the pages of `addUnicodePages`: their encoded URLs, and a 301 for a trailing slash. */
async function expectUnicodeRoutesServed(origin: string): Promise<void> {
  for (const [url, title] of [
    ['/docs/guides/a%20b', 'Spaced'],
    ['/docs/guides/caf%C3%A9', 'Café'],
    ['/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9', 'カメラ'],
    ['/docs/guides/dir%20%C3%BC/deep', 'Deep'],
  ]) {
    const res = await get(origin, url);
    expect(res.status, url).toBe(200);
    expect(res.body).toContain(`<title>${title} | Minimal</title>`);
  }
  expect(await get(origin, '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9/')).toMatchObject({ status: 301, headers: { location: '/docs/guides/%E3%82%AB%E3%83%A1%E3%83%A9' } });
  expect(await get(origin, '/docs/guides/dir%20%C3%BC/deep/?x=1')).toMatchObject({ status: 301, headers: { location: '/docs/guides/dir%20%C3%BC/deep?x=1' } });
}

describe('pages named with spaces and non-ASCII letters, served', () => {
  let root: string;
  beforeAll(() => {
    root = cloneSite(buildBaseSite());
    addUnicodePages(root);
  });

  it('docsgen serve serves them at their encoded URLs and redirects a trailing slash (301, not 500)', async () => {
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'serve', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    try {
      let stderr = '';
      const origin = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /at (http:\/\/127\.0\.0\.1:\d+)\//.exec(stderr);
          if (match) resolve(match[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
      await expectUnicodeRoutesServed(origin);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  describe('docsgen dev', () => {
    let dev: DevProcess;
    beforeAll(async () => {
      dev = await startDevProcess(root);
    }, 90_000);
    afterAll(() => dev?.stop());

    it('serves them at their encoded URLs, redirects a trailing slash, and reports no broken link', async () => {
      await expectUnicodeRoutesServed(dev.url.replace(/\/$/, ''));
      expect(dev.stderr()).not.toMatch(/^\s*error\s/m);
    }, 60_000);
  });
});

describe('docsgen dev with two sources for one output file', () => {
  it('reports the clash as build does, with both sources named', async () => {
    const root = cloneSite(buildBaseSite());
    write('public/docs/guides/second', 'static')(root);
    const dev = await startDevProcess(root);
    try {
      await dev.waitFor(/\[output-clash\]/, 30_000);
      expect(dev.stderr()).toContain(`${SECOND}  ${SECOND} (route /docs/guides/second) needs docs/guides/second/ to be a folder, but public/docs/guides/second writes a file there  [output-clash]`);
    } finally {
      await dev.stop();
    }
  }, 90_000);
});
