/**
 * `docsgen init` writes a site that builds and checks with no error and no warning, never replaces a file, and
 * with --from-docusaurus migrates a Docusaurus site instead.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

const report = (stdout: string) => JSON.parse(stdout) as { errors: unknown[]; warnings: unknown[] };

describe('docsgen init', () => {
  it('writes a site into a new folder that builds and checks with no error and no warning', async () => {
    const dir = path.join(tempDir('docsgen-init-'), 'my-docs');
    const init = await runCliInProcess(['init', dir]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('wrote a new site');
    const build = await runCliInProcess(['build', '--root', dir, '--format', 'json']);
    expect(build.code).toBe(0);
    expect(report(build.stdout)).toMatchObject({ errors: [], warnings: [] });
    const home = readFileSync(path.join(dir, 'dist/index.html'), 'utf8');
    expect(home).toContain('<title>My docs');
    expect(readFileSync(path.join(dir, 'dist/docs/guides/writing-pages/index.html'), 'utf8')).toContain(
      'Writing pages',
    );
    const check = await runCliInProcess(['check', '--root', dir, '--format', 'json']);
    expect(check.code).toBe(0);
    expect(report(check.stdout)).toMatchObject({ errors: [], warnings: [] });
  });

  it('never replaces a file: with one of its files there, it writes nothing (exit 2)', async () => {
    const dir = tempDir('docsgen-init-existing-');
    writeFileSync(path.join(dir, 'build.config.ts'), '// mine\n');
    const init = await runCliInProcess(['init', dir]);
    expect(init.code).toBe(2);
    expect(init.stderr).toContain('already has build.config.ts; nothing was written');
    expect(readFileSync(path.join(dir, 'build.config.ts'), 'utf8')).toBe('// mine\n');
    await expect(runCliInProcess(['build', '--root', dir])).resolves.toMatchObject({ code: 2 });
  });

  it('takes any title as text: quotes, braces and tags neither break the config nor the page', async () => {
    const dir = tempDir('docsgen-init-title-');
    const title = 'A "quoted" {brace} <b>tag</b> `tick` \\ back';
    expect((await runCliInProcess(['init', dir, '--title', title])).code).toBe(0);
    const build = await runCliInProcess(['build', '--root', dir, '--format', 'json']);
    expect(build.code).toBe(0);
    expect(report(build.stdout)).toMatchObject({ errors: [], warnings: [] });
    const intro = readFileSync(path.join(dir, 'dist/docs/intro/index.html'), 'utf8');
    expect(intro).toContain('A &quot;quoted&quot; {brace} &lt;b&gt;tag&lt;/b&gt; `tick` \\ back');
    expect(intro).not.toContain('<b>tag</b>');
  });

  it('--from-docusaurus writes the build.config.ts of a Docusaurus site, as docsgen migrate does', async () => {
    const dir = tempDir('docsgen-init-docusaurus-');
    cpSync(path.join(fixturesDir, '../docusaurus-migrate-cases/navbar-and-prism'), dir, { recursive: true });
    const init = await runCliInProcess(['init', dir, '--from-docusaurus']);
    expect(init.code).toBe(0);
    expect(readFileSync(path.join(dir, 'build.config.ts'), 'utf8')).toContain('Written by `docsgen migrate`');
    expect((await runCliInProcess(['build', '--root', dir])).code).toBe(0);
  });
});
