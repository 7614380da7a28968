import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';

describe('docsgen dev as a process', () => {
  it('serves, then shuts down cleanly on Ctrl+C (SIGINT) with exit code 0', async () => {
    const dev = await startDevProcess(copySite('minimal'));
    expect((await get(dev.url, '/docs/guides')).status).toBe(200);
    expect(await dev.stop('SIGINT')).toBe(0);
    expect(dev.stderr()).toContain('stopping the dev server');
    await expect(get(dev.url, '/')).rejects.toThrow();
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
