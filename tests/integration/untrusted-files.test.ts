import {
  cpSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { expectCheckOutcome, expectTokenNowhere, makeSecret, type Secret } from '../helpers/untrusted-files.js';

/**
 * Issue 14 §3, one rule for files: whatever the tree looks like, `build` and
 * `check` read, list and copy only files whose real path is inside the site
 * root and outside .git/, node_modules/ and the out dir. Each case runs both
 * commands and checks that the secret's bytes are nowhere in dist/.
 */

const GUIDES = 'content/docs/guides';
const RULE =
  'docsgen only reads files whose real path is inside the site root and outside .git/, node_modules/ and the build output: replace the link with a copy of what it points to';
const HINT = `    hint: ${RULE}`;

interface FileCase extends BadInputCase {
  /** What `check` prints instead of the build's lines, when it differs (it has no --out-dir). */
  checkLines?: (root: string) => string[];
}

/** Each case gets its own secret, made when the case is applied, and remembered by site root for the checks. */
const secrets = new Map<string, Secret>();
const secretOf = (root: string): Secret => {
  let secret = secrets.get(root);
  if (!secret) secrets.set(root, (secret = makeSecret()));
  return secret;
};
const outside = (root: string, ...parts: string[]) => path.join(realpathSync(secretOf(root).dir), ...parts);
/** The secret, also as the site's git config (with a token in it, as CI checkouts have). */
const gitConfig = (root: string, folder = '.git') => {
  mkdirSync(path.join(root, folder), { recursive: true });
  writeFileSync(
    path.join(root, folder, 'config'),
    `[http]\n\textraheader = AUTHORIZATION: basic ${secretOf(root).token}\n`,
  );
};
const link = (root: string, target: string, file: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  symlinkSync(target, path.join(root, file));
};
/**
 * A copy of the base site built once more into `site-out/` (beforeAll): the earlier output the --out-dir case links
 * into. Built in this process (in-process-cli.ts), as what matters is the folder it leaves, not the process; a case's
 * `apply` runs synchronously, so it copies the folder rather than build it.
 */
let builtIntoSiteOut = '';
const config = (docs: string) =>
  `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { ${docs}sidebars: { main: ['guides/intro', 'guides/second'] } },\n};\n`;

const cases: FileCase[] = [
  {
    name: 'public/ is a symlink to a folder outside the root (public -> /etc)',
    apply: (root) => {
      cpSync(path.join(root, 'public'), secretOf(root).dir, { recursive: true });
      rmSync(path.join(root, 'public'), { recursive: true });
      link(root, secretOf(root).dir, 'public');
    },
    code: 1,
    lines: (root) => [
      `error  public  folder not allowed: it resolves to ${outside(root)}, outside the site root  [file-outside-root]`,
      HINT,
    ],
  },
  {
    name: 'content/ is a symlink to a folder outside the root',
    apply: (root) => {
      const moved = path.join(secretOf(root).dir, 'content');
      renameSync(path.join(root, 'content'), moved);
      writeFileSync(
        path.join(moved, 'docs/guides/secret.md'),
        readFileSync(path.join(secretOf(root).dir, 'secret.md')),
      );
      link(root, moved, 'content');
    },
    code: 1,
    lines: (root) => [
      `error  content/docs  folder not allowed: it resolves to ${outside(root, 'content/docs')}, outside the site root  [file-outside-root]`,
    ],
  },
  {
    name: 'content/docs is a symlink to a folder outside the root',
    apply: (root) => {
      const moved = path.join(secretOf(root).dir, 'docs');
      renameSync(path.join(root, 'content/docs'), moved);
      writeFileSync(path.join(moved, 'guides/secret.md'), readFileSync(path.join(secretOf(root).dir, 'secret.md')));
      link(root, moved, 'content/docs');
    },
    code: 1,
    lines: (root) => [
      `error  content/docs  folder not allowed: it resolves to ${outside(root, 'docs')}, outside the site root  [file-outside-root]`,
      HINT,
    ],
  },
  {
    name: 'a symlinked parent folder of docs.path (content/en -> outside, docs.path: content/en/docs)',
    apply: (root) => {
      writeFileSync(path.join(root, 'build.config.ts'), config("path: 'content/en/docs', "));
      mkdirSync(path.join(secretOf(root).dir, 'en'));
      renameSync(path.join(root, 'content/docs'), path.join(secretOf(root).dir, 'en/docs'));
      writeFileSync(
        path.join(secretOf(root).dir, 'en/docs/secret.md'),
        readFileSync(path.join(secretOf(root).dir, 'secret.md')),
      );
      link(root, path.join(secretOf(root).dir, 'en'), 'content/en');
    },
    code: 1,
    lines: (root) => [
      `error  content/en/docs  folder not allowed: it resolves to ${outside(root, 'en/docs')}, outside the site root  [file-outside-root]`,
    ],
  },
  {
    name: 'public/.gitcfg -> ../.git/config (a dot file)',
    apply: (root) => {
      gitConfig(root);
      link(root, '../.git/config', 'public/.gitcfg');
    },
    code: 1,
    lines: [
      'error  public/.gitcfg  link not allowed: it resolves to .git/config, inside .git/  [file-outside-root]',
      HINT,
    ],
  },
  {
    name: 'public/.well-known/x -> ../../.git/config (in a dot folder)',
    apply: (root) => {
      gitConfig(root);
      link(root, '../../.git/config', 'public/.well-known/x');
    },
    code: 1,
    lines: [
      'error  public/.well-known/x  link not allowed: it resolves to .git/config, inside .git/  [file-outside-root]',
    ],
  },
  {
    name: 'public/ is a symlink into .git/',
    apply: (root) => {
      gitConfig(root);
      rmSync(path.join(root, 'public'), { recursive: true });
      link(root, '.git', 'public');
    },
    code: 1,
    lines: ['error  public  folder not allowed: it resolves to .git, inside .git/  [file-outside-root]'],
  },
  {
    name: 'a symlink chain that goes inside the root, then out (public/notes.txt -> ../content/notes.txt -> outside)',
    apply: (root) => {
      link(root, path.join(secretOf(root).dir, 'secret.txt'), 'content/notes.txt');
      link(root, '../content/notes.txt', 'public/notes.txt');
    },
    code: 1,
    lines: (root) => [
      `error  public/notes.txt  link not allowed: it resolves to ${outside(root, 'secret.txt')}, outside the site root  [file-outside-root]`,
    ],
  },
  {
    name: 'a symlink chain that passes outside and comes back (published: the file it ends at is in public/)',
    apply: (root) => {
      symlinkSync(path.join(root, 'public/img/dot.svg'), path.join(secretOf(root).dir, 'hop'));
      link(root, path.join(secretOf(root).dir, 'hop'), 'public/logo.svg');
    },
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      expect(lstatSync(path.join(root, 'dist/logo.svg')).isSymbolicLink()).toBe(false);
      expect(readFileSync(path.join(root, 'dist/logo.svg'))).toEqual(
        readFileSync(path.join(root, 'public/img/dot.svg')),
      );
    },
  },
  {
    name: "a page symlinked into .GIT/ (letter case: on macOS and Windows that is git's folder)",
    apply: (root) => {
      gitConfig(root, '.GIT');
      link(root, '../../../.GIT/config', `${GUIDES}/leak.md`);
    },
    code: 1,
    lines: [
      `error  ${GUIDES}/leak.md  link not allowed: it resolves to .GIT/config, inside .GIT/  [file-outside-root]`,
    ],
  },
  {
    name: 'a public file symlinked into Node_Modules/ (letter case)',
    apply: (root) => {
      mkdirSync(path.join(root, 'Node_Modules/pkg'), { recursive: true });
      writeFileSync(
        path.join(root, 'Node_Modules/pkg/.npmrc'),
        `//registry.npmjs.org/:_authToken=${secretOf(root).token}\n`,
      );
      link(root, '../Node_Modules/pkg/.npmrc', 'public/npmrc.txt');
    },
    code: 1,
    lines: [
      'error  public/npmrc.txt  link not allowed: it resolves to Node_Modules/pkg/.npmrc, inside Node_Modules/  [file-outside-root]',
    ],
  },
  {
    name: 'a public file symlinked into the out dir',
    apply: (root) => {
      writeFileSync(path.join(root, 'dist/leftover.txt'), 'from an earlier build\n');
      link(root, '../dist/leftover.txt', 'public/leftover.txt');
    },
    code: 1,
    lines: [
      'error  public/leftover.txt  link not allowed: it resolves to dist/leftover.txt, inside the build output (dist/)  [file-outside-root]',
    ],
  },
  {
    name: 'a public folder symlinked to the --out-dir of this build',
    apply: (root) => {
      cpSync(path.join(builtIntoSiteOut, 'site-out'), path.join(root, 'site-out'), { recursive: true });
      writeFileSync(path.join(root, 'site-out/leftover.txt'), 'from an earlier build\n');
      link(root, '../site-out/leftover.txt', 'public/leftover.txt');
      return ['--out-dir', 'site-out'];
    },
    code: 1,
    lines: [
      'error  public/leftover.txt  link not allowed: it resolves to site-out/leftover.txt, inside the build output (site-out/)  [file-outside-root]',
    ],
    // check has no --out-dir: it knows the folder by the marker docsgen leaves in every output.
    checkLines: () => [
      "  error    public/leftover.txt  link not allowed: it resolves to site-out/leftover.txt, inside the build output (site-out/ has docsgen's .docsgen-output marker)  [file-outside-root]",
    ],
  },
  {
    name: 'a symlink in public/ that leads nowhere',
    apply: (root) => link(root, 'nowhere.txt', 'public/gone.txt'),
    code: 1,
    lines: ['error  public/gone.txt  symlink points to a file that does not exist (ENOENT)  [broken-symlink]'],
  },
  {
    name: 'a symlinked folder in public/, inside the root (not followed, as in content/; a warning)',
    apply: (root) => link(root, '../content', 'public/sources'),
    code: 0,
    lines: [
      'warning  public/sources  symlinked folder is not followed (links can form loops)  [symlink-not-followed]',
      '0 errors, 1 warnings',
    ],
    check: (root) => expect(() => lstatSync(path.join(root, 'dist/sources'))).toThrow(),
  },
  {
    name: "regular dot files in public/ (.well-known/, even .env) are the author's and are published",
    apply: (root) => {
      mkdirSync(path.join(root, 'public/.well-known'));
      writeFileSync(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:security@example.com\n');
      writeFileSync(path.join(root, 'public/.env'), 'PUBLIC_ANALYTICS_ID=abc\n');
    },
    code: 0,
    lines: ['0 errors, 0 warnings'],
    check: (root) => {
      expect(readFileSync(path.join(root, 'dist/.well-known/security.txt'), 'utf8')).toBe(
        'Contact: mailto:security@example.com\n',
      );
      expect(readFileSync(path.join(root, 'dist/.env'), 'utf8')).toBe('PUBLIC_ANALYTICS_ID=abc\n');
    },
  },
  {
    // A folder the config names outside the root is part of the site (docs.path: '../docs'; docs-outside-root.test.ts), but not one holding the root.
    name: 'docs.path in the config names a folder that holds the site root (a config error)',
    apply: (root) => writeFileSync(path.join(root, 'build.config.ts'), config("path: '..', ")),
    code: 2,
    lines: [
      "error  build.config.ts:4:17  docs.path: '..' holds the site root: reading it would read the config and the sources  [invalid-config]",
      '    hint: name a folder of its own for the docs (content/docs, or ../docs beside the site folder), outside node_modules/, .git/ and the build output',
    ],
  },
  {
    name: 'docs.path in the config names a folder inside node_modules/ (a config error)',
    apply: (root) =>
      writeFileSync(path.join(root, 'build.config.ts'), config("path: 'node_modules/some-package/docs', ")),
    code: 2,
    lines: [
      "error  build.config.ts:4:17  docs.path: 'node_modules/some-package/docs' is inside node_modules/, where docsgen never reads content  [invalid-config]",
    ],
  },
];

describe.concurrent('one rule for files: build and check refuse what leaves the site, and publish none of it', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
    builtIntoSiteOut = cloneSite(base);
    const first = await runCliInProcess(['build', '--root', builtIntoSiteOut, '--out-dir', 'site-out']);
    if (first.code !== 0) throw new Error(`the first build into site-out failed:\n${first.stderr}`);
  });

  it.each(cases)('build: $name', async (c) => {
    let root = '';
    const wrapped: FileCase = {
      ...c,
      apply: (r) => {
        root = r;
        const args = c.apply(r);
        // Never printed either (read after the run).
        wrapped.absent = [...(c.absent ?? []), secretOf(r).token];
        return args;
      },
    };
    await expectBuildOutcome(base, wrapped);
    expectTokenNowhere(path.join(root, 'dist'), secretOf(root).token);
  });

  it.each(cases)('check: $name', async (c) => {
    let root = '';
    const output = await expectCheckOutcome(base, {
      ...c,
      apply: (r) => {
        root = r;
        return c.apply(r);
      },
    });
    expect(output).not.toContain(secretOf(root).token);
  });
});
