/**
 * The home page's "Get started" link (issue 19 §4): without `home.getStartedTo` it leads to the first doc of the
 * first sidebar, so a new site whose docs do not live at /docs/guides builds without a broken link.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, runCli } from '../helpers/run-cli.js';

const getStartedHref = (html: string) => /<a class="button button-primary" href="([^"]*)"/.exec(html)?.[1];

describe('the home page Get started link', () => {
  it('leads to the first doc of the first sidebar when the config names none, and the site checks clean', () => {
    const root = copySite('minimal');
    const intro = path.join(root, 'content/docs/guides/intro.md');
    // The first doc no longer lives at /docs/guides: the old default link would be broken.
    writeFileSync(intro, readFileSync(intro, 'utf8').replace('slug: /guides\n', 'slug: /start/intro\n'));
    const second = path.join(root, 'content/docs/guides/second.md');
    writeFileSync(second, readFileSync(second, 'utf8').replace('(/docs/guides)', '(/docs/start/intro)'));
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(getStartedHref(readFileSync(path.join(root, 'dist/index.html'), 'utf8'))).toBe('/docs/start/intro');
  });

  it('follows home.getStartedTo when the config sets it', () => {
    const root = copySite('minimal');
    const config = path.join(root, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace('  docs:', "  home: { getStartedTo: 'docs/guides/second' },\n  docs:"),
    );
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(getStartedHref(readFileSync(path.join(root, 'dist/index.html'), 'utf8'))).toBe('/docs/guides/second');
  });
});
