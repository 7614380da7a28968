/**
 * `staticDirectories` (issue 19 §4): several folders copied to the site root,
 * in order, as Docusaurus's key does; a Docusaurus site's `static/` works
 * unmoved. Two folders publishing one path is an error; a folder the file rule
 * refuses, or the site root itself, is a config error. Builds run in the test
 * process (in-process-cli.ts: what they publish and report is the point); dev
 * runs in a process of its own.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

/** A 3×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
/** An SVG four times as wide as high. */
const WIDE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="32"><rect width="128" height="32"/></svg>';

/** The minimal site with `static/` besides `public/`, and this config body. */
function siteWithStatic(keys: string): string {
  const root = copySite('minimal');
  mkdirSync(path.join(root, 'static/img'), { recursive: true });
  writeFileSync(path.join(root, 'static/img/shot.png'), PNG);
  writeFileSync(path.join(root, 'static/img/wide.svg'), WIDE_SVG);
  writeFileSync(path.join(root, 'static/robots.txt'), 'User-agent: *\n');
  const intro = path.join(root, 'content/docs/guides/intro.md');
  writeFileSync(intro, readFileSync(intro, 'utf8') + '\n![Shot](/img/shot.png)\n');
  writeFileSync(
    path.join(root, 'build.config.ts'),
    `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  ${keys}\n  docs: { sidebars: { main: ['guides/intro', 'guides/second'] } },\n};\n`,
  );
  return root;
}

describe('staticDirectories', () => {
  it('publishes every folder at the site root, and pages and the logo find their files in any of them', async () => {
    const root = siteWithStatic(
      "staticDirectories: ['public', 'static'],\n  navbar: { logo: { alt: 'Logo', src: 'img/wide.svg' } },",
    );
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const dist = path.join(root, 'dist');
    expect(existsSync(path.join(dist, 'img/dot.svg'))).toBe(true);
    expect(readFileSync(path.join(dist, 'img/shot.png'))).toEqual(PNG);
    expect(readFileSync(path.join(dist, 'robots.txt'), 'utf8')).toBe('User-agent: *\n');
    const page = readFileSync(path.join(dist, 'docs/guides/index.html'), 'utf8');
    // Read from static/ at build time: the image has its size, so it never shifts the layout.
    expect(page).toContain('<img src="/img/shot.png" alt="Shot" width="3" height="2"');
    expect(page).toMatch(/<img[^>]*src="\/img\/wide.svg"[^>]*width="128" height="32"/);
  });

  it('leaves a folder that is not listed unpublished, and says where it looked for a missing image', async () => {
    const root = siteWithStatic('');
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain('image not found: /img/shot.png (looked for public/img/shot.png)  [missing-image]');
  });

  // Issue 29's proof: on a Docusaurus site (static/), hints sent readers to public/, a folder the site does not have.
  it("names the site's own static folders in its hints, never public/", async () => {
    const root = siteWithStatic("staticDirectories: ['static'],");
    writeFileSync(path.join(root, 'static/llms.txt'), '# Our own\n');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    writeFileSync(path.join(root, 'src/shot.png'), PNG);
    const intro = path.join(root, 'content/docs/guides/intro.md');
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n![Gone](/img/gone.png)\n\n![Src](../../../src/shot.png)\n`);
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(
      'hint: fix the path, or add the image: paths starting with / are looked up in the static folders (static/), others next to the page',
    );
    expect(built.stderr).toContain(
      'hint: content can only use files in content/docs/ and static/: put the image next to the page or in a static folder (static/)',
    );
    expect(built.stderr).toContain(
      'llms.txt would be written twice: by static/llms.txt and by llms.txt  [output-clash]',
    );
    expect(built.stderr).toContain(
      'hint: every output file must come from one source: rename or remove static/llms.txt, or turn off `llmsTxt` in the config',
    );
    expect(built.stderr).not.toContain('public/');
  });

  it('refuses two folders publishing one path, naming both files', async () => {
    const root = siteWithStatic("staticDirectories: ['public', 'static'],");
    writeFileSync(path.join(root, 'public/robots.txt'), 'User-agent: nobody\n');
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(
      'error  static/robots.txt  static/robots.txt and public/robots.txt would both be published as /robots.txt  [output-clash]',
    );
  });

  it.each([
    [
      'the site root itself',
      "'.'",
      "staticDirectories.0: '.' is the site root itself: publishing it would publish the config and the sources",
    ],
    [
      'a folder that holds the root',
      "'..'",
      "staticDirectories.0: '..' holds the site root: reading it would read the config and the sources",
    ],
    [
      'node_modules',
      "'node_modules/some-package'",
      "staticDirectories.0: 'node_modules/some-package' is inside node_modules/, where docsgen never reads files to publish",
    ],
  ])('refuses %s as a static folder (a config error, exit 2)', async (_name, value, message) => {
    const root = siteWithStatic(`staticDirectories: [${value}],`);
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(2);
    expect(built.stderr).toContain(message);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('never writes the build output into a static folder', async () => {
    const root = siteWithStatic("staticDirectories: ['public', 'static'],");
    const built = await runCliInProcess(['build', '--root', root, '--out-dir', 'static/site']);
    expect(built.code).toBe(2);
    expect(readFileSync(path.join(root, 'static/robots.txt'), 'utf8')).toBe('User-agent: *\n');
    expect(existsSync(path.join(root, 'static/site'))).toBe(false);
  });

  it('docsgen dev serves every folder, and a file added to the second one', async () => {
    const root = siteWithStatic("staticDirectories: ['public', 'static'],");
    const dev = await startDevProcess(root);
    try {
      expect((await get(dev.url, '/img/dot.svg')).status).toBe(200);
      expect((await get(dev.url, '/robots.txt')).body).toBe('User-agent: *\n');
      writeFileSync(path.join(root, 'static/added.txt'), 'added\n');
      await dev.waitFor(/added\.txt/);
      expect((await get(dev.url, '/added.txt')).body).toBe('added\n');
    } finally {
      await dev.stop();
    }
  });
});
