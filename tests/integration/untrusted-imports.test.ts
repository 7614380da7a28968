import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { expectTokenNowhere, makeSecret, type Secret } from '../helpers/untrusted-files.js';

/**
 * Content that imports content (issue 19 §2) reads files, so it invites the
 * attacks a file rule stops: each case imports something it must not, and
 * the build fails at the import, reading nothing, with dist/ as it was.
 */

const GUIDES = 'content/docs/guides';
const secrets = new Map<string, Secret>();
const secretOf = (root: string): Secret => {
  let secret = secrets.get(root);
  if (!secret) secrets.set(root, (secret = makeSecret()));
  return secret;
};
/** The guide `second` as an MDX page with these lines first. */
const page = (root: string, head: string, body = '') => {
  rmSync(path.join(root, GUIDES, 'second.md'));
  writeFileSync(path.join(root, GUIDES, 'second.mdx'), `${head}\n\n# Second\n\n${body}\n`);
};
const error = (line: number, message: string) => `error  ${GUIDES}/second.mdx:${line}:1  ${message}  [invalid-mdx]`;
const ALLOWED = 'content can import files from content/docs/ and public/ only';

const cases: BadInputCase[] = [
  {
    name: 'a partial path that climbs out of the root (../../../../etc/passwd.mdx)',
    apply: (root) => page(root, "import P from '../../../../../../../../../etc/passwd.mdx';", '<P />'),
    code: 1,
    lines: [
      error(
        1,
        "cannot import '../../../../../../../../../etc/passwd.mdx': it resolves to /etc/passwd.mdx, outside the site root",
      ),
      `    hint: ${ALLOWED}`,
    ],
    absent: ['unknown component'],
  },
  {
    name: 'a symlinked partial leading out of the root',
    apply: (root) => {
      symlinkSync(path.join(secretOf(root).dir, 'secret.md'), path.join(root, GUIDES, '_secret.mdx'));
      page(root, "import S from './_secret.mdx';", '<S />');
    },
    code: 1,
    lines: (root) => [
      error(
        1,
        `cannot import './_secret.mdx': it resolves to ${realpathSync(secretOf(root).dir)}/secret.md, outside the site root`,
      ),
    ],
    check: (root) => expectTokenNowhere(path.join(root, 'dist'), secretOf(root).token),
  },
  {
    name: 'a raw import of /etc/passwd',
    apply: (root) => page(root, "import passwd from '!!raw-loader!/etc/passwd';", '{passwd}'),
    code: 1,
    lines: [error(1, "cannot import '/etc/passwd': only relative paths (./, ../) and @site/ paths are read")],
  },
  {
    name: 'a raw import of the config, which may hold secrets from the environment',
    apply: (root) => page(root, "import config from '@site/build.config.ts?raw';", '{config}'),
    code: 1,
    lines: [
      error(1, "cannot import '@site/build.config.ts': build.config.ts is outside the folders content may import from"),
      `    hint: ${ALLOWED}`,
    ],
  },
  {
    name: 'partials that import each other',
    apply: (root) => {
      writeFileSync(path.join(root, GUIDES, '_a.mdx'), "import B from './_b.mdx';\n\n<B />\n");
      writeFileSync(path.join(root, GUIDES, '_b.mdx'), "import A from './_a.mdx';\n\n<A />\n");
      page(root, "import A from './_a.mdx';", '<A />');
    },
    code: 1,
    lines: [
      `error  ${GUIDES}/_b.mdx:1:1  cannot import './_a.mdx': it imports itself (second.mdx → _a.mdx → _b.mdx → _a.mdx)  [invalid-mdx]`,
    ],
  },
  {
    name: 'a partial that is not Markdown (a component module)',
    apply: (root) => {
      writeFileSync(path.join(root, GUIDES, 'Widget.js'), 'export default () => null;\n');
      page(root, "import Widget from './Widget.js';", '<Widget />');
    },
    code: 1,
    lines: [
      error(
        1,
        "import of './Widget.js' is not allowed; content can only import @theme/Tabs, @theme/TabItem, @theme/Admonition, @theme/Details, @docusaurus/useBaseUrl, @theme/CodeBlock, @theme/DocCardList, @theme/TOCInline, .md/.mdx partials and files as text (?raw)",
      ),
    ],
  },
];

describe('imports that would read what content must not', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('$name', (c) => expectBuildOutcome(base, c));

  it('builds a partial and a raw file from inside the docs folder and public/ (the same site, allowed imports)', async () => {
    await expectBuildOutcome(base, {
      name: 'allowed imports',
      apply: (root) => {
        mkdirSync(path.join(root, 'public/code'), { recursive: true });
        writeFileSync(path.join(root, 'public/code/app.ts'), 'export const app = 1;\n');
        writeFileSync(path.join(root, GUIDES, '_part.mdx'), 'From the partial.\n');
        page(
          root,
          "import Part from './_part.mdx';\nimport app from '@site/public/code/app.ts?raw';",
          '<Part />\n\n## Details\n\n{app}',
        );
        const intro = path.join(root, GUIDES, 'intro.md');
        writeFileSync(intro, readFileSync(intro, 'utf8').replaceAll('./second.md', './second.mdx'));
      },
      code: 0,
      lines: [],
      check: (root) => {
        const html = readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8');
        expect(html).toContain('From the partial.');
        expect(html).toContain('export const app = 1;');
      },
    });
  });
});
