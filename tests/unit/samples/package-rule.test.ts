/**
 * The rule for which files the sample compiler may read (package-rule.ts),
 * asked directly, path by path: what Node would find from the site root is a
 * package file, and nothing else is, whatever link leads there.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPackageDir, nodeModulesChain, PackageRule } from '../../../cli/samples/package-rule.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-package-rule-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const write = (file: string, text = '') => {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), text);
};
const link = (target: string, at: string) => {
  mkdirSync(path.dirname(path.join(base, at)), { recursive: true });
  symlinkSync(target, path.join(base, at));
};
const pkg = (dir: string) => {
  write(`${dir}/package.json`, '{}');
  write(`${dir}/index.d.ts`);
};

// repo/ is a monorepo: the site in repo/website, packages hoisted to repo/node_modules, pnpm's store, a workspace package.
pkg('repo/node_modules/hoisted');
pkg('repo/node_modules/@scope/lib');
pkg('repo/node_modules/.pnpm/stored@1.0.0/node_modules/stored');
pkg('repo/node_modules/.pnpm/dep@1.0.0/node_modules/dep');
link('../../dep@1.0.0/node_modules/dep', 'repo/node_modules/.pnpm/stored@1.0.0/node_modules/dep');
link('.pnpm/stored@1.0.0/node_modules/stored', 'repo/node_modules/stored');
write('repo/node_modules/.pnpm/lock.yaml');
pkg('repo/packages/ws');
write('repo/packages/ws/.env.d.ts');
pkg('repo/packages/ws/node_modules/wsdep');
link('../packages/ws', 'repo/node_modules/ws');
write('repo/package.json', '{}');
write('repo/secret.ts');
write('repo/website/package.json', '{}');
write('repo/website/build.config.ts');
pkg('repo/website/.git/pkg');
link('../.git/pkg', 'repo/website/node_modules/gitpkg');
link('..', 'repo/website/node_modules/root');
link('../..', 'repo/website/node_modules/repo');
link('../../secret.ts', 'repo/website/node_modules/secret.d.ts');
link('../../../outside/nopkg', 'repo/website/node_modules/nopkg');
write('outside/nopkg/index.d.ts');
write('outside/secret.ts');
link('../../../outside/secret.ts', 'repo/node_modules/hoisted/leak.d.ts');
// A second site whose node_modules is a link to a folder elsewhere.
pkg('cache/node_modules/cached');
write('other/package.json', '{}');
link('../cache/node_modules', 'other/node_modules');

const at = (file: string) => path.join(base, file);
const site = at('repo/website');

describe('PackageRule', () => {
  const rule = new PackageRule(site);
  const judge = (file: string) => rule.judge(at(file));

  it("reads the packages of the node_modules folders Node looks in from the root: hoisted, scoped, in pnpm's store", () => {
    expect(judge('repo/website/node_modules/../../node_modules/hoisted/index.d.ts')).toBe(
      at('repo/node_modules/hoisted/index.d.ts'),
    );
    expect(judge('repo/node_modules/hoisted/index.d.ts')).toBe(at('repo/node_modules/hoisted/index.d.ts'));
    expect(judge('repo/node_modules/@scope/lib/index.d.ts')).toBe(at('repo/node_modules/@scope/lib/index.d.ts'));
    expect(judge('repo/node_modules/stored/index.d.ts')).toBe(
      at('repo/node_modules/.pnpm/stored@1.0.0/node_modules/stored/index.d.ts'),
    );
    expect(judge('repo/node_modules/.pnpm/stored@1.0.0/node_modules/dep/package.json')).toBe(
      at('repo/node_modules/.pnpm/dep@1.0.0/node_modules/dep/package.json'),
    );
  });

  it('lets the compiler look into node_modules and scope folders, but reads no file there that is not in a package', () => {
    expect(judge('repo/node_modules')).toBe(at('repo/node_modules'));
    expect(judge('repo/node_modules/@scope')).toBe(at('repo/node_modules/@scope'));
    expect(judge('repo/node_modules/.pnpm/lock.yaml')).toBeUndefined();
    expect(judge('repo/website/node_modules/secret.d.ts')).toBeUndefined();
  });

  it('reads a workspace package linked from node_modules by its real path, with its own dependencies, once a link led there', () => {
    expect(judge('repo/packages/ws/index.d.ts')).toBeUndefined();
    expect(judge('repo/node_modules/ws/index.d.ts')).toBe(at('repo/packages/ws/index.d.ts'));
    expect(judge('repo/packages/ws/index.d.ts')).toBe(at('repo/packages/ws/index.d.ts'));
    expect(judge('repo/packages/ws/node_modules/wsdep/index.d.ts')).toBe(
      at('repo/packages/ws/node_modules/wsdep/index.d.ts'),
    );
    expect(judge('repo/packages/ws/.env.d.ts')).toBeUndefined();
  });

  it('reads nothing that is not a package file, whatever leads there', () => {
    expect(judge('repo/secret.ts')).toBeUndefined();
    expect(judge('repo/website/build.config.ts')).toBeUndefined();
    expect(judge('repo/website/node_modules/root/build.config.ts')).toBeUndefined();
    expect(judge('repo/website/node_modules/repo/secret.ts')).toBeUndefined();
    expect(judge('repo/website/node_modules/gitpkg/index.d.ts')).toBeUndefined();
    expect(judge('repo/website/node_modules/nopkg/index.d.ts')).toBeUndefined();
    expect(judge('repo/node_modules/hoisted/leak.d.ts')).toBeUndefined();
    expect(judge('outside/secret.ts')).toBeUndefined();
  });

  it('forgets a workspace package whose link no longer leads there', () => {
    const fresh = new PackageRule(site);
    expect(fresh.judge(at('repo/node_modules/ws/index.d.ts'))).toBe(at('repo/packages/ws/index.d.ts'));
    rmSync(at('repo/node_modules/ws'));
    fresh.refresh();
    try {
      expect(fresh.judge(at('repo/packages/ws/index.d.ts'))).toBeUndefined();
    } finally {
      link('../packages/ws', 'repo/node_modules/ws');
    }
  });

  it('reads the packages of a node_modules that is a link, at their real paths', () => {
    const other = new PackageRule(at('other'));
    expect(other.judge(at('other/node_modules/cached/index.d.ts'))).toBe(at('cache/node_modules/cached/index.d.ts'));
    expect(other.judge(at('cache/node_modules/cached/index.d.ts'))).toBe(at('cache/node_modules/cached/index.d.ts'));
  });
});

describe('findPackageDir and nodeModulesChain', () => {
  it('finds a package as Node does, in the first node_modules of the chain that has it', () => {
    expect(nodeModulesChain(site).slice(0, 2)).toEqual([at('repo/website/node_modules'), at('repo/node_modules')]);
    expect(findPackageDir(site, 'stored')).toBe(at('repo/node_modules/.pnpm/stored@1.0.0/node_modules/stored'));
    expect(findPackageDir(site, 'ws')).toBe(at('repo/packages/ws'));
    expect(findPackageDir(site, 'root')).toBeUndefined();
    expect(findPackageDir(site, 'missing')).toBeUndefined();
  });
});
