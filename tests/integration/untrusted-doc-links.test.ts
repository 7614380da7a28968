/**
 * A doc (or a static file) that is a symlink is published, so a pull request could add `content/docs/leak.md` →
 * `../../.env` (or `public/leak.txt` → `../.env`) and have a secret of the site root built into a page, its Markdown
 * copy and the search index, or copied as it is. A doc link must lead to a Markdown page in a docs folder, a static
 * file's link into a static folder; anything else is refused at the link, in build, check and dev alike, and its
 * bytes appear nowhere.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevSite } from '../../cli/dev/dev-site.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const CANARY = 'CANARY-doc-link-3f9a';

function site(): string {
  const root = tempDir('docsgen-doc-links-');
  writeFileSync(path.join(root, 'build.config.ts'), "export default { title: 'T', url: 'https://t.dev' };\n");
  mkdirSync(path.join(root, 'content/docs/guides'), { recursive: true });
  writeFileSync(path.join(root, 'content/docs/intro.md'), '# Intro\n\nHello.\n');
  writeFileSync(path.join(root, '.env'), `TOKEN=${CANARY}\n`);
  writeFileSync(path.join(root, 'NOTES.md'), `# Notes\n\n${CANARY}\n`);
  return root;
}

/** Every file under `dir`, read as text. */
function allText(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => readFileSync(path.join(e.parentPath, e.name), 'latin1'))
    .join('\n');
}

const cases: [string, string][] = [
  ['a hidden file of the site root (.env)', '../../../.env'],
  ['a Markdown file outside the docs folders', '../../../NOTES.md'],
];

describe('a doc that is a symlink', () => {
  for (const [name, target] of cases) {
    it(`to ${name} is refused at the link, its bytes nowhere (build, check)`, async () => {
      const root = site();
      symlinkSync(target, path.join(root, 'content/docs/guides/leak.md'));
      for (const command of ['build', 'check']) {
        const run = await runCliInProcess([command, '--root', root, '--format', 'json']);
        expect(run.code).toBe(1);
        const report = JSON.parse(run.stdout) as { errors: { file: string; rule: string; message: string }[] };
        expect(report.errors).toContainEqual(
          expect.objectContaining({ file: 'content/docs/guides/leak.md', rule: 'file-outside-root' }),
        );
        expect(run.stdout + run.stderr).not.toContain(CANARY);
      }
      expect(allText(path.join(root, 'dist'))).not.toContain(CANARY);
    });
  }

  it('to a .env is refused by dev too: no page, the error in the overlay', async () => {
    const root = site();
    symlinkSync('../../../.env', path.join(root, 'content/docs/guides/leak.md'));
    const dev = new DevSite({ root });
    await dev.start();
    try {
      expect(dev.pagePaths()).not.toContain('docs/guides/leak/index.html');
      expect(dev.errors()).toContainEqual(expect.objectContaining({ file: 'content/docs/guides/leak.md' }));
      const served = await dev.createSource().get('docs/guides/leak/index.html');
      expect(served).toBeUndefined();
    } finally {
      await dev.close();
    }
  });

  it('to a page of the docs folder (or of another version) is a page, as before', async () => {
    const root = site();
    symlinkSync('../intro.md', path.join(root, 'content/docs/guides/again.md'));
    const build = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(build.code).toBe(0);
    expect(readFileSync(path.join(root, 'dist/docs/guides/again/index.html'), 'utf8')).toContain('Hello.');
  });
});

describe('a file of a static folder that is a symlink', () => {
  it('to a secret of the site root is refused at the link, in build and dev; its bytes nowhere', async () => {
    const root = site();
    mkdirSync(path.join(root, 'public'), { recursive: true });
    symlinkSync('../.env', path.join(root, 'public/leak.txt'));
    const build = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(build.code).toBe(1);
    const report = JSON.parse(build.stdout) as { errors: { file: string; rule: string }[] };
    expect(report.errors).toContainEqual(
      expect.objectContaining({ file: 'public/leak.txt', rule: 'file-outside-root' }),
    );
    expect(build.stdout + build.stderr + allText(path.join(root, 'dist'))).not.toContain(CANARY);
    const dev = new DevSite({ root });
    await dev.start();
    try {
      expect(await dev.createSource().get('leak.txt')).toBeUndefined();
      expect(dev.errors()).toContainEqual(expect.objectContaining({ file: 'public/leak.txt' }));
    } finally {
      await dev.close();
    }
  });

  it('to another file of the static folders is published, as before', async () => {
    const root = site();
    mkdirSync(path.join(root, 'public/img'), { recursive: true });
    writeFileSync(path.join(root, 'public/img/a.txt'), 'shared\n');
    symlinkSync('img/a.txt', path.join(root, 'public/b.txt'));
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(0);
    expect(readFileSync(path.join(root, 'dist/b.txt'), 'utf8')).toBe('shared\n');
  });
});
