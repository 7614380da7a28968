import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { createFileRule } from '../../../cli/files/content-files.js';
import { mapDocusaurusConfig } from '../../../cli/migrate/map-docusaurus.js';
import { keepSiteStylesheets } from '../../../cli/migrate/map-theme-css.js';
import { readJsData } from '../../../cli/migrate/read-js-data.js';
import { tempDir } from '../../helpers/run-cli.js';

const classic = (theme: unknown) => ({
  title: 'T',
  url: 'https://t.example.org',
  presets: [['classic', { docs: { sidebarPath: false }, theme }]],
});

describe("migrate: the classic preset's theme.customCss and themeConfig.navbar.style", () => {
  it('carries a customCss path over, relative to the site folder, with no note', () => {
    const { config, notes } = mapDocusaurusConfig(classic({ customCss: './src/css/custom.css' }));
    expect(config.theme).toEqual({ customCss: ['src/css/custom.css'] });
    expect(notes).toEqual([]);
  });

  it('carries a list over, and notes a path outside the site folder and a computed one', () => {
    const { config, notes } = mapDocusaurusConfig(
      classic({ customCss: ['src/css/a.css', '../shared/brand.css', '/etc/x.css', 42, './src/css/b.css'] }),
    );
    expect(config.theme).toEqual({ customCss: ['src/css/a.css', 'src/css/b.css'] });
    expect(notes.map((n) => n.path)).toEqual([
      'presets[0][1].theme.customCss[1]',
      'presets[0][1].theme.customCss[2]',
      'presets[0][1].theme.customCss[3]',
    ]);
    expect(notes[0].message).toContain("is outside the site folder: docsgen reads only the site's own stylesheets");
  });

  it("reads require.resolve('./src/css/custom.css') as the path it names (nothing is run)", () => {
    const source = `module.exports = {
  title: 'T',
  url: 'https://t.example.org',
  presets: [['classic', { theme: { customCss: [require.resolve('./src/css/custom.css'), require.resolve('./src/css/more.css')] } }]],
};`;
    const { config } = mapDocusaurusConfig(readJsData(source, 'docusaurus.config.js').value as Record<string, unknown>);
    expect(config.theme).toEqual({ customCss: ['src/css/custom.css', 'src/css/more.css'] });
  });

  it('notes the theme options docsgen does not read', () => {
    const { notes } = mapDocusaurusConfig(classic({ customCss: 'a.css', other: true }));
    expect(notes).toEqual([
      { path: 'presets[0][1].theme.other', message: 'docsgen reads only `customCss` of the theme options' },
    ]);
  });

  it("carries navbar.style 'dark' and 'primary' over and notes any other", () => {
    for (const style of ['dark', 'primary']) {
      const { config, notes } = mapDocusaurusConfig({
        title: 'T',
        url: 'https://t.example.org',
        themeConfig: { navbar: { style } },
      });
      expect(config.navbar).toMatchObject({ style });
      expect(notes).toEqual([]);
      expect(configSchema.safeParse({ ...config, docs: { path: 'docs', sidebars: {} } }).success).toBe(true);
    }
    const { config, notes } = mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      themeConfig: { navbar: { style: 'light' } },
    });
    expect(config.navbar).not.toHaveProperty('style');
    expect(notes.map((n) => n.path)).toEqual(['themeConfig.navbar.style']);
  });

  it('leaves out of the written config a stylesheet that is not a file of the site, with a note', () => {
    const root = tempDir('docsgen-migrate-css-');
    mkdirSync(path.join(root, 'src/css'), { recursive: true });
    writeFileSync(path.join(root, 'src/css/custom.css'), ':root{}');
    const notes: string[] = [];
    const config: Record<string, unknown> = { theme: { customCss: ['src/css/custom.css', 'src/css/gone.css'] } };
    keepSiteStylesheets(config, createFileRule(root), (at, message) => notes.push(`${at}: ${message}`));
    expect(config.theme).toEqual({ customCss: ['src/css/custom.css'] });
    expect(notes).toEqual(["theme.customCss: 'src/css/gone.css' is not a file of the site: left out"]);
    const none: Record<string, unknown> = { theme: { customCss: ['src/css/gone.css'] } };
    keepSiteStylesheets(none, createFileRule(root), () => undefined);
    expect(none).not.toHaveProperty('theme');
  });

  it('leaves out a stylesheet in the static folder or the docs folder (the build refuses content as the look), with a note saying where to move it', () => {
    const root = tempDir('docsgen-migrate-css-');
    for (const file of ['src/css/custom.css', 'static/css/brand.css', 'docs/extra.css']) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), ':root{}');
    }
    const notes: string[] = [];
    const config: Record<string, unknown> = {
      docs: { path: './docs' },
      staticDirectories: ['static'],
      theme: { customCss: ['src/css/custom.css', 'static/css/brand.css', 'docs/extra.css'] },
    };
    keepSiteStylesheets(config, createFileRule(root), (at, message) => notes.push(`${at}: ${message}`));
    expect(config.theme).toEqual({ customCss: ['src/css/custom.css'] });
    expect(notes).toEqual([
      "theme.customCss: 'static/css/brand.css' is in static/, whose files are content, not the site's look: left out (move it to src/css/ and name it in `theme.customCss`)",
      "theme.customCss: 'docs/extra.css' is in docs/, whose files are content, not the site's look: left out (move it to src/css/ and name it in `theme.customCss`)",
    ]);
  });

  it('leaves out a Sass stylesheet (docusaurus-plugin-sass compiled it), with a note giving the command that compiles it', () => {
    const root = tempDir('docsgen-migrate-css-');
    mkdirSync(path.join(root, 'src/css'), { recursive: true });
    writeFileSync(path.join(root, 'src/css/custom.scss'), '$a: red;');
    writeFileSync(path.join(root, 'src/css/brand.less'), '@a: red;');
    const notes: string[] = [];
    const config: Record<string, unknown> = { theme: { customCss: ['src/css/custom.scss', 'src/css/brand.less'] } };
    keepSiteStylesheets(config, createFileRule(root), (at, message) => notes.push(`${at}: ${message}`));
    expect(config).not.toHaveProperty('theme');
    // Each with its own compiler's command.
    expect(notes).toEqual([
      "theme.customCss: 'src/css/custom.scss' is not CSS (a preprocessor plugin compiled it): left out (compile it to a .css file, e.g. `npx sass src/css/custom.scss src/css/custom.css`, and name that in `theme.customCss`)",
      "theme.customCss: 'src/css/brand.less' is not CSS (a preprocessor plugin compiled it): left out (compile it to a .css file, e.g. `npx lessc src/css/brand.less src/css/brand.css`, and name that in `theme.customCss`)",
    ]);
  });
});
