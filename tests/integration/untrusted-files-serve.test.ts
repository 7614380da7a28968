import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../helpers/http.js';
import { copySite, repoRoot, runCli } from '../helpers/run-cli.js';
import { makeSecret, type Secret } from '../helpers/untrusted-files.js';

/**
 * Issue 14 §3 for `docsgen serve`: the file rule with the out dir as the
 * served root. Only files whose real path is inside it are served, never
 * `.git/`, `node_modules/` or docsgen's own files; a refused request is a
 * 404, and serve says once why.
 */
describe('docsgen serve on an out dir holding links out of it, .git/ and node_modules/', () => {
  let root: string;
  let secret: Secret;
  let child: ChildProcess;
  let url: string;
  let stderr = '';
  const dist = (...parts: string[]) => path.join(root, 'dist', ...parts);

  beforeAll(async () => {
    root = copySite('minimal');
    expect(runCli(['build', '--root', root]).code).toBe(0);
    secret = makeSecret();
    symlinkSync(path.join(secret.dir, 'secret.txt'), dist('secret.txt'));
    symlinkSync(secret.dir, dist('outside'));
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git/config'), secret.token);
    symlinkSync('../.git/config', dist('gitcfg.txt'));
    mkdirSync(dist('.git'));
    writeFileSync(dist('.git/config'), secret.token);
    mkdirSync(dist('node_modules/pkg'), { recursive: true });
    writeFileSync(dist('node_modules/pkg/index.js'), secret.token);
    mkdirSync(dist('.GIT'));
    writeFileSync(dist('.GIT/config'), secret.token);
    symlinkSync('index.html', dist('home.html'));
    child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'serve', '--root', root, '--port', '0'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    url = await new Promise<string>((resolve, reject) => {
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it.each([
    '/secret.txt',
    '/outside/secret.txt',
    '/outside/secret.md',
    '/gitcfg.txt',
    '/.git/config',
    '/node_modules/pkg/index.js',
    '/.GIT/config',
    '/.docsgen-output',
  ])('answers 404 to %s, without its bytes', async (rawPath) => {
    const res = await get(url, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(secret.token);
  });

  it('serves a link that stays inside the out dir', async () => {
    const res = await get(url, '/home.html');
    expect(res.status).toBe(301);
    const home = await get(url, '/home');
    expect(home.status).toBe(200);
    expect(home.body).toBe((await get(url, '/')).body);
  });

  it('says once, for each refused file, why it answered 404', async () => {
    await get(url, '/secret.txt');
    await get(url, '/.git/config');
    const real = realpathSync(path.join(secret.dir, 'secret.txt'));
    const line = `warning  dist/secret.txt  not served: it resolves to ${real}, outside the served folder  [file-outside-root]`;
    await expect.poll(() => stderr, { timeout: 60_000, interval: 50 }).toContain(line);
    expect(stderr.split(line).length - 1).toBe(1);
    expect(stderr).toContain(
      `warning  dist/.git/config  not served: it resolves to ${realpathSync(dist('.git/config'))}, inside .git/  [file-outside-root]`,
    );
    expect(stderr).not.toContain(secret.token);
    expect(child.exitCode).toBeNull();
  });
});
