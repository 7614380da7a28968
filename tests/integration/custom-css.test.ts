/**
 * `theme.customCss` (issue 31 §2): the site's own stylesheets are trusted files the config names. A path that is not
 * a file, leaves the site root or names content (the docs folder, a static folder, through a link too) is a config
 * error at its place in the config; a stylesheet that does not parse or imports what is not there is an error at its
 * file, line and column. Each bad case checks what every bad input promises (tests/helpers/bad-input.ts). A good one
 * is bundled after the theme's stylesheet, its assets hashed, and an edit of a file it imports is seen by a warm build.
 */
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

/** A file of the site. */
const write = (root: string, file: string, contents: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
/** Names these stylesheets in the config's `theme.customCss` (on line 2 of the config). */
const useCss = (root: string, paths: string[]) => {
  const config = path.join(root, 'build.config.ts');
  const list = paths.map((p) => `'${p}'`).join(', ');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace(
      'export default {\n',
      `export default {\n  theme: { customCss: [${list}] },\n`,
    ),
  );
};
/** The column of a path's string literal on the config's line 2. */
const columnOf = (paths: string[], one: string) =>
  `  theme: { customCss: [${paths.map((p) => `'${p}'`).join(', ')}] },`.indexOf(`'${one}'`) + 1;
const configError = (paths: string[], one: string, why: string) =>
  `error  build.config.ts:2:${columnOf(paths, one)}  theme.customCss: '${one}' ${why}`;
/** The built stylesheet's text, as a page links it (under the site's base URL). */
const builtCss = (root: string, page = 'docs/guides/second', baseUrl = '/') => {
  const html = readFileSync(path.join(root, 'dist', page, 'index.html'), 'utf8');
  const href = html.match(/<link rel="stylesheet" href="([^"]+\/styles\.[^"]+\.css)"/)?.[1];
  const file = href?.startsWith(`${baseUrl}assets/`) ? href.slice(baseUrl.length) : 'no-stylesheet.css';
  return readFileSync(path.join(root, 'dist', file), 'utf8');
};

const refusedCases: { name: string; file: string; setUp?: (root: string) => void; why: string }[] = [
  { name: 'a file that is not there', file: 'src/css/missing.css', why: 'is not a file' },
  {
    name: 'a file in the docs folder (content, from any pull request)',
    file: 'content/docs/guides/theme.css',
    setUp: (root) => write(root, 'content/docs/guides/theme.css', 'body { color: red }'),
    why: "is inside content/docs/, whose files are content, not the site's look",
  },
  {
    name: 'a file in a static folder',
    file: 'public/img/theme.css',
    setUp: (root) => write(root, 'public/img/theme.css', 'body { color: red }'),
    why: "is inside public/, whose files are content, not the site's look",
  },
  {
    name: 'a content file reached through a link from the site’s own folder',
    file: 'src/css/linked.css',
    setUp: (root) => {
      mkdirSync(path.join(root, 'src/css'), { recursive: true });
      symlinkSync('../../content/docs/guides/intro.md', path.join(root, 'src/css/linked.css'));
    },
    why: "is inside content/docs/, whose files are content, not the site's look",
  },
  {
    name: 'a file outside the site root',
    file: '../outside.css',
    why: "is outside the site root, where docsgen never reads the site's own styles from",
  },
  {
    name: 'a file under node_modules',
    file: 'node_modules/pkg/theme.css',
    setUp: (root) => write(root, 'node_modules/pkg/theme.css', 'body { color: red }'),
    why: "is inside node_modules/, where docsgen never reads the site's own styles from",
  },
  {
    name: 'a Sass file (docusaurus-plugin-sass compiled it; docsgen bundles CSS only)',
    file: 'src/css/custom.scss',
    setUp: (root) => write(root, 'src/css/custom.scss', '$brand: #86d46b;\n:root { --ifm-color-primary: $brand; }\n'),
    why: 'is Sass: docsgen bundles CSS only (compile it to a .css file with `npx sass` and name that file)',
  },
];

describe('theme.customCss', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  for (const c of refusedCases) {
    it(`refuses ${c.name}: a config error at its place (exit 2)`, async () => {
      const paths = ['src/css/custom.css', c.file];
      const bad: BadInputCase = {
        name: c.name,
        apply: (root) => {
          write(root, 'src/css/custom.css', ':root { --ifm-color-primary: #2e8555; }');
          c.setUp?.(root);
          useCss(root, paths);
        },
        code: 2,
        lines: [configError(paths, c.file, c.why)],
        absent: ["theme.customCss: 'src/css/custom.css'"],
      };
      await expectBuildOutcome(base, bad);
    });
  }

  it('names a stylesheet that does not parse at its file, line and column (exit 2, as a component that does not build)', async () => {
    await expectBuildOutcome(base, {
      name: 'syntax error',
      apply: (root) => {
        write(root, 'src/css/custom.css', ':root { --ifm-color-primary: #2e8555; }\n.card { color: red\n');
        useCss(root, ['src/css/custom.css']);
      },
      code: 2,
      lines: [
        'error  src/css/custom.css:3:1  CSS syntax error: Expected "}" to go with "{"  [custom-css]',
        "error  the site's custom CSS does not parse (1 syntax error)",
      ],
    });
  });

  it('names an @import that is not there at its place (exit 2)', async () => {
    await expectBuildOutcome(base, {
      name: 'missing import',
      apply: (root) => {
        write(root, 'src/css/custom.css', '@charset "utf-8";\n@import "./gone.css";\n');
        useCss(root, ['src/css/custom.css']);
      },
      code: 2,
      lines: ['error  src/css/custom.css:2:9  Could not resolve "./gone.css"  [custom-css]'],
    });
  });

  it('refuses a url() into a static folder whose file is a link out of the content folders: the secret is published nowhere', async () => {
    const SECRET = 'SECRET-7f3a9c-never-published';
    await expectBuildOutcome(base, {
      name: 'url() of a static link to .env',
      apply: (root) => {
        write(root, '.env', `TOKEN=${SECRET}\n`);
        symlinkSync('../../.env', path.join(root, 'public/img/hero.png'));
        write(root, 'src/css/custom.css', '.hero {\n  background: url(../../public/img/hero.png);\n}\n');
        useCss(root, ['src/css/custom.css']);
      },
      code: 2,
      lines: [
        "error  src/css/custom.css:2:15  '../../public/img/hero.png' is a file of a content folder that leads out of the content folders (a link): it is not bundled  [custom-css]",
      ],
      check: (root) => {
        const published = readdirSync(path.join(root, 'dist'), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
        expect(published.some((text) => text.includes(SECRET))).toBe(false);
      },
    });
  });

  it("bundles the site's stylesheets after the theme's, their assets hashed, and sees an edit of a file they import", async () => {
    const root = cloneSite(base);
    write(
      root,
      'src/css/custom.css',
      '@import "./brand.css";\n.hero { background: url(./bg.svg), url(/img/dot.svg), url(../../public/img/dot.svg); }\n',
    );
    write(root, 'src/css/brand.css', ':root { --ifm-color-primary: #2e8555; }\n');
    write(root, 'src/css/bg.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(root, 'src/css/second.css', '.second-sheet { color: teal; }\n');
    useCss(root, ['src/css/custom.css', 'src/css/second.css']);
    const first = await runCliInProcess(['build', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    const css = builtCss(root);
    // The theme's tokens first, then the site's files in the config's order: theirs win on equal specificity.
    const order = ['--dg-primary:', '--ifm-color-primary: #2e8555', '.second-sheet{'].map((text) => css.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A file it names is emitted with a hashed name; a root-relative URL is the static folder's file, as it is.
    const media = readdirSync(path.join(root, 'dist/assets/media'));
    // (a static folder's own file, named by a relative path, is bundled too)
    expect(media.sort()).toEqual([
      expect.stringMatching(/^bg\.[A-Z0-9]{8}\.svg$/),
      expect.stringMatching(/^dot\.[A-Z0-9]{8}\.svg$/),
    ]);
    for (const name of media) expect(css).toContain(`url("./media/${name}")`);
    expect(css).toContain('url(/img/dot.svg)');

    // A warm build after an edit of the imported file: the cached bundle is not reused.
    write(root, 'src/css/brand.css', ':root { --ifm-color-primary: #7c3aed; }\n');
    const second = await runCliInProcess(['build', '--root', root]);
    expect(second.code, second.stderr).toBe(0);
    expect(builtCss(root)).toContain('--ifm-color-primary: #7c3aed');
    expect(builtCss(root)).not.toContain('#2e8555');
  });

  it('keeps the stylesheet as it was for a site that names none', async () => {
    const root = cloneSite(base);
    const before = readdirSync(path.join(root, 'dist/assets')).filter((name) => name.endsWith('.css'));
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code).toBe(0);
    expect(readdirSync(path.join(root, 'dist/assets')).filter((name) => name.endsWith('.css'))).toEqual(before);
  });
});

describe("theme.customCss and Docusaurus's @site/ alias", () => {
  it("bundles a url(@site/…) of the site's files, as a relative url() is; one leaving the site folder is an error at its place", async () => {
    const root = tempDir('docsgen-custom-css-site-');
    write(
      root,
      'build.config.ts',
      "export default {\n  title: 'T',\n  url: 'https://t.example.org',\n  theme: { customCss: 'src/css/custom.css' },\n};\n",
    );
    write(
      root,
      'src/css/custom.css',
      ".card { background: url('@site/public/img/card.svg'); }\n.mark { background: url(@site/src/img/mark.svg); }\n",
    );
    write(root, 'public/img/card.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(root, 'src/img/mark.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="2"/>');
    write(root, 'content/docs/intro.md', '# Intro\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code, build.stderr).toBe(0);
    const css = builtCss(root, 'docs/intro');
    const media = readdirSync(path.join(root, 'dist/assets/media')).sort();
    expect(media).toEqual([
      expect.stringMatching(/^card\.[A-Z0-9]{8}\.svg$/),
      expect.stringMatching(/^mark\.[A-Z0-9]{8}\.svg$/),
    ]);
    for (const name of media) expect(css).toContain(`url("./media/${name}")`);

    write(root, 'src/css/custom.css', '.x { background: url(@site/../outside.svg); }\n');
    const out = await runCliInProcess(['build', '--root', root]);
    expect(out.code).toBe(2);
    expect(out.stdout + out.stderr).toContain(
      "error  src/css/custom.css:1:18  '@site/../outside.svg' leaves the site folder  [custom-css]",
    );
  });
});

describe('theme.customCss under a base URL', () => {
  it('keeps a root-relative url() a URL of the site, under its base URL', async () => {
    const root = tempDir('docsgen-custom-css-base-');
    write(
      root,
      'build.config.ts',
      "export default {\n  title: 'T',\n  url: 'https://t.example.org',\n  baseUrl: '/docs-site/',\n  theme: { customCss: 'src/custom.css' },\n};\n",
    );
    write(root, 'src/custom.css', '.hero { background: url(/img/bg.png); }\n');
    write(root, 'content/docs/intro.md', '# Intro\n');
    const build = await runCliInProcess(['build', '--root', root]);
    expect(build.code, build.stderr).toBe(0);
    expect(builtCss(root, 'docs/intro', '/docs-site/')).toContain('url(/docs-site/img/bg.png)');
  });
});
