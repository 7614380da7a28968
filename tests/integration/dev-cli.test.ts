import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin/docsgen.mjs'), 'dev', '--root', root, '--port', '0'],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("(root): unknown key 'sidebarz'  [invalid-config]");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('prints an error found on many pages once, with its count, as build does', async () => {
    const root = copySite('minimal');
    const guides = path.join(root, 'content/docs/guides');
    writeFileSync(path.join(guides, '_part.mdx'), 'Text\n\n<Nope />\n');
    for (let i = 1; i <= 6; i++)
      writeFileSync(path.join(guides, `p${i}.mdx`), `import Part from './_part.mdx';\n\n# Page ${i}\n\n<Part />\n`);
    const dev = await startDevProcess(root);
    try {
      expect(dev.stderr()).toContain('content/docs/guides/_part.mdx:3:1  unknown component <Nope>');
      expect(dev.stderr()).toContain('[invalid-mdx] (6 times)');
      expect(dev.stderr().match(/unknown component <Nope>/g)).toHaveLength(1);
    } finally {
      await dev.stop('SIGINT');
    }
  });
});
