import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSiteFile, createFileRule, nameOf, showPath, whyRefused } from '../../../cli/files/site-files.js';

const tempDir = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
const write = (file: string, text = 'x') => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};

describe('the file rule: whether a real path may be read, published or served', () => {
  const root = tempDir('docsgen-rule-');
  const rule = createFileRule(root, { outDirs: [path.join(root, 'dist'), path.join(root, 'site-out')] });
  const at = (...parts: string[]) => path.join(root, ...parts);

  it.each([
    ['a file in the root', at('public/img/logo.svg')],
    ['the root itself', root],
    ['a dot file', at('public/.well-known/security.txt')],
    ['a name that only contains a refused one', at('public/my.git/node_modules.txt')],
    ['a folder next to the out dir with a similar name', at('dist-notes/a.txt')],
  ])('allows %s', (_, file) => {
    expect(whyRefused(rule, file)).toBeUndefined();
  });

  it.each([
    ['outside the root', path.join(path.dirname(root), 'elsewhere/a.txt'), 'outside the site root'],
    ['the folder around the root', path.dirname(root), 'outside the site root'],
    ['inside .git/', at('.git/config'), 'inside .git/'],
    ['a .git file (a worktree points to its repository with one)', at('content/.git'), 'inside .git/'],
    ["inside .GIT/ (git's folder where letter case does not count)", at('.GIT/config'), 'inside .GIT/'],
    ['inside node_modules/, at any depth', at('public/vendor/node_modules/x.js'), 'inside node_modules/'],
    ['inside Node_Modules/', at('Node_Modules/x.js'), 'inside Node_Modules/'],
    ['inside the out dir', at('dist/index.html'), 'inside the build output (dist/)'],
    ['the out dir itself', at('dist'), 'inside the build output (dist/)'],
    ['inside the --out-dir', at('site-out/a/b.html'), 'inside the build output (site-out/)'],
    [
      'inside a folder docsgen is staging a build in',
      at('.dist.docsgen-tmp-123-456/index.html'),
      'inside a folder docsgen is writing a build to',
    ],
    [
      'inside the previous output kept while swapping',
      at('.dist.docsgen-tmp-123-456-old/index.html'),
      'inside a folder docsgen is writing a build to',
    ],
    ['the lock file of a build', at('dist.docsgen-lock'), "a file of docsgen's own"],
    ['the output marker', at('public/.docsgen-output'), "a file of docsgen's own"],
  ])('refuses %s', (_, file, why) => {
    expect(whyRefused(rule, file)).toBe(why);
  });

  it('refuses a folder docsgen wrote (it holds the marker), whatever its name', () => {
    write(at('old-build/.docsgen-output'), '');
    write(at('old-build/docs/index.html'));
    expect(whyRefused(rule, at('old-build/docs/index.html'))).toBe(
      "inside the build output (old-build/ has docsgen's .docsgen-output marker)",
    );
  });

  it('judges the out dir at its real path, also before it exists', () => {
    const site = tempDir('docsgen-rule-');
    mkdirSync(path.join(site, 'real-out'));
    symlinkSync('real-out', path.join(site, 'linked-out'));
    const linked = createFileRule(site, { outDirs: ['linked-out', 'not-yet'] });
    expect(whyRefused(linked, path.join(site, 'real-out/a.html'))).toBe('inside the build output (real-out/)');
    expect(whyRefused(linked, path.join(site, 'not-yet/a.html'))).toBe('inside the build output (not-yet/)');
    expect(createFileRule(site).outDirs).toEqual([path.join(site, 'dist')]);
  });

  it('resolves every link on the way, the folders above the file included', () => {
    const site = tempDir('docsgen-rule-');
    const outside = tempDir('docsgen-outside-');
    write(path.join(outside, 'docs/secret.md'));
    write(path.join(site, 'public/img/logo.svg'));
    mkdirSync(path.join(site, 'content'));
    symlinkSync(path.join(outside, 'docs'), path.join(site, 'content/docs'));
    symlinkSync(path.join(site, 'public/img/logo.svg'), path.join(outside, 'hop'));
    symlinkSync(path.join(outside, 'hop'), path.join(site, 'public/logo.svg'));
    const siteRule = createFileRule(site);
    expect(checkSiteFile(siteRule, path.join(site, 'content/docs/secret.md'))).toEqual({
      kind: 'refused',
      real: path.join(outside, 'docs/secret.md'),
      why: 'outside the site root',
    });
    expect(checkSiteFile(siteRule, path.join(site, 'content/docs'))).toEqual({
      kind: 'refused',
      real: path.join(outside, 'docs'),
      why: 'outside the site root',
    });
    // Through outside and back: what is read is the file in public/.
    expect(checkSiteFile(siteRule, path.join(site, 'public/logo.svg'))).toEqual({
      kind: 'ok',
      real: path.join(site, 'public/img/logo.svg'),
    });
    expect(checkSiteFile(siteRule, path.join(site, 'public/missing.svg'))).toEqual({ kind: 'missing' });
  });

  it('allows a site root reached through a link, named either way', () => {
    const site = tempDir('docsgen-rule-');
    write(path.join(site, 'content/shot.png'));
    const linked = path.join(tempDir('docsgen-link-'), 'site');
    symlinkSync(site, linked);
    const viaLink = createFileRule(linked);
    expect(checkSiteFile(viaLink, path.join(linked, 'content/shot.png'))).toEqual({
      kind: 'ok',
      real: path.join(site, 'content/shot.png'),
    });
    expect(checkSiteFile(viaLink, path.join(site, 'content/shot.png'))).toEqual({
      kind: 'ok',
      real: path.join(site, 'content/shot.png'),
    });
  });

  it('refuses a path that leaves the root as written without touching the disk', () => {
    expect(checkSiteFile(rule, at('public/../../../etc/hostname'))).toEqual({
      kind: 'refused',
      real: path.resolve(root, '../../../etc/hostname'),
      why: 'outside the site root',
    });
  });

  it('names the root as the caller says (serve: the served folder)', () => {
    const served = createFileRule(at('dist'), { outDirs: [], rootName: 'the served folder' });
    expect(whyRefused(served, at('dist/index.html'))).toBeUndefined();
    expect(whyRefused(served, at('public/a.txt'))).toBe('outside the served folder');
  });
});

describe('the file rule with a folder the config names outside the root (docs.path: ../docs)', () => {
  // A repository laid out as many Docusaurus sites are: website/ holds the config, docs/ beside it the docs.
  const repo = tempDir('docsgen-repo-');
  const root = path.join(repo, 'website');
  const docs = path.join(repo, 'docs');
  write(path.join(root, 'build.config.ts'));
  write(path.join(root, '.env'), 'API_TOKEN=x');
  write(path.join(docs, 'intro.md'));
  write(path.join(docs, '.well-known/x.txt'));
  write(path.join(repo, 'secret.txt'));
  write(path.join(repo, 'other/secret.md'));
  const rule = createFileRule(root, { folders: ['../docs', 'static'] });

  it('counts the folder as part of the site, and only it: the root is still the root', () => {
    expect(rule.folders).toEqual([{ written: docs, real: docs }]);
    expect(checkSiteFile(rule, path.join(docs, 'intro.md'))).toEqual({ kind: 'ok', real: path.join(docs, 'intro.md') });
    expect(checkSiteFile(rule, path.join(root, 'build.config.ts'))).toEqual({
      kind: 'ok',
      real: path.join(root, 'build.config.ts'),
    });
    expect(whyRefused(rule, docs)).toBeUndefined();
    expect(whyRefused(rule, path.join(docs, '.well-known/x.txt'))).toBeUndefined();
  });

  it('refuses what lies beside the folder or above it, as written and by real path', () => {
    const why = 'outside the site root and the folders its config names (../docs/)';
    expect(checkSiteFile(rule, path.join(docs, '../secret.txt'))).toEqual({
      kind: 'refused',
      real: path.join(repo, 'secret.txt'),
      why,
    });
    expect(whyRefused(rule, path.join(repo, 'other/secret.md'))).toBe(why);
    expect(whyRefused(rule, repo)).toBe(why);
    expect(whyRefused(rule, path.join(repo, 'docs-old/a.md'))).toBe(why);
  });

  it("judges inside it as inside the root: .git/, node_modules/, the out dir and docsgen's marker are refused", () => {
    expect(whyRefused(rule, path.join(docs, '.git/config'))).toBe('inside .git/');
    expect(whyRefused(rule, path.join(docs, 'vendor/node_modules/x.js'))).toBe('inside node_modules/');
    write(path.join(docs, 'old-build/.docsgen-output'), '');
    expect(whyRefused(rule, path.join(docs, 'old-build/index.html'))).toBe(
      `inside the build output (../docs/old-build/ has docsgen's .docsgen-output marker)`,
    );
    const withOut = createFileRule(root, { folders: ['../docs'], outDirs: ['../docs/site'] });
    expect(whyRefused(withOut, path.join(docs, 'site/index.html'))).toBe('inside the build output (../docs/site/)');
  });

  it('refuses a link in it that leads out of it and out of the root', () => {
    symlinkSync(path.join(repo, 'secret.txt'), path.join(docs, 'leak.txt'));
    expect(checkSiteFile(rule, path.join(docs, 'leak.txt'))).toEqual({
      kind: 'refused',
      real: path.join(repo, 'secret.txt'),
      why: 'outside the site root and the folders its config names (../docs/)',
    });
  });

  it('refuses the folder when content made it a symlink leading elsewhere', () => {
    const other = tempDir('docsgen-repo-');
    write(path.join(other, 'website/build.config.ts'));
    write(path.join(repo, 'elsewhere/secret.md'));
    symlinkSync(path.join(repo, 'elsewhere'), path.join(other, 'docs'));
    const linked = createFileRule(path.join(other, 'website'), { folders: ['../docs'] });
    expect(checkSiteFile(linked, path.join(other, 'docs/secret.md'))).toEqual({
      kind: 'refused',
      real: path.join(repo, 'elsewhere/secret.md'),
      why: 'outside the site root and the folders its config names (../docs/)',
    });
  });

  it('makes no part of the site of a folder that holds the root, or one reached through node_modules/ or .git/', () => {
    expect(createFileRule(root, { folders: ['..', '../node_modules/pkg/docs', '../.git/docs'] }).folders).toEqual([]);
    const holding = createFileRule(root, { folders: ['..'] });
    expect(whyRefused(holding, path.join(repo, 'secret.txt'))).toBe('outside the site root');
  });

  it('names its files from the root in messages (../docs/intro.md)', () => {
    expect(showPath(rule, path.join(docs, 'intro.md'))).toBe('../docs/intro.md');
    expect(nameOf(rule, path.join(docs, 'intro.md'))).toBe('../docs/intro.md');
    expect(showPath(rule, path.join(repo, 'secret.txt'))).toBe(path.join(repo, 'secret.txt'));
  });
});
