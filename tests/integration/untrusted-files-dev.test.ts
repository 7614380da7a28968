import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevProcess, type DevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';
import { makeSecret, overlayErrors, type Secret } from '../helpers/untrusted-files.js';

/**
 * Issue 14 §3 for `docsgen dev`: the same file rule as `build`, for what it
 * lists, serves and watches. The secret is never served, the diagnostics are
 * those of `build` (terminal and overlay), and fixing the tree clears them.
 */

/** A real 3×2 PNG: content images are published only as what their bytes are. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);

/** What dev prints from `from` on, once it matches. */
const printedSince = async (dev: DevProcess, from: number, pattern: RegExp) => {
  await expect.poll(() => dev.stderr().slice(from), { timeout: 60_000, interval: 50 }).toMatch(pattern);
  return dev.stderr().slice(from);
};

describe('docsgen dev with public/ symlinked to a folder outside the root (public -> /etc)', () => {
  let root: string;
  let secret: Secret;
  let dev: DevProcess;

  beforeAll(async () => {
    root = copySite('minimal');
    secret = makeSecret();
    rmSync(path.join(root, 'public'), { recursive: true });
    symlinkSync(secret.dir, path.join(root, 'public'));
    dev = await startDevProcess(root);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('never serves the folder it leads to', async () => {
    for (const rawPath of ['/secret.txt', '/secret.md', '/./secret.txt', '/secret.txt/']) {
      const res = await get(dev.url, rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(res.body).not.toContain(secret.token);
    }
  });

  it('prints the diagnostic build prints, and shows it in the overlay', async () => {
    const line = `error  public  folder not allowed: it resolves to ${realpathSync(secret.dir)}, outside the site root  [file-outside-root]`;
    expect(dev.stderr()).toContain(line);
    expect(dev.stderr()).not.toContain(secret.token);
    expect(await overlayErrors(dev.url)).toContainEqual(
      expect.objectContaining({
        rule: 'file-outside-root',
        file: 'public',
        message: `folder not allowed: it resolves to ${realpathSync(secret.dir)}, outside the site root`,
      }),
    );
  });

  it('does not watch the folder the link leads to', async () => {
    const from = dev.stderr().length;
    writeFileSync(path.join(secret.dir, 'secret.txt'), `${secret.token} changed\n`);
    writeFileSync(path.join(secret.dir, 'new-secret.txt'), `${secret.token}\n`);
    // A change dev does watch, made after: once it is reported, a change outside would have been too.
    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      '# Second Page\n\nBack to [the intro](/docs/guides).\n\n## Details\n\nEdited.\n',
    );
    const printed = await printedSince(dev, from, /^• content\/docs\/guides\/second\.md/m);
    expect(printed).not.toContain('public/');
  });

  it('serves public/ once the link is replaced by a real folder, and clears the error', async () => {
    const from = dev.stderr().length;
    rmSync(path.join(root, 'public'));
    cpSync(copySite('minimal') + '/public', path.join(root, 'public'), { recursive: true });
    await printedSince(dev, from, /^✔ errors fixed$/m);
    expect((await get(dev.url, '/img/dot.svg')).status).toBe(200);
    expect((await get(dev.url, '/secret.txt')).status).toBe(404);
  });
});

describe('docsgen dev with links out of the site inside public/ and content/', () => {
  let root: string;
  let secret: Secret;
  let dev: DevProcess;
  const guides = () => path.join(root, 'content/docs/guides');

  beforeAll(async () => {
    root = copySite('minimal');
    secret = makeSecret();
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git/config'), `[http]\n\textraheader = AUTHORIZATION: basic ${secret.token}\n`);
    symlinkSync('../.git/config', path.join(root, 'public/.gitcfg'));
    mkdirSync(path.join(root, 'public/.well-known'));
    symlinkSync('../../.git/config', path.join(root, 'public/.well-known/x'));
    writeFileSync(path.join(root, 'public/.well-known/security.txt'), 'Contact: mailto:security@example.com\n');
    symlinkSync('/', path.join(root, 'public/disk'));
    symlinkSync(path.join(secret.dir, 'secret.md'), path.join(root, 'content/docs/guides/secret.md'));
    dev = await startDevProcess(root);
  });
  afterAll(async () => {
    await dev?.stop();
  });

  it('never serves them, and serves the legitimate dot files', async () => {
    for (const rawPath of [
      '/.gitcfg',
      '/.well-known/x',
      '/disk/etc/passwd',
      '/disk/etc/hostname',
      '/docs/guides/secret',
    ]) {
      const res = await get(dev.url, rawPath);
      expect(res.status, rawPath).toBe(404);
      expect(res.body).not.toContain(secret.token);
    }
    expect(await get(dev.url, '/.well-known/security.txt')).toMatchObject({
      status: 200,
      body: 'Contact: mailto:security@example.com\n',
    });
  });

  it('prints the same diagnostics as build, each once', () => {
    const printed = dev.stderr();
    for (const line of [
      'error  public/.gitcfg  link not allowed: it resolves to .git/config, inside .git/  [file-outside-root]',
      'error  public/.well-known/x  link not allowed: it resolves to .git/config, inside .git/  [file-outside-root]',
      'error  public/disk  link not allowed: it resolves to /, outside the site root  [file-outside-root]',
      `error  content/docs/guides/secret.md  link not allowed: it resolves to ${realpathSync(path.join(secret.dir, 'secret.md'))}, outside the site root  [file-outside-root]`,
    ]) {
      expect(printed.split(line).length - 1, line).toBe(1);
    }
    expect(printed).not.toContain(secret.token);
  });

  it('never serves a public file that became a link out of the site after it was listed', async () => {
    writeFileSync(path.join(root, 'public/notes.txt'), 'plain notes\n');
    await expect
      .poll(async () => (await get(dev.url, '/notes.txt')).status, { timeout: 60_000, interval: 50 })
      .toBe(200);
    const from = dev.stderr().length;
    renameSync(path.join(root, 'public/notes.txt'), path.join(root, 'notes.txt'));
    symlinkSync(path.join(secret.dir, 'secret.txt'), path.join(root, 'public/notes.txt'));
    // From the swap on, every answer is a 404 or the old notes, never the secret; dev ends up reporting the link.
    const bodies: string[] = [];
    await expect
      .poll(
        async () => {
          const res = await get(dev.url, '/notes.txt');
          bodies.push(res.body);
          return res.status;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBe(404);
    expect(bodies.filter((body) => body.includes(secret.token))).toEqual([]);
    await printedSince(
      dev,
      from,
      /^error {2}public\/notes\.txt {2}link not allowed: it resolves to .*secret\.txt, outside the site root {2}\[file-outside-root\]$/m,
    );
  });

  it('never serves a content image that became a link out of the site after its page was compiled', async () => {
    writeFileSync(path.join(guides(), 'shot.png'), PNG);
    writeFileSync(path.join(guides(), 'shots.md'), '# Shots\n\n![A shot](./shot.png)\n');
    let src = '';
    await expect
      .poll(
        async () => {
          src = /src="\/(assets\/images\/shot-[^"]+)"/.exec((await get(dev.url, '/docs/guides/shots')).body)?.[1] ?? '';
          return src;
        },
        { timeout: 60_000, interval: 50 },
      )
      .not.toBe('');
    expect(await get(dev.url, '/' + src)).toMatchObject({ status: 200, raw: PNG });
    renameSync(path.join(guides(), 'shot.png'), path.join(root, 'shot.png'));
    symlinkSync(path.join(secret.dir, 'secret.txt'), path.join(guides(), 'shot.png'));
    // From the swap on, every answer is a 404 or the old image, never the secret (dev checks the file again when it serves it).
    const bodies: string[] = [];
    await expect
      .poll(
        async () => {
          const res = await get(dev.url, '/' + src);
          bodies.push(res.body);
          return res.status;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBe(404);
    expect(bodies.filter((body) => body.includes(secret.token))).toEqual([]);
    rmSync(path.join(guides(), 'shot.png'));
    rmSync(path.join(guides(), 'shots.md'));
  });

  it('clears the errors once the links are removed', async () => {
    const from = dev.stderr().length;
    for (const file of ['public/.gitcfg', 'public/.well-known/x', 'public/disk', 'public/notes.txt'])
      rmSync(path.join(root, file));
    rmSync(path.join(guides(), 'secret.md'));
    await printedSince(dev, from, /^✔ errors fixed$/m);
    expect((await get(dev.url, '/docs/guides/second')).status).toBe(200);
  });
});

describe('docsgen dev with a docs.path that holds the site root', () => {
  it("exits with 2 and the key's place, as build and check do, without reading the folder", async () => {
    const root = copySite('minimal');
    const secret = makeSecret();
    writeFileSync(
      path.join(root, 'build.config.ts'),
      `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: { path: '..' },\n};\n`,
    );
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin/docsgen.mjs'), 'dev', '--root', root, '--port', '0'],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain(
      "error  build.config.ts:4:17  docs.path: '..' holds the site root: reading it would read the config and the sources  [invalid-config]",
    );
    expect(stderr).not.toContain(secret.token);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
