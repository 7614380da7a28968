/**
 * `docsgen migrate` (issue 19 §5): a Docusaurus site's config and sidebars,
 * read as data and never run, become a build.config.ts with which the site
 * builds unchanged; what cannot be carried over is listed with what to do.
 * migrate and build run in the test process (in-process-cli.ts: what they read,
 * write and print is the point), except in the one case whose bound is the
 * process's own (a hang).
 */
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { readJsData } from '../../cli/migrate/read-js-data.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, runCli, tempDir } from '../helpers/run-cli.js';

/** A copy of the Docusaurus fixture site (docusaurus.config.js, sidebars.js, docs/, static/). */
function docusaurusSite(): string {
  const root = tempDir('docsgen-migrate-');
  cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus-migrate'), root, { recursive: true });
  return root;
}

describe('docsgen migrate', () => {
  it('writes a config with which the Docusaurus site builds, its pages, sidebar and navbar in place', async () => {
    const root = docusaurusSite();
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    const config = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
    expect(config).toContain("staticDirectories: ['static'],");
    expect(config).toContain("editUrl: 'https://github.com/example-org/paper-lantern/edit/main/website/',");
    expect(config).toContain("highlight: { additionalLanguages: ['kotlin', 'groovy'] },");
    expect(config).toContain('showLastUpdateTime: true,');
    // The classic preset's `theme.customCss: require.resolve('./src/css/custom.css')`, as the path of the site's file.
    expect(config).toContain("theme: { customCss: ['src/css/custom.css'] },");
    // Code samples never fail a migrated site's build until its config says so: the key is written, with why.
    expect(config).toMatch(
      /\n {2}\/\/ With an `api` section, ts\/tsx code samples are type-checked; [^\n]*\n( {2}\/\/ [^\n]*\n)* {2}onCodeSampleErrors: 'warn',\n/,
    );

    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const setup = readFileSync(path.join(root, 'dist/docs/guides/setup/index.html'), 'utf8');
    expect(setup).toContain('<button type="button" role="tab"');
    expect(setup).toContain(
      'href="https://github.com/example-org/paper-lantern/edit/main/website/docs/guides/setup.mdx"',
    );
    expect(setup).toMatch(/<a[^>]*href="\/docs\/intro"[^>]*>Introduction<\/a>/);
    expect(existsSync(path.join(root, 'dist/img/logo.svg'))).toBe(true);
    // Its stylesheet is bundled after the theme's: its Infima variables set the theme's colours.
    const stylesheet = /<link rel="stylesheet" href="\/(assets\/styles\.[^"]+\.css)"/.exec(setup)?.[1];
    expect(readFileSync(path.join(root, 'dist', stylesheet ?? 'missing.css'), 'utf8')).toMatch(
      /--ifm-color-primary: ?#2e8555/,
    );
    // Nothing of the Docusaurus site changed.
    for (const file of ['docusaurus.config.js', 'sidebars.js', 'docs/intro.md']) {
      expect(readFileSync(path.join(root, file), 'utf8')).toBe(
        readFileSync(path.join(repoRoot, 'tests/fixtures/docusaurus-migrate', file), 'utf8'),
      );
    }
  });

  it('lists what it could not carry over, with the line and what to write instead', async () => {
    const root = docusaurusSite();
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    const lines = migrated.stderr.trim().split('\n');
    expect(lines).toContain(
      'warning  docusaurus.config.js:54 themeConfig.footer.copyright  computed: write the copyright as text (the year included) in `footer.copyright`',
    );
    expect(lines).toContain(
      "warning  docusaurus.config.js:56 themeConfig.prism.theme  code is highlighted by shiki: choose its themes with `highlight.themes` ({light, dark}); the default is GitHub's",
    );
    expect(lines.join('\n')).not.toContain('customCss');
    expect(lines).toContain(
      'warning  docusaurus.config.js themeConfig.navbar.items[3]  docsgen builds one language: the locale dropdown is not carried over',
    );
    expect(lines.at(-1)).toBe('✔ wrote build.config.ts from docusaurus.config.js; 6 settings not carried over');
    // The same list heads the written config, so it is not lost with the terminal.
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).toContain(
      '// - docusaurus.config.js i18n: docsgen builds one language',
    );
  });

  it('never runs the Docusaurus config or its sidebars', async () => {
    const root = docusaurusSite();
    const marker = path.join(root, 'ran');
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(
      config,
      `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'config');\nprocess.exit(3);\n${readFileSync(config, 'utf8')}`,
    );
    writeFileSync(
      path.join(root, 'sidebars.js'),
      `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'sidebars');\nmodule.exports = { guides: ['intro', ...require('./more')] };\n`,
    );
    // In the test process too: a config that ran would write the marker before its process.exit (which vitest turns into a throw here).
    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(migrated.stderr).toContain(
      "warning  sidebars.js:2 guides[1]  left out: `require('./more')` was not read: more does not exist (nor with .js, .json, .ts or another extension); write its value in build.config.ts",
    );
  });

  it('reads a TypeScript config with an async config function', async () => {
    const root = docusaurusSite();
    writeFileSync(
      path.join(root, 'docusaurus.config.ts'),
      "import type { Config } from '@docusaurus/types';\n\nexport default async function createConfig(): Promise<Config> {\n  const title: string = 'Typed Site';\n  return { title, url: 'https://typed.example.org', baseUrl: '/typed/' } satisfies Config;\n}\n",
    );
    const migrated = await runCliInProcess(['migrate', '--root', root, '--dry-run']);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain("title: 'Typed Site',");
    expect(migrated.stdout).toContain("baseUrl: '/typed/',");
    // Docusaurus's default sidebar, as the docs plugin names no sidebars file.
    expect(migrated.stdout).toContain("sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] },");
    expect(existsSync(path.join(root, 'build.config.ts'))).toBe(false);
  });

  it('keeps an existing build.config.ts unless --force (exit 2)', async () => {
    const root = docusaurusSite();
    writeFileSync(
      path.join(root, 'build.config.ts'),
      'export default { title: "Mine", url: "https://example.com" };\n',
    );
    const refused = await runCliInProcess(['migrate', '--root', root]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error  build.config.ts already exists; nothing was written');
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).toContain('Mine');
    expect((await runCliInProcess(['migrate', '--root', root, '--force'])).code).toBe(0);
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).toContain("title: 'Paper Lantern',");
  });

  it('refuses a folder without a Docusaurus config (exit 2)', async () => {
    const empty = tempDir('docsgen-migrate-empty-');
    const none = await runCliInProcess(['migrate', '--root', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('error  no Docusaurus config in');
    expect(none.stderr).not.toMatch(/\n\s+at /);
  });

  /** Issue 29: a sidebars file migrate cannot read is a warning naming it and why (it was an exit 2 with nothing written); one outside the site is still never read. */
  it('never reads a sidebars file outside the site, named as it is or through a symlink: a warning, the autogenerated sidebar written instead', async () => {
    const outside = path.join(tempDir('docsgen-migrate-outside-'), 'sidebars.js');
    writeFileSync(outside, "module.exports = { secret: ['CANARY-OUTSIDE-SIDEBAR'] };\n");
    const root = docusaurusSite();
    const config = path.join(root, 'docusaurus.config.js');
    const original = readFileSync(config, 'utf8');
    for (const [named, shown] of [
      [JSON.stringify(outside), outside],
      ["'./linked.js'", 'linked.js'],
    ]) {
      if (named.includes('linked')) symlinkSync(outside, path.join(root, 'linked.js'));
      writeFileSync(config, original.replace("require.resolve('./sidebars.js')", named));
      const migrated = await runCliInProcess(['migrate', '--root', root, '--force']);
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(migrated.stderr).toContain(
        `warning  docusaurus.config.js presets[0][1].docs.sidebarPath  the sidebars file was not read: ${shown} is outside the site root; the docs folder's autogenerated sidebar was written instead`,
      );
      const written = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
      expect(written).not.toContain('CANARY-OUTSIDE-SIDEBAR');
      expect(written).toContain("sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] },");
    }
  });

  /**
   * Issue 27: a key holding U+2028 or a carriage return went raw into a `//`
   * comment of build.config.ts (the list of what was not carried over), and
   * the rest of the key ran on the next build.
   */
  it('never lets text of the Docusaurus config become code in build.config.ts: keys and values with line terminators or */', async () => {
    const root = docusaurusSite();
    const canary = path.join(root, 'ran');
    const payload = `require('node:fs').writeFileSync(${JSON.stringify(canary)}, 'ran')//`;
    const keys = ['\u2028', '\r', '\u2029', '\n', '*/\n', '\r\n'].map((end) => `a${end}${payload}`);
    const tagline = `Offline\n*/ ${payload}\u2028${payload}`;
    const config = path.join(root, 'docusaurus.config.js');
    // Each key holds code (`require('x')`), so it is left out and listed in the header comments.
    const injected = keys.map((key) => `  ${JSON.stringify(key)}: require('x'),\n`).join('');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "  tagline: 'Offline-first storage for React Native',\n",
        `${injected}  tagline: ${JSON.stringify(tagline)},\n`,
      ),
    );
    const sidebar = `extra\u2028${payload}`;
    writeFileSync(
      path.join(root, 'sidebars.js'),
      `module.exports = { guides: ['intro', 'guides/setup'], ${JSON.stringify(sidebar)}: ['intro'] };\n`,
    );

    const migrated = await runCliInProcess(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('warning  docusaurus.config.js:11 a\\u2028require(');
    // The next build loads the written config: nothing of the keys runs.
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(existsSync(canary)).toBe(false);

    const written = readFileSync(path.join(root, 'build.config.ts'), 'utf8');
    // Only the export is code; the header is comments, one per line, whatever the keys hold.
    const program = parse(written, { ecmaVersion: 'latest', sourceType: 'module' });
    expect(program.body.map((statement) => statement.type)).toEqual(['ExportDefaultDeclaration']);
    expect(written).not.toMatch(/[\r\u2028\u2029]/);
    // And it reads back as the data: the tagline and the sidebar's name as they were.
    const data = readJsData(written, 'build.config.ts').value as {
      tagline: string;
      docs: { sidebars: Record<string, unknown> };
    };
    expect(data.tagline).toBe(tagline);
    expect(Object.keys(data.docs.sidebars)).toEqual(['guides', sidebar]);
  });

  it('prints the same escaped config with --dry-run', async () => {
    const root = docusaurusSite();
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "  title: 'Paper Lantern',\n",
        `  title: 'Paper Lantern',\n  ${JSON.stringify('a\u2028process.exit(1)//')}: require('x'),\n`,
      ),
    );
    const printed = await runCliInProcess(['migrate', '--root', root, '--dry-run']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toContain('// - docusaurus.config.js:11 a\\u2028process.exit(1)//: left out:');
    expect(parse(printed.stdout, { ecmaVersion: 'latest', sourceType: 'module' }).body).toHaveLength(1);
    expect(existsSync(path.join(root, 'build.config.ts'))).toBe(false);
  });

  /** Issue 27: thirty lines of constants each using the one before four times once ran for hours. */
  it('stops a config whose constants expand to more than it can read (a0 … a30, each four of the one before), at its place (exit 2)', () => {
    const root = docusaurusSite();
    const constants = [
      "const a0 = ['x'];",
      ...Array.from({ length: 30 }, (_, i) => `const a${i + 1} = [a${i}, a${i}, a${i}, a${i}];`),
    ];
    writeFileSync(
      path.join(root, 'docusaurus.config.js'),
      `${constants.join('\n')}\nmodule.exports = { title: 'T', url: 'https://t.example.org', customFields: a30 };\n`,
    );
    // In a process of its own: runCli kills it after five minutes, a bound for a hang (the refusal takes well under a
    // second of work). A hang in the test process would be a synchronous loop, which no test timeout interrupts.
    const migrated = runCli(['migrate', '--root', root]);
    expect(migrated.code, migrated.stderr).toBe(2);
    expect(migrated.stderr).toContain(
      "error  docusaurus.config.js:32:76  the value of 'a30' is too large to read as data: it expands to more than 250,000 values or 4 MB of text; nothing was written",
    );
    expect(migrated.stderr).toContain('hint: a constant is counted each time it is used');
    expect(migrated.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(root, 'build.config.ts'))).toBe(false);
  });

  it('leaves out sidebars nested too deep (a JSON file, a TypeScript file) with a warning at their place, not a crash', async () => {
    const root = docusaurusSite();
    const config = path.join(root, 'docusaurus.config.js');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace("require.resolve('./sidebars.js')", "'./sidebars.json'"),
    );
    writeFileSync(path.join(root, 'sidebars.json'), `{ "guides": ${'['.repeat(100_000)}${']'.repeat(100_000)} }\n`);
    const json = await runCliInProcess(['migrate', '--root', root]);
    expect(json.code, json.stderr).toBe(0);
    expect(json.stderr).toContain(
      'the sidebars file was not read: sidebars.json: this value is too large to read as data: it nests more than 50 levels deep;',
    );
    expect(json.stderr).not.toMatch(/\n\s+at /);

    writeFileSync(config, readFileSync(config, 'utf8').replace("'./sidebars.json'", "'./sidebars.ts'"));
    writeFileSync(
      path.join(root, 'sidebars.ts'),
      `export default { guides: ${'['.repeat(300_000)}${']'.repeat(300_000)} };\n`,
    );
    const ts = await runCliInProcess(['migrate', '--root', root, '--force']);
    expect(ts.code, ts.stderr).toBe(0);
    expect(ts.stderr).toContain(
      'the sidebars file was not read: sidebars.ts:1:1025: this value is too large to read as data: it nests more than 1,000 levels deep;',
    );
    // No crash report of esbuild's (a Go stack dump) either.
    expect(ts.stderr).not.toContain('goroutine');
    expect(readFileSync(path.join(root, 'build.config.ts'), 'utf8')).toContain(
      "sidebars: { defaultSidebar: [{ type: 'autogenerated', dirName: '.' }] },",
    );
  });

  it('never writes through a build.config.ts that is a symlink, even a dangling one (exit 2)', async () => {
    const root = docusaurusSite();
    const elsewhere = path.join(tempDir('docsgen-migrate-elsewhere-'), 'planted.ts');
    symlinkSync(elsewhere, path.join(root, 'build.config.ts'));
    const refused = await runCliInProcess(['migrate', '--root', root]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('error  build.config.ts already exists; nothing was written');
    const forced = await runCliInProcess(['migrate', '--root', root, '--force']);
    expect(forced.code).toBe(2);
    expect(forced.stderr).toContain('error  build.config.ts is a symlink; nothing was written through it');
    expect(existsSync(elsewhere)).toBe(false);
  });
});
