import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { expect } from 'vitest';
import {
  buildBaseSite,
  cloneSite,
  expectBuildOutcome,
  expectNothingLost,
  expectPinnedLines,
  snapshotSources,
  snapshotTree,
  type BadInputCase,
} from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const GUIDES = 'content/docs/guides';
const SECOND = 'content/docs/guides/second.md';
const SECOND_BODY = '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nSome details.\n';

/** A `write` step for a case: a file in the site with these contents. */
const write = (file: string, contents: string | Buffer) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
/** second.md with this front matter in front of its usual body. */
const frontMatter = (yaml: string) => write(SECOND, `---\n${yaml}\n---\n\n${SECOND_BODY}`);
const page = (root: string, route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
const tooDeep = (file: string, line: number, levels: number) =>
  `error  ${file}:${line}:1  lists and blockquotes are nested too deeply (${levels} levels; the limit is 100)  [too-deep]`;
/** A file outside every site root, that content tries to reach. */
const OUTSIDE = path.join(tempDir('docsgen-outside-'), 'secret.png');
writeFileSync(OUTSIDE, 'not for publishing\n');
/** OUTSIDE as a page in guides/ would name it. */
const outsideFromGuides = (root: string) => path.relative(path.join(root, GUIDES), OUTSIDE);
const HOSTNAME = `${'../'.repeat(16)}etc/hostname`;
const notAllowed = (place: string, what: string, resolved: string) =>
  `error  ${place}  image not allowed: ${what} resolves to ${resolved}, outside the site root  [file-outside-root]`;
/** The hint of every file the file rule refuses (but images, which have their own). */
const RULE_HINT =
  '    hint: docsgen only reads files whose real path is inside the site root and outside .git/, node_modules/ and the build output: replace the link with a copy of what it points to';
/** Errors that would only follow from a file failing to load: a bad file must not hide the page from links and sidebars. */
const NO_CASCADE = ['[sidebar-missing-doc]', '[broken-markdown-link]', '[broken-link]'];

const cases: BadInputCase[] = [
  {
    name: 'invalid YAML front matter',
    apply: frontMatter('title: Second\ndescription: a: b'),
    code: 1,
    lines: [
      `error  ${SECOND}:3:14  invalid YAML front matter: Nested mappings are not allowed in compact mappings  [invalid-front-matter]`,
      '    hint: fix the YAML between the two --- lines',
    ],
    absent: NO_CASCADE,
  },
  {
    name: 'a title that is a number',
    apply: frontMatter('title: 123'),
    code: 1,
    lines: [
      `error  ${SECOND}:2:1  front matter title: expected string, received number  [invalid-front-matter]`,
      "    hint: see the front matter keys and their types in docsgen's documentation (docs/guides/writing-content)",
    ],
    absent: NO_CASCADE,
  },
  {
    name: 'a sidebar_position that is a string',
    apply: frontMatter('sidebar_position: "x"'),
    code: 1,
    lines: [
      `error  ${SECOND}:2:1  front matter sidebar_position: expected number, received string  [invalid-front-matter]`,
    ],
    absent: NO_CASCADE,
  },
  {
    name: "a slug with '..'",
    apply: frontMatter('slug: ../../outside'),
    code: 1,
    lines: [`error  ${SECOND}:2:1  front matter slug: must not contain '..' segments  [invalid-front-matter]`],
    absent: NO_CASCADE,
  },
  {
    name: 'two docs with one id',
    apply: write(`${GUIDES}/other.md`, '---\nid: second\n---\n\n# Other\n'),
    code: 1,
    lines: [
      `error  ${SECOND}:1:1  doc id 'guides/second' is also used by ${GUIDES}/other.md  [duplicate-id]`,
      '    hint: give one of them another `id` in its front matter',
    ],
  },
  {
    name: 'a sidebar naming a missing doc',
    apply: write(
      'build.config.ts',
      "export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { sidebars: { main: ['guides/intro', 'guides/nope'] } },\n};\n",
    ),
    code: 1,
    lines: [
      "error  build.config.ts:4:46  docs.sidebars.main[1]: the sidebar names doc 'guides/nope', which does not exist  [sidebar-missing-doc]",
    ],
  },
  {
    name: 'unclosed JSX',
    apply: write(`${GUIDES}/third.mdx`, '# Third\n\nText.\n\n<div className="box">\n\nNever closed.\n'),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:5:1  could not parse MDX: Expected a closing tag for \`<div>\` (5:1-5:22)  [invalid-mdx]`,
      '    hint: check for unclosed tags, or escape `<` and `{` in prose as `&lt;` and `\\{`',
    ],
  },
  {
    name: 'an unknown component',
    apply: write(`${GUIDES}/third.mdx`, '# Third\n\n<Carousel items={3} />\n'),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:3:1  unknown component <Carousel>; available: Tabs, TabItem, Admonition, Details, CodeBlock, DocCardList, TOCInline  [invalid-mdx]`,
      "    hint: use one of these, plain HTML in lower case (<div>, <details>), or a site component: add `components: { Carousel: 'src/components/Carousel.tsx' }` to build.config.ts (site components come only from the config: their modules are trusted code, rendered at build time)",
    ],
  },
  {
    name: 'a JS expression {process.exit(1)}',
    apply: write(`${GUIDES}/third.mdx`, '# Third\n\nBye {process.exit(1)}.\n'),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:3:6  function calls are not allowed in content (only useBaseUrl('...')) (content is never executed)  [invalid-mdx]`,
      "    hint: write the value itself, e.g. {'text'} or {42}, instead of code that computes it",
    ],
  },
  {
    name: "export const x = require('fs')",
    apply: write(`${GUIDES}/third.mdx`, "# Third\n\nexport const x = require('fs')\n"),
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:3:18  function calls are not allowed in content (only useBaseUrl('...')) (content is never executed)  [invalid-mdx]`,
    ],
  },
  {
    name: 'an import of an arbitrary module (never run)',
    apply: (root) => {
      write(
        `${GUIDES}/evil.mjs`,
        `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(path.join(root, 'pwned'))}, 'ran');\n`,
      )(root);
      write(`${GUIDES}/third.mdx`, "import evil from './evil.mjs'\n\n# Third\n")(root);
    },
    code: 1,
    lines: [
      `error  ${GUIDES}/third.mdx:1:1  import of './evil.mjs' is not allowed; content can only import @theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/Details, @docusaurus/useBaseUrl, @theme/CodeBlock, @theme/DocCardList, @theme/TOCInline, .md/.mdx partials and files as text (?raw)  [invalid-mdx]`,
      '    hint: remove the import: content cannot load modules (it is never executed)',
    ],
    check: (root) => expect(existsSync(path.join(root, 'pwned'))).toBe(false),
  },
  {
    name: 'an empty file (builds; the title comes from the file name)',
    apply: write(`${GUIDES}/empty-page.md`, ''),
    code: 0,
    lines: ['✔ 7 pages written to', '0 errors, 0 warnings'],
    check: (root) => {
      const html = page(root, 'docs/guides/empty-page');
      expect(html).toContain('<title>empty-page | Minimal</title>');
      expect(html).toContain('<h1 class="doc-title">empty-page</h1>');
    },
  },
  {
    name: 'a byte order mark before the front matter (builds; the front matter is read)',
    apply: write(`${GUIDES}/bom.md`, '\uFEFF---\ntitle: Marked\nslug: /guides/with-bom\n---\n\nBody.\n'),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const html = page(root, 'docs/guides/with-bom');
      expect(html).toContain('<title>Marked | Minimal</title>');
      expect(html).not.toContain('\uFEFF');
    },
  },
  {
    name: 'CRLF line ends (builds; front matter and headings are read)',
    apply: write(`${GUIDES}/crlf.md`, '---\r\ntitle: Windows Page\r\n---\r\n\r\nText.\r\n\r\n## Sub Heading\r\n'),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const html = page(root, 'docs/guides/crlf');
      expect(html).toContain('<title>Windows Page | Minimal</title>');
      expect(html).toContain('<h2 id="sub-heading"');
    },
  },
  {
    name: 'CRLF line ends, with positions still counted in lines',
    apply: write(`${GUIDES}/crlf.md`, '---\r\ntitle: Windows Page\r\n---\r\n\r\nSee [nowhere](/docs/nowhere).\r\n'),
    code: 1,
    lines: [`error  ${GUIDES}/crlf.md:5:5  broken link → /docs/nowhere  [broken-link]`],
  },
  {
    name: 'invalid UTF-8',
    apply: write(
      `${GUIDES}/latin1.md`,
      Buffer.concat([Buffer.from('# Caf\n\nna'), Buffer.from([0xef, 0x76, 0x65]), Buffer.from('\n')]),
    ),
    code: 1,
    lines: [
      `error  ${GUIDES}/latin1.md:3:3  the file is not valid UTF-8  [invalid-utf8]`,
      '    hint: save the file as UTF-8',
    ],
  },
  {
    name: 'a binary file named .md',
    apply: write(
      `${GUIDES}/photo.md`,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
    ),
    code: 1,
    lines: [
      `error  ${GUIDES}/photo.md:1:1  this file is binary, not Markdown text  [binary-file]`,
      '    hint: remove it from content/ or rename it',
    ],
  },
  {
    name: 'a 5 MB page (builds)',
    apply: (root) => {
      const section = (i: number) =>
        `## Section ${i}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(12)}\n\n`;
      const sections = Array.from({ length: Math.ceil((5 * 1024 * 1024) / section(0).length) }, (_, i) => section(i));
      write(`${GUIDES}/big.md`, `# Big\n\n${sections.join('')}The very last line.\n`)(root);
    },
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => expect(page(root, 'docs/guides/big')).toContain('<p>The very last line.</p>'),
  },
  {
    name: 'a table of 10,000 rows (builds)',
    apply: (root) => {
      const rows = Array.from({ length: 10_000 }, (_, i) => `| row ${i} | value ${i} |`);
      write(`${GUIDES}/table.md`, `# Table\n\n| name | value |\n| --- | --- |\n${rows.join('\n')}\n`)(root);
    },
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => expect(page(root, 'docs/guides/table')).toContain('<td>row 9999</td>'),
  },
  {
    name: 'blockquotes nested 1,000 deep',
    apply: write(`${GUIDES}/deep.md`, `# Deep\n\n${'>'.repeat(1000)} deep\n`),
    code: 1,
    lines: [tooDeep(`${GUIDES}/deep.md`, 3, 1000), '    hint: flatten the nested lists or blockquotes'],
  },
  {
    name: 'lists nested 1,000 deep on one line',
    apply: write(`${GUIDES}/deep.md`, `# Deep\n\n${'- '.repeat(1000)}deep\n`),
    code: 1,
    lines: [tooDeep(`${GUIDES}/deep.md`, 3, 1000)],
  },
  {
    name: 'lists nested 1,000 deep by indentation',
    apply: write(
      `${GUIDES}/deep.md`,
      `# Deep\n\n${Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- item ${i}`).join('\n')}\n`,
    ),
    code: 1,
    lines: [tooDeep(`${GUIDES}/deep.md`, 103, 101)],
  },
  {
    name: 'lists and blockquotes nested 1,000 deep together',
    apply: write(`${GUIDES}/deep.md`, `# Deep\n\n${'> - '.repeat(500)}deep\n`),
    code: 1,
    lines: [tooDeep(`${GUIDES}/deep.md`, 3, 1000)],
  },
  {
    name: 'a symlinked folder that loops (not followed; a warning)',
    apply: (root) => symlinkSync('..', path.join(root, GUIDES, 'loop')),
    code: 0,
    lines: [
      `warning  ${GUIDES}/loop  symlinked folder is not followed (links can form loops)  [symlink-not-followed]`,
      '0 errors, 1 warnings',
    ],
  },
  {
    name: 'symlinked files that form a loop',
    apply: (root) => {
      symlinkSync('b.md', path.join(root, GUIDES, 'a.md'));
      symlinkSync('a.md', path.join(root, GUIDES, 'b.md'));
    },
    code: 1,
    lines: [
      `error  ${GUIDES}/a.md  symlink loop: the link leads back to itself (ELOOP)  [broken-symlink]`,
      `error  ${GUIDES}/b.md  symlink loop: the link leads back to itself (ELOOP)  [broken-symlink]`,
    ],
  },
  {
    name: 'a symlink pointing outside the site root',
    apply: (root) => {
      const outside = path.join(tempDir('docsgen-outside-'), 'secret.md');
      writeFileSync(outside, '# Secret\n');
      symlinkSync(outside, path.join(root, GUIDES, 'secret.md'));
    },
    code: 1,
    lines: (root) => [
      `error  ${GUIDES}/secret.md  link not allowed: it resolves to ${realpathSync(path.join(root, GUIDES, 'secret.md'))}, outside the site root  [file-outside-root]`,
      RULE_HINT,
    ],
    absent: ['Secret'],
  },
  {
    name: 'a file in public/ linking outside the site root (never copied)',
    apply: (root) => {
      const outside = path.join(tempDir('docsgen-outside-'), 'token.txt');
      writeFileSync(outside, 'ci-secret-token\n');
      symlinkSync(outside, path.join(root, 'public/token.txt'));
    },
    code: 1,
    lines: (root) => [
      `error  public/token.txt  link not allowed: it resolves to ${realpathSync(path.join(root, 'public/token.txt'))}, outside the site root  [file-outside-root]`,
      RULE_HINT,
    ],
  },
  {
    name: 'a file in public/ linking inside the site root (published as a file, not a link)',
    apply: (root) => symlinkSync('../content/docs/guides/intro.md', path.join(root, 'public/intro-source.md')),
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      const published = path.join(root, 'dist/intro-source.md');
      expect(lstatSync(published).isSymbolicLink()).toBe(false);
      expect(readFileSync(published, 'utf8')).toBe(
        readFileSync(path.join(root, 'content/docs/guides/intro.md'), 'utf8'),
      );
    },
  },
  {
    name: 'an image that does not exist',
    apply: write(
      `${GUIDES}/pictures.md`,
      '# Pictures\n\n![Missing](./shots/nope.png)\n\n![Also missing](/img/nope.svg)\n',
    ),
    code: 1,
    lines: [
      `error  ${GUIDES}/pictures.md:3:1  image not found: ./shots/nope.png (looked for ${GUIDES}/shots/nope.png)  [missing-image]`,
      `error  ${GUIDES}/pictures.md:5:1  image not found: /img/nope.svg (looked for public/img/nope.svg)  [missing-image]`,
      '    hint: fix the path, or add the image: paths starting with / are looked up in the static folders (public/), others next to the page',
    ],
  },
  {
    name: 'an image reached with ../ outside the site root (never read)',
    apply: write(`${GUIDES}/pictures.md`, `# Pictures\n\n![Host](${HOSTNAME})\n`),
    code: 1,
    lines: [
      notAllowed(`${GUIDES}/pictures.md:3:1`, HOSTNAME, '/etc/hostname'),
      '    hint: content can only use files inside the site root, outside node_modules/, .git/ and the build output: put the image next to the page or in a static folder (public/)',
    ],
  },
  {
    name: 'an MDX <img src> reached with ../ outside the site root',
    apply: (root) =>
      write(`${GUIDES}/third.mdx`, `# Third\n\n<img src="${outsideFromGuides(root)}" alt="secret" />\n`)(root),
    code: 1,
    lines: (root) => [notAllowed(`${GUIDES}/third.mdx:3:1`, outsideFromGuides(root), OUTSIDE)],
  },
  {
    name: 'a symlinked image in content/ pointing outside the site root',
    apply: (root) => {
      symlinkSync(OUTSIDE, path.join(root, GUIDES, 'shot.png'));
      write(`${GUIDES}/pictures.md`, '# Pictures\n\n![Shot](./shot.png)\n')(root);
    },
    code: 1,
    lines: [notAllowed(`${GUIDES}/pictures.md:3:1`, './shot.png', OUTSIDE)],
  },
  {
    name: 'a symlinked page pointing into .git/',
    apply: (root) => {
      write('.git/config', '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n')(root);
      symlinkSync('../../../.git/config', path.join(root, GUIDES, 'leak.md'));
    },
    code: 1,
    lines: [
      `error  ${GUIDES}/leak.md  link not allowed: it resolves to .git/config, inside .git/  [file-outside-root]`,
    ],
    absent: ['extraheader'],
  },
  {
    name: 'a link to a file outside the site root (never read: a broken link)',
    apply: write(`${GUIDES}/links.md`, `# Links\n\n[Download](${HOSTNAME})\n`),
    code: 1,
    lines: [`error  ${GUIDES}/links.md:3:1  broken link → /etc/hostname  [broken-link]`],
  },
  {
    name: 'a code block in an unknown language (a warning)',
    apply: write(`${GUIDES}/lang.md`, '# Lang\n\n```klingon\nqapla\n```\n'),
    code: 0,
    lines: [
      `warning  ${GUIDES}/lang.md:3:1  unknown code language 'klingon', shown as plain text  [unknown-language]`,
      '0 errors, 1 warnings',
    ],
    check: (root) => expect(page(root, 'docs/guides/lang')).toContain('qapla'),
  },
];

describe.concurrent('bad content: exit code, pinned message, previous dist/ and sources intact', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('$name', (c) => expectBuildOutcome(base, c));

  // A catalogue case whose bad input needs a build first (the page cached with its image), in the case's own copy:
  // the page cache is keyed by the site's folder, so a copy of a built site would compile the page afresh and the case
  // would pass without a cache. Written out with the catalogue's own checks, so both builds run in this process
  // (apply steps are synchronous: the first build used to spawn a CLI process of its own).
  const replaced: BadInputCase = {
    name: 'an image replaced by a symlink after its page was cached',
    apply: () => undefined,
    code: 1,
    // The image changed, so the cached page is compiled again and the error has the page's line.
    lines: [
      `error  ${GUIDES}/pictures.md:3:1  image not allowed: ./shot.png resolves to ${OUTSIDE}, outside the site root  [file-outside-root]`,
    ],
  };
  it(replaced.name, async () => {
    const root = cloneSite(base);
    write(`${GUIDES}/shot.png`, readFileSync(path.join(root, 'public/img/dot.svg')))(root);
    write(`${GUIDES}/pictures.md`, '# Pictures\n\n![Shot](./shot.png)\n')(root);
    const warm = await runCliInProcess(['build', '--root', root]);
    expect(warm.code, `the page with its image did not build:\n${warm.stderr}`).toBe(0);
    rmSync(path.join(root, GUIDES, 'shot.png'));
    symlinkSync(OUTSIDE, path.join(root, GUIDES, 'shot.png'));
    const applied = { root, args: [], sources: snapshotSources(root), dist: snapshotTree(path.join(root, 'dist')) };
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expectPinnedLines(stderr, replaced, root);
    expect(code, stderr).toBe(replaced.code);
    expectNothingLost(applied, { dist: true });
  });
});
