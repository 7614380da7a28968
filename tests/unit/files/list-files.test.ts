import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPublicFiles } from '../../../cli/files/content-files.js';
import { createFileRule } from '../../../cli/files/site-files.js';

const tempDir = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
const write = (file: string, text = 'x') => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

describe('listPublicFiles: public/ as build copies it, dev serves it and check sees it', () => {
  it('lists dot files, keeps links into the static folders at their real path, and reports the rest', async () => {
    const root = tempDir('docsgen-list-');
    const outside = tempDir('docsgen-outside-');
    write(path.join(outside, 'secret.txt'));
    write(path.join(root, '.git/config'));
    write(path.join(root, 'public/img/logo.svg'));
    write(path.join(root, 'public/.well-known/security.txt'));
    write(path.join(root, 'public/.env'));
    write(path.join(root, 'content/notes.txt'));
    write(path.join(root, 'public/img/shared.txt'));
    symlinkSync('../content/notes.txt', path.join(root, 'public/notes.txt'));
    symlinkSync('img/shared.txt', path.join(root, 'public/shared.txt'));
    symlinkSync('../.git/config', path.join(root, 'public/.gitcfg'));
    symlinkSync('../../.git/config', path.join(root, 'public/.well-known/x'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'public/secret.txt'));
    symlinkSync('/', path.join(root, 'public/disk'));
    symlinkSync('../content', path.join(root, 'public/sources'));
    symlinkSync('nowhere', path.join(root, 'public/gone.txt'));

    const { files, diagnostics } = await listPublicFiles(createFileRule(root));

    expect(files).toEqual([
      { path: '.env', real: path.join(root, 'public/.env') },
      { path: '.well-known/security.txt', real: path.join(root, 'public/.well-known/security.txt') },
      { path: 'img/logo.svg', real: path.join(root, 'public/img/logo.svg') },
      { path: 'img/shared.txt', real: path.join(root, 'public/img/shared.txt') },
      { path: 'shared.txt', real: path.join(root, 'public/img/shared.txt') },
    ]);
    const byFile = Object.fromEntries(diagnostics.map((d) => [d.file, `${d.severity} ${d.message} [${d.rule}]`]));
    expect(byFile).toEqual({
      'public/notes.txt':
        'error link not allowed: it resolves to content/notes.txt, outside the folders content may use (public/) [file-outside-root]',
      'public/.gitcfg': 'error link not allowed: it resolves to .git/config, inside .git/ [file-outside-root]',
      'public/.well-known/x': 'error link not allowed: it resolves to .git/config, inside .git/ [file-outside-root]',
      'public/secret.txt': `error link not allowed: it resolves to ${path.join(outside, 'secret.txt')}, outside the site root [file-outside-root]`,
      'public/disk': 'error link not allowed: it resolves to /, outside the site root [file-outside-root]',
      'public/sources': 'warning symlinked folder is not followed (links can form loops) [symlink-not-followed]',
      'public/gone.txt': 'error symlink points to a file that does not exist (ENOENT) [broken-symlink]',
    });
  });

  it('refuses a public/ that is itself a link out of the site, as one error, and lists nothing', async () => {
    const root = tempDir('docsgen-list-');
    const outside = tempDir('docsgen-outside-');
    write(path.join(outside, 'passwd'));
    symlinkSync(outside, path.join(root, 'public'));
    expect(await listPublicFiles(createFileRule(root))).toEqual({
      files: [],
      diagnostics: [
        expect.objectContaining({
          severity: 'error',
          rule: 'file-outside-root',
          file: 'public',
          message: `folder not allowed: it resolves to ${outside}, outside the site root`,
        }),
      ],
    });
  });

  it('lists a public/ linked to a folder inside the root, from its real path', async () => {
    const root = tempDir('docsgen-list-');
    write(path.join(root, 'static/robots.txt'));
    symlinkSync('static', path.join(root, 'public'));
    expect(await listPublicFiles(createFileRule(root))).toEqual({
      files: [{ path: 'robots.txt', real: path.join(root, 'static/robots.txt') }],
      diagnostics: [],
    });
  });

  it('never lists a pipe, even through a link (reading one would hang the build)', async () => {
    const root = tempDir('docsgen-list-');
    write(path.join(root, 'public/a.txt'));
    execFileSync('mkfifo', [path.join(root, 'public/pipe'), path.join(root, 'public/fifo')]);
    symlinkSync('pipe', path.join(root, 'public/linked-pipe'));
    expect(await listPublicFiles(createFileRule(root))).toEqual({
      files: [{ path: 'a.txt', real: path.join(root, 'public/a.txt') }],
      diagnostics: [],
    });
  });

  it('has nothing to list without public/', async () => {
    expect(await listPublicFiles(createFileRule(tempDir('docsgen-list-')))).toEqual({ files: [], diagnostics: [] });
  });
});
