/**
 * Docusaurus's docs-only mode (`routeBasePath: '/'`): the docs live at the site's root, and the doc whose route is
 * `/` is the home page. Before, the docs redirect and the home page both claimed index.html (an output clash).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, runCli } from '../helpers/run-cli.js';

/** The minimal site with its docs at the root; `introSlug` is the first doc's slug. */
function docsOnlySite(introSlug: string): string {
  const root = copySite('minimal');
  const config = path.join(root, 'build.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('docs: {', "docs: { routeBasePath: '/',"));
  const intro = path.join(root, 'content/docs/guides/intro.md');
  writeFileSync(intro, readFileSync(intro, 'utf8').replace('slug: /guides\n', `slug: ${introSlug}\n`));
  const second = path.join(root, 'content/docs/guides/second.md');
  writeFileSync(second, readFileSync(second, 'utf8').replace('(/docs/guides)', `(${introSlug})`));
  return root;
}

describe('docs-only mode (routeBasePath: /)', () => {
  it('makes the doc at / the home page, with the docs beside it at the root', () => {
    const root = docsOnlySite('/');
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    const home = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
    expect(home).toContain('<h1 class="doc-title">Introduction</h1>');
    expect(home).not.toContain('class="hero');
    expect(readFileSync(path.join(root, 'dist/guides/second/index.html'), 'utf8')).toContain('Second Page');
  });

  it('keeps the home page when no doc is at /, and writes no redirect over it', () => {
    const root = docsOnlySite('/start');
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(readFileSync(path.join(root, 'dist/index.html'), 'utf8')).toContain('href="/start"');
    expect(readFileSync(path.join(root, 'dist/start/index.html'), 'utf8')).toContain(
      '<h1 class="doc-title">Introduction</h1>',
    );
  });
});
