/**
 * The smallest config (a title and a url) gives a site that looks finished: the navbar's brand link is named by the
 * site's title, no empty footer band is drawn, no /favicon.ico is asked for, and a docs folder that does not exist is named as such.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

function minimalSite(withDocs: boolean): string {
  const root = tempDir('docsgen-minimal-');
  writeFileSync(
    path.join(root, 'build.config.ts'),
    "export default { title: 'Lantern Docs', url: 'https://lantern.dev' };\n",
  );
  if (withDocs) {
    mkdirSync(path.join(root, 'content/docs'), { recursive: true });
    writeFileSync(path.join(root, 'content/docs/intro.md'), '---\ntitle: Intro\n---\n\nHello.\n');
  }
  return root;
}

describe('a site with the smallest config', () => {
  it('names the brand link with the site title and draws no footer', async () => {
    const root = minimalSite(true);
    const build = await runCliInProcess(['build', '--root', root, '--format', 'json']);
    expect(build.code).toBe(0);
    expect(JSON.parse(build.stdout)).toMatchObject({ errors: [], warnings: [] });
    for (const page of ['index.html', 'docs/intro/index.html']) {
      const html = readFileSync(path.join(root, 'dist', page), 'utf8');
      expect(html).toMatch(/<a class="navbar-brand" href="\/"><span class="navbar-title">Lantern Docs<\/span><\/a>/);
      expect(html).not.toContain('<footer');
      // No favicon configured: an empty icon, so the browser does not ask for /favicon.ico (a 404 in the console).
      expect(html).toContain('<link rel="icon" href="data:,"/>');
    }
  });

  it('names a docs folder that does not exist, at the config, instead of broken links (exit 2)', async () => {
    const root = minimalSite(false);
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(2);
    expect(build.stderr).toContain("docs.path: the docs folder 'content/docs' does not exist");
    expect(build.stderr).toContain('docsgen init writes a site that has one');
    expect(build.stderr).not.toContain('broken-link');
  });
});
