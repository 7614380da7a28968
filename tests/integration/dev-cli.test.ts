import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, repoRoot } from '../helpers/run-cli.js';

function status(url: string): Promise<number> {
  return new Promise((resolve, reject) => http.get(url, (res) => (res.resume(), resolve(res.statusCode!))).on('error', reject));
}

describe('docsgen dev as a process', () => {
  it('serves, then shuts down cleanly on Ctrl+C (SIGINT) with exit code 0', async () => {
    const root = copySite('minimal');
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'dev', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dev did not start:\n${stderr}`)), 60_000);
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        const match = /ready in \d+ ms at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stderr);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`dev exited early with ${code}:\n${stderr}`)));
    });
    expect(await status(url + 'docs/guides')).toBe(200);

    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000))]);
    if (code === 'hung') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(stderr).toContain('stopping the dev server');
    await expect(status(url)).rejects.toThrow();
  });

  it('exits with 2 and a clear message when the config is invalid', async () => {
    const root = copySite('invalid-config');
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'dev', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("(root): unknown key 'sidebarz'  [invalid-config]");
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
