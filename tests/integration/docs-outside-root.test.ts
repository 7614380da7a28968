/**
 * Issue 29 §3: the docs folder outside the site folder, as four of seven real
 * Docusaurus repositories lay it out (`website/` holding the config and
 * `static/`, `docs/` beside it, `docs.path: '../docs'`). The config is trusted,
 * so the folder it names is part of the site; the file rule applies inside it
 * by real path, and content still names files only in the docs folder and the
 * static folders: `.env` or `src/` of the site folder, a file beside the docs
 * folder, a symlink leading out, are refused, and their bytes are in no output
 * and no response of `build`, `check` or `dev`. `build` and `check` run in the
 * test process (in-process-cli.ts: what they write and print is the point);
 * `dev` runs in a process of its own.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';
import { expectTokenNowhere, overlayErrors } from '../helpers/untrusted-files.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
const OUTSIDE = 'outside the site root and the folders its config names (../docs/)';

/** A repository with `website/` (config, `static/`, a secret in `.env` and `src/`) and `docs/` beside it; a secret image and text beside both. */
function makeRepo(config = "docs: { path: '../docs', sidebars: { main: ['intro', 'guide'] } },") {
  const repo = tempDir('docsgen-repo-');
  const token = `docsgen-secret-${randomBytes(8).toString('hex')}`;
  const write = (file: string, contents: string | Buffer) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), contents);
  };
  write(
    'website/build.config.ts',
    `export default {\n  title: 'Beside',\n  url: 'https://example.com',\n  staticDirectories: ['static'],\n  ${config}\n};\n`,
  );
  write('website/.env', `API_TOKEN=${token}\n`);
  write('website/src/secret.ts', `export const key = '${token}';\n`);
  write('website/static/img/logo.png', PNG);
  write('docs/intro.md', '# Intro\n\nRead the [guide](./guide.md).\n\n![logo](/img/logo.png)\n');
  write('docs/guide.md', '# Guide\n\n![dot](./dot.png)\n');
  write('docs/dot.png', PNG);
  // A real image holding the secret: published if the rule let it through.
  write('secret.png', Buffer.concat([PNG, Buffer.from(token)]));
  write('secret.txt', `${token}\n`);
  write('elsewhere/secret.md', `# Secret\n\n${token}\n`);
  return { repo, root: path.join(repo, 'website'), docs: path.join(repo, 'docs'), token };
}

const GUIDE = '../docs/guide.md';
const error = (line: number, message: string) => `error  ${GUIDE}:${line}:1  ${message}`;

describe('docsgen build with the docs folder beside the site folder (docs.path: ../docs)', () => {
  it("builds the docs of ../docs, with their images and the static folder's", async () => {
    const { root } = makeRepo();
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toContain('0 errors, 0 warnings');
    expect(readFileSync(path.join(root, 'dist/docs/intro/index.html'), 'utf8')).toContain('href="/docs/guide"');
    expect(readFileSync(path.join(root, 'dist/docs/guide/index.html'), 'utf8')).toMatch(
      /<img src="\/assets\/images\/dot-[0-9a-f]{8}\.png"/,
    );
    expect(readdirSync(path.join(root, 'dist/assets/images'))).toHaveLength(1);
    expect(existsSync(path.join(root, 'dist/img/logo.png'))).toBe(true);
  });

  it.each([
    {
      name: "the site folder's .env, named from ../docs (../website/.env)",
      page: '![e](../website/.env)\n',
      line: error(
        3,
        'image not allowed: ../website/.env resolves to .env, outside the folders content may use (../docs/ and static/)  [file-outside-content]',
      ),
    },
    {
      name: 'a file beside ../docs that no config names (../secret.png)',
      page: '![s](../secret.png)\n',
      line: (repo: string) =>
        error(
          3,
          `image not allowed: ../secret.png resolves to ${path.join(repo, 'secret.png')}, ${OUTSIDE}  [file-outside-root]`,
        ),
    },
    {
      name: 'a symlink in ../docs leading out of it (./leak.png -> ../secret.png)',
      page: '![l](./leak.png)\n',
      prepare: (docs: string) => symlinkSync('../secret.png', path.join(docs, 'leak.png')),
      line: (repo: string) =>
        error(
          3,
          `image not allowed: ./leak.png resolves to ${path.join(repo, 'secret.png')}, ${OUTSIDE}  [file-outside-root]`,
        ),
    },
    {
      name: "an MDX import of the site folder's source (../website/src/secret.ts?raw)",
      page: "import Secret from '../website/src/secret.ts?raw';\n\n<pre>{Secret}</pre>\n",
      line: "error  ../docs/guide.md:3:1  cannot import '../website/src/secret.ts': src/secret.ts is outside the folders content may import from  [invalid-mdx]",
    },
  ])('refuses $name, and publishes none of it', async ({ page, prepare, line }) => {
    const { repo, root, docs, token } = makeRepo();
    prepare?.(docs);
    writeFileSync(path.join(docs, 'guide.md'), `# Guide\n\n${page}`);
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(1);
    expect(built.stderr).toContain(typeof line === 'function' ? line(repo) : line);
    expect(built.stderr).not.toContain(token);
    expect(built.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('refuses a docs folder that content turned into a symlink leading elsewhere, reading nothing under it', async () => {
    const { repo, root, docs, token } = makeRepo();
    renameSync(docs, path.join(repo, 'docs-real'));
    symlinkSync('elsewhere', docs);
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(1);
    expect(built.stderr).toContain(
      `error  ../docs  folder not allowed: it resolves to ${path.join(repo, 'elsewhere')}, ${OUTSIDE}  [file-outside-root]`,
    );
    expect(built.stderr).not.toContain(token);
  });

  it('publishes a secret of the site folder nowhere once the attacks are fixed (build after a refused one)', async () => {
    const { repo, root, docs, token } = makeRepo();
    writeFileSync(path.join(docs, 'guide.md'), '# Guide\n\n![s](../secret.png)\n\n![e](../website/.env)\n');
    expect((await runCliInProcess(['build', '--root', root])).code).toBe(1);
    writeFileSync(path.join(docs, 'guide.md'), '# Guide\n\n![dot](./dot.png)\n');
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expectTokenNowhere(path.join(root, 'dist'), token);
    expect(readFileSync(path.join(repo, 'secret.txt'), 'utf8')).toBe(`${token}\n`);
  });

  it('refuses a docs.path that holds the site root (a config error, exit 2)', async () => {
    const { root, token } = makeRepo("docs: { path: '..' },");
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(2);
    expect(built.stderr).toContain(
      "error  build.config.ts:5:17  docs.path: '..' holds the site root: reading it would read the config and the sources  [invalid-config]",
    );
    expect(built.stderr).not.toContain(token);
  });

  it('docsgen check reports the same, at the same places', async () => {
    const { root, token } = makeRepo();
    writeFileSync(path.join(root, '../docs/guide.md'), '# Guide\n\n![e](../website/.env)\n');
    const checked = await runCliInProcess(['check', '--root', root]);
    expect(checked.code).toBe(1);
    expect(checked.stdout + checked.stderr).toContain('../docs/guide.md:3:1');
    expect(checked.stdout + checked.stderr).toContain('[file-outside-content]');
    expect(checked.stdout + checked.stderr).not.toContain(token);
  });
});

describe('docsgen dev with the docs folder beside the site folder', () => {
  let site: ReturnType<typeof makeRepo>;
  let dev: DevProcess;

  beforeAll(async () => {
    site = makeRepo();
    symlinkSync('../secret.png', path.join(site.docs, 'leak.png'));
    writeFileSync(
      path.join(site.docs, 'attack.md'),
      '# Attack\n\n![e](../website/.env)\n\n![s](../secret.png)\n\n![l](./leak.png)\n',
    );
    dev = await startDevProcess(site.root);
  }, 90_000);
  afterAll(async () => {
    await dev?.stop();
  });

  it('serves the docs of ../docs and their images', async () => {
    const page = await get(dev.url, '/docs/guide');
    expect(page.status).toBe(200);
    const src = /<img src="\/(assets\/images\/dot-[0-9a-f]{8}\.png)"/.exec(page.body)?.[1];
    expect(src).toBeDefined();
    expect((await get(dev.url, '/' + src)).raw).toEqual(PNG);
  });

  it('reports what the attack page names, as build does, and serves none of it', async () => {
    const errors = await overlayErrors(dev.url);
    expect(errors.map((e) => `${e.file} ${e.rule}`)).toEqual(
      expect.arrayContaining(['../docs/attack.md file-outside-content', '../docs/attack.md file-outside-root']),
    );
    const page = await get(dev.url, '/docs/attack');
    expect(page.body).not.toContain(site.token);
    expect(page.body).not.toMatch(/assets\/images\/(secret|leak)/);
    for (const url of ['/.env', '/src/secret.ts', '/../secret.png', '/secret.png', '/leak.png']) {
      const res = await get(dev.url, url);
      expect(res.body, url).not.toContain(site.token);
    }
  });

  it('sees an edit in ../docs', async () => {
    writeFileSync(path.join(site.docs, 'guide.md'), '# Guide, edited\n\n![dot](./dot.png)\n');
    await expect
      .poll(async () => (await get(dev.url, '/docs/guide')).body, { timeout: 60_000, interval: 100 })
      .toContain('Guide, edited');
  });
});
