/**
 * Issue 19 §4: a wide navbar logo keeps its aspect ratio. Its size is read from its file in public/ at build
 * time, so the page reserves the right box (no layout shift) and the image is not squashed into 32x32.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, runCli } from '../helpers/run-cli.js';

const WIDE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40"><rect width="200" height="40" fill="#6a3fd1"/></svg>';

function siteWithLogo(src: string): string {
  const root = copySite('minimal');
  mkdirSync(path.join(root, 'public/img'), { recursive: true });
  writeFileSync(path.join(root, 'public/img/wide.svg'), WIDE);
  const config = path.join(root, 'build.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('  docs:', `  navbar: { logo: { alt: 'Wide', src: '${src}' } },\n  docs:`),
  );
  return root;
}

const logoTags = (html: string) => [...html.matchAll(/<img class="(?:navbar|hero)-logo"[^>]*>/g)].map((m) => m[0]);

describe('the navbar logo', () => {
  it('keeps the aspect ratio of its file: 200x40 is drawn 160x32 in the navbar (140x28 in the mobile menu) and 480x96 on the home page', () => {
    const root = siteWithLogo('img/wide.svg');
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(logoTags(readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8'))).toEqual([
      '<img class="navbar-logo" src="/img/wide.svg" alt="Wide" width="160" height="32"/>',
      // The mobile menu's copy, 28 px high.
      '<img class="navbar-logo" src="/img/wide.svg" alt="" width="140" height="28"/>',
    ]);
    expect(logoTags(readFileSync(path.join(root, 'dist/index.html'), 'utf8'))).toContain(
      '<img class="hero-logo" src="/img/wide.svg" alt="" width="480" height="96"/>',
    );
  });

  it('is drawn square, as before, when its file cannot be read (an external URL)', () => {
    const root = siteWithLogo('https://example.com/logo.png');
    const built = runCli(['build', '--root', root]);
    expect(built.code, built.stderr).toBe(0);
    expect(logoTags(readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8'))).toEqual([
      '<img class="navbar-logo" src="https://example.com/logo.png" alt="Wide" width="32" height="32"/>',
      '<img class="navbar-logo" src="https://example.com/logo.png" alt="" width="28" height="28"/>',
    ]);
  });
});
