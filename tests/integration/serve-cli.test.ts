import { spawn } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../../cli/commands/serve.js';
import { get } from '../helpers/http.js';
import { copySite, repoRoot, runCli, tempDir } from '../helpers/run-cli.js';

describe('docsgen serve on a built site', () => {
  let root: string;
  let server: StaticServer;

  beforeAll(async () => {
    root = copySite('minimal');
    expect(runCli(['build', '--root', root]).code).toBe(0);
    const outside = tempDir('docsgen-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'dist/secret.txt'));
    server = await startStaticServer({ outDir: path.join(root, 'dist'), port: 0 });
  });
  afterAll(() => server?.close());

  it('serves clean URLs, redirects .html paths and answers 404 with the 404 page', async () => {
    const page = await get(server.url, '/docs/guides/second');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Second Page | Minimal</title>');
    expect(page.body).not.toContain('__docsgen/events');
    expect(await get(server.url, '/docs/guides/second.html')).toMatchObject({ status: 301, headers: { location: '/docs/guides/second' } });
    expect(await get(server.url, '/docs/guides/second/index.html')).toMatchObject({ status: 301, headers: { location: '/docs/guides/second' } });
    const missing = await get(server.url, '/docs/missing');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('Page Not Found');
  });

  it('caches the hashed stylesheet for a year and HTML not at all', async () => {
    const home = await get(server.url, '/');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home.body)![1];
    expect((await get(server.url, css)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(home.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/../build.config.ts', '/%2e%2e/build.config.ts', '/docs/%2e%2e%2f%2e%2e%2fbuild.config.ts', '//etc/passwd', '/secret.txt'])('answers 404 to %s', async (rawPath) => {
    const res = await get(server.url, rawPath);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('top secret');
  });

  it('runs as a CLI command and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'serve', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
        if (match) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    expect((await get(url, '/docs/guides')).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a folder without a built site, with exit 2', () => {
    const { code, stderr } = runCli(['serve', '--root', copySite('minimal'), '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('no built site in');
    expect(stderr).toContain('run `docsgen build` first');
  });
});
