import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { tempDir } from '../helpers/run-cli.js';
import { expectCheckOutcome, expectTokenNowhere } from '../helpers/untrusted-files.js';

/**
 * Issue 29 §1: a code block's `file=` (remark-code-import's syntax) makes
 * docsgen read a file content names, so it invites the attacks the file rule
 * stops. Each case names a file a page must not show: the build fails at the
 * word, reading nothing, with dist/ as it was; `check` says the same; the
 * secret beside the config (in `.env`, the config, `src/`) and one outside
 * the site are in no output file and no message.
 */

const GUIDES = 'content/docs/guides';
const PAGE = `${GUIDES}/code.md`;
const WHERE = '    hint: a code block can read files from content/docs/ and public/ only';

/** The secrets of each site, by site root: one beside the config, one in a folder outside the site. */
const secrets = new Map<string, { token: string; outside: string }>();
const secretOf = (root: string) => {
  let secret = secrets.get(root);
  if (!secret) {
    const token = `docsgen-secret-${randomBytes(8).toString('hex')}`;
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'secret.ts'), `export const key = '${token}';\n`);
    writeFileSync(path.join(root, '.env'), `API_TOKEN=${token}\n`);
    appendFileSync(path.join(root, 'build.config.ts'), `// deploy key: ${token}\n`);
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src/secret.ts'), `export const key = '${token}';\n`);
    secrets.set(root, (secret = { token, outside }));
  }
  return secret;
};
/** The page `code.md` holding one block that reads `file`, after `prepare` made what it names. */
const block =
  (file: string, prepare: (root: string) => void = () => undefined) =>
  (root: string) => {
    secretOf(root);
    prepare(root);
    writeFileSync(path.join(root, PAGE), `# Code\n\nThe example:\n\n\`\`\`ts file=${file}\n\`\`\`\n`);
  };
const error = (column: number, message: string) =>
  `error  ${PAGE}:5:${column}  cannot fill this code block from ${message}  [code-file]`;

const cases: BadInputCase[] = [
  {
    name: '.env beside the config, by ../',
    apply: block('../../../.env'),
    code: 1,
    lines: [error(7, 'file=../../../.env: .env is outside the folders content may read'), WHERE],
  },
  {
    name: 'the config, which may hold secrets from the environment, from <rootDir>/',
    apply: block('<rootDir>/build.config.ts'),
    code: 1,
    lines: [error(7, 'file=<rootDir>/build.config.ts: build.config.ts is outside the folders content may read'), WHERE],
  },
  {
    name: 'src/ by @site/',
    apply: block('@site/src/secret.ts'),
    code: 1,
    lines: [error(7, 'file=@site/src/secret.ts: src/secret.ts is outside the folders content may read'), WHERE],
  },
  {
    name: 'a file outside the root by ../ (../../../../../../etc/passwd)',
    apply: block('../../../../../../../../../../etc/passwd'),
    code: 1,
    lines: [
      error(7, 'file=../../../../../../../../../../etc/passwd: it resolves to /etc/passwd, outside the site root'),
      WHERE,
    ],
    absent: ['root:x:0'],
  },
  {
    name: 'an absolute path',
    apply: block('/etc/passwd'),
    code: 1,
    lines: [error(7, 'file=/etc/passwd: an absolute path is not read')],
    absent: ['root:x:0'],
  },
  {
    name: 'a symlink in the docs folder to a secret outside the site',
    apply: block('./linked.ts', (root) =>
      symlinkSync(path.join(secretOf(root).outside, 'secret.ts'), path.join(root, GUIDES, 'linked.ts')),
    ),
    code: 1,
    lines: (root) => [
      error(
        7,
        `file=./linked.ts: it resolves to ${realpathSync(secretOf(root).outside)}/secret.ts, outside the site root`,
      ),
      WHERE,
    ],
  },
  {
    name: 'a symlink in the docs folder to .env inside the site',
    apply: block('./env.ts', (root) => symlinkSync('../../../.env', path.join(root, GUIDES, 'env.ts'))),
    code: 1,
    lines: [error(7, 'file=./env.ts: .env is outside the folders content may read'), WHERE],
  },
  {
    name: 'a symlinked folder of the docs leading into .git/',
    apply: block('./repo/config', (root) => {
      mkdirSync(path.join(root, '.git'), { recursive: true });
      writeFileSync(path.join(root, '.git/config'), `[remote] token = ${secretOf(root).token}\n`);
      symlinkSync('../../../.git', path.join(root, GUIDES, 'repo'));
    }),
    code: 1,
    lines: [error(7, 'file=./repo/config: it resolves to .git/config, inside .git/')],
  },
  {
    name: 'a file over 512 KB',
    apply: block('./huge.ts', (root) =>
      writeFileSync(path.join(root, GUIDES, 'huge.ts'), `// ${secretOf(root).token}\n`.repeat(20_000)),
    ),
    code: 1,
    lines: [
      error(
        7,
        'file=./huge.ts: content/docs/guides/huge.ts is 700000 bytes, over the 524288-byte limit for files a code block reads',
      ),
    ],
  },
  {
    name: 'a file that is not there (not an attack: the same located error)',
    apply: block('./gone.ts'),
    code: 1,
    lines: [
      error(7, 'file=./gone.ts: no file at content/docs/guides/gone.ts'),
      "    hint: fix the path: it is read from this Markdown file's folder, or from the site root with <rootDir>/",
    ],
  },
  {
    name: 'a line range past the end of the file',
    apply: block('./short.ts#L2-L9', (root) => writeFileSync(path.join(root, GUIDES, 'short.ts'), 'a;\nb;\n')),
    code: 1,
    lines: [error(7, 'file=./short.ts#L2-L9: content/docs/guides/short.ts: the file has 2 lines, so it has no line 9')],
  },
];

// A FIFO named by file= is refused without being opened: tests/unit/markdown/code-files.test.ts (here the harness would read it).
describe.concurrent("a code block's file= reads only what content may read", () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('build: $name', async (c) => {
    let root = '';
    await expectBuildOutcome(base, {
      ...c,
      absent: [...(c.absent ?? []), 'docsgen-secret-'],
      apply: (r) => c.apply((root = r)),
    });
    expectTokenNowhere(path.join(root, 'dist'), secretOf(root).token);
  });

  it.each(cases)('check: $name', async (c) => {
    let root = '';
    const output = await expectCheckOutcome(base, { ...c, apply: (r) => c.apply((root = r)) });
    expect(output).not.toContain(secretOf(root).token);
  });

  it('reads a file of the docs folder and of public/, lines and all (the same site, allowed files)', async () => {
    await expectBuildOutcome(base, {
      name: 'allowed files',
      apply: (root) => {
        mkdirSync(path.join(root, 'public/code'), { recursive: true });
        writeFileSync(path.join(root, 'public/code/app.ts'), 'export const app = 1;\nexport const two = 2;\n');
        writeFileSync(path.join(root, GUIDES, 'example.ts'), 'const first = 1;\nconst second = 2;\n');
        writeFileSync(
          path.join(root, PAGE),
          '# Code\n\n```ts file=<rootDir>/public/code/app.ts#L2\n```\n\n```ts file=./example.ts\n```\n',
        );
      },
      code: 0,
      lines: [],
      check: (root) => {
        const html = readFileSync(path.join(root, 'dist/docs/guides/code/index.html'), 'utf8').replace(/<[^>]+>/g, '');
        expect(html).toContain('export const two = 2;');
        expect(html).not.toContain('export const app = 1;');
        expect(html).toContain('const first = 1;\nconst second = 2;');
      },
    });
  });
});
