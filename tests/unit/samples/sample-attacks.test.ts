/**
 * Samples are content: a stranger's pull request can write any of them. What
 * the compiler reads can surface in an error message or a popup, so it may
 * read only the samples, TypeScript's lib folder and package files, found as
 * Node finds them from the site root and judged by their real paths
 * (cli/samples/package-rule.ts). Each attack below names a file that is no
 * package file; the file holds a unique marker, and each sample uses what
 * the file declares in a way that would put the marker into an error or a
 * popup if the file were read. Control samples read allowed packages the
 * same way (the site's own, one in the node_modules above the site, a
 * workspace package linked from elsewhere) and do show their markers, so
 * the test would see a read.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOf } from '../../../cli/cache/disk-cache.js';
import { createSampleChecker, type SampleChecker, type SampleResults } from '../../../cli/samples/sample-checker.js';
import { hrefOf, md, pageOf, repoChecker, tempCache } from './checker-fixture.js';

const MARKER = `SECRET_${process.pid}_${Date.now()}`;
/** What a read of an allowed package shows. */
const ALLOWED = `ALLOWED_${process.pid}_${Date.now()}`;
/** A type that shows its marker wherever the compiler prints it (a literal type would be printed as `string`). */
const shape = (marker: string) => `{ ${marker}: true }`;
const caches = tempCache();
/** Outside every site root: what no sample may read. */
const outside = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-outside-')));
/** A repository holding the site (in `site/`), a workspace package and a package in the node_modules above the site. */
const repo = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'docsgen-attack-repo-')));
/** A small site of its own, whose node_modules holds real packages, links to packages elsewhere and links to what is no package. */
const site = path.join(repo, 'site');

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const link = (target: string, at: string, type: 'dir' | 'file' = 'dir') => {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at, type);
};
const pkg = (dir: string, name: string, declarations: string) => {
  write(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', types: 'index.d.ts' }));
  write(path.join(dir, 'index.d.ts'), declarations);
};

beforeAll(() => {
  write(
    path.join(outside, 'secret.ts'),
    `export declare const leaked: ${shape(MARKER)}\ndeclare global { const leakedGlobal: ${shape(MARKER)} }\n`,
  );
  write(path.join(outside, 'types/package.json'), JSON.stringify({ name: 'types', types: 'index.d.ts' }));
  write(path.join(outside, 'types/index.d.ts'), `declare const leakedTypes: ${shape(MARKER)}\n`);
  write(
    path.join(outside, 'jsx/jsx-runtime.d.ts'),
    `export namespace JSX { type Element = ${shape(MARKER)}; interface IntrinsicElements { [name: string]: ${shape(MARKER)} } }\n`,
  );
  // A folder of secrets that is no package (no package.json).
  write(path.join(outside, 'nopkg/index.d.ts'), `export declare const leaked: ${shape(MARKER)}\n`);
  // A package whose hidden folder holds a secret.
  pkg(path.join(outside, 'withdot'), 'withdot', 'export declare const fine: number\n');
  write(path.join(outside, 'withdot/.config/secret.d.ts'), `export declare const leaked: ${shape(MARKER)}\n`);
  write(path.join(outside, 'setup.ts'), `export declare const fromSetup: ${shape(MARKER)}\n`);

  // The repository above the site: a package.json of its own, a secret, a package one level up, a workspace package.
  write(path.join(repo, 'package.json'), JSON.stringify({ name: 'repo', private: true, types: 'ancestor-secret.ts' }));
  write(
    path.join(repo, 'ancestor-secret.ts'),
    `export declare const leaked: ${shape(MARKER)}\ndeclare global { const leakedAncestor: ${shape(MARKER)} }\n`,
  );
  pkg(path.join(repo, 'node_modules/above'), 'above', `export declare const above: ${shape(ALLOWED)}\n`);
  pkg(path.join(repo, 'packages/ws'), 'ws', `export declare const workspace: ${shape(ALLOWED)}\n`);
  link(path.join(outside, 'secret.ts'), path.join(repo, 'packages/ws/leak.d.ts'), 'file');

  write(path.join(site, 'package.json'), JSON.stringify({ name: 'site', private: true, types: 'notes.ts' }));
  pkg(
    path.join(site, 'node_modules/inside'),
    'inside',
    `/** The inside package. */\nexport declare const allowed: ${shape(ALLOWED)}\n`,
  );
  link(path.join(outside, 'secret.ts'), path.join(site, 'node_modules/inside/leak.d.ts'), 'file');
  // A package linked to another folder of the same node_modules (as pnpm does), and a workspace package linked from elsewhere.
  link(path.join(site, 'node_modules/inside'), path.join(site, 'node_modules/inside-link'));
  link('../../packages/ws', path.join(site, 'node_modules/ws'));
  // Links that lead to what is no package: a folder without package.json, a file, the site root, the repository above it, .git.
  link(path.join(outside, 'nopkg'), path.join(site, 'node_modules/nopkg'));
  link(path.join(outside, 'secret.ts'), path.join(site, 'node_modules/secretfile.d.ts'), 'file');
  link('..', path.join(site, 'node_modules/rootlink'));
  link('../..', path.join(site, 'node_modules/up'));
  pkg(path.join(site, '.git/pkg'), 'gitpkg', `export declare const leaked: ${shape(MARKER)}\n`);
  link('../.git/pkg', path.join(site, 'node_modules/gitpkg'));
  link(path.join(outside, 'withdot'), path.join(site, 'node_modules/withdot'));
  write(path.join(site, 'node_modules/jsonpkg/package.json'), JSON.stringify({ name: 'jsonpkg' }));
  write(path.join(site, 'node_modules/jsonpkg/data.json'), JSON.stringify({ secret: MARKER }));
  // Real files where a page's virtual files are: the checker never reads the disk there.
  const folder = path.join(site, '.docsgen-samples', hashOf('guides/disk').slice(0, 16));
  write(path.join(folder, 'x.json'), JSON.stringify({ secret: MARKER }));
  write(path.join(folder, 'neighbour.ts'), `export declare const neighbour: ${shape(MARKER)}\n`);
  write(path.join(site, 'notes.ts'), `export declare const notes: ${shape(MARKER)}\n`);
  mkdirSync(path.join(site, 'setup'));
  symlinkSync(path.join(outside, 'setup.ts'), path.join(site, 'setup/linked.ts'));
});

afterAll(() => {
  caches.remove();
  rmSync(outside, { recursive: true, force: true });
  rmSync(repo, { recursive: true, force: true });
});

/** Every string of the results, for a search of the marker. */
const allText = (results: SampleResults) => JSON.stringify({ ...results, refs: [...results.refs] });
const codes = (results: SampleResults) =>
  results.diagnostics
    .map((d) => /\(TS(\d+)\)$/.exec(d.message)?.[1])
    .filter(Boolean)
    .map(Number);

describe('samples in the site of this repository', () => {
  let checker: SampleChecker;
  beforeAll(() => {
    checker = repoChecker(caches.cache());
  });
  afterAll(() => checker.close());

  const attacks: [string, string[], number][] = [
    [
      'a reference path to a file outside the root',
      [`/// <reference path="${path.join(outside, 'secret.ts')}" />`, 'export const n: number = leakedGlobal'],
      6053,
    ],
    [
      'a reference to types outside the root',
      [`/// <reference types="${path.join(outside, 'types')}" />`, 'export const n: number = leakedTypes'],
      2688,
    ],
    [
      'an import of an absolute path outside the root',
      [`import { leaked } from '${path.join(outside, 'secret')}'`, 'export const n: number = leaked'],
      2307,
    ],
    [
      'an import climbing out of the root',
      [
        `import { leaked } from '${'../'.repeat(24)}${path.join(outside, 'secret').slice(1)}'`,
        'export const n: number = leaked',
      ],
      2307,
    ],
    [
      'an import of a file of the site that is not a sample',
      ["import config from '../../build.config'", 'export const n: number = config'],
      2307,
    ],
    [
      'a JSX import source outside the root',
      [`/** @jsxImportSource ${path.join(outside, 'jsx')} */`, 'export const e: number = <div />'],
      2875,
    ],
  ];

  it.each(attacks)('reads nothing through %s', async (_name, lines, code) => {
    const page = pageOf(`content/docs/guides/attack.mdx`, md('```tsx', ...lines, '```'), `guides/attack-${code}`);
    const results = await checker.check([page]);
    expect(allText(results)).not.toContain(MARKER);
    expect(codes(results)).toContain(code);
  });
});

describe('samples in a site of their own', () => {
  let checker: SampleChecker;
  beforeAll(() => {
    checker = createSampleChecker({
      root: site,
      packageName: 'inside',
      setupDir: path.join(site, 'setup'),
      timeoutMs: 60_000,
      cache: caches.cache(),
      hrefOf,
    });
  });
  afterAll(() => checker.close());

  const check = (id: string, ...lines: string[]) =>
    checker.check([pageOf(`content/docs/${id}.mdx`, md('```ts', ...lines, '```'), id)]);

  it('reads a package of its node_modules (the control: a read shows the marker)', async () => {
    const results = await check(
      'guides/control',
      "import { allowed } from 'inside'",
      "import { allowed as again } from 'inside-link'",
      'export const n: number = allowed',
      'export const m: number = again',
    );
    expect(results.diagnostics.map((d) => d.message)).toEqual([
      `Type '{ ${ALLOWED}: true; }' is not assignable to type 'number'. (TS2322)`,
      `Type '{ ${ALLOWED}: true; }' is not assignable to type 'number'. (TS2322)`,
    ]);
    expect(results.exportRefs.allowed).toEqual({
      href: '/docs/api/variables/allowed',
      tip: { signature: `const allowed: {\n    ${ALLOWED}: true;\n}`, doc: 'The inside package.' },
    });
  });

  it('reads a package of the node_modules above the site and a workspace package linked from elsewhere (controls)', async () => {
    const results = await check(
      'guides/controls',
      "import { above } from 'above'",
      "import { workspace } from 'ws'",
      'export const n: number = above',
      'export const m: number = workspace',
    );
    expect(results.diagnostics.map((d) => d.message)).toEqual([
      `Type '{ ${ALLOWED}: true; }' is not assignable to type 'number'. (TS2322)`,
      `Type '{ ${ALLOWED}: true; }' is not assignable to type 'number'. (TS2322)`,
    ]);
  });

  const routes: [string, string][] = [
    ['a node_modules link to a folder that is no package', 'nopkg'],
    ['a node_modules link to a file', 'secretfile'],
    ['a file of a package linked to a file outside it', 'inside/leak'],
    ['a file of a workspace package linked to a file outside it', 'ws/leak'],
    ['a package link to the site root', 'rootlink/notes'],
    ['a package link to the repository above the site', 'up/ancestor-secret'],
    ['a package inside .git', 'gitpkg'],
    ['a hidden folder of a package', 'withdot/.config/secret'],
    ["a package subpath whose '..' climbs out to the site root", 'inside/../../notes'],
    ["a package subpath whose '..' climbs out to a folder above the site", 'inside/../../../ancestor-secret'],
    ["a workspace package subpath whose '..' climbs out of it", 'ws/../../../ancestor-secret'],
  ];

  it.each(routes)('reads nothing through %s', async (_name, specifier) => {
    const results = await check(
      `guides/route-${routes.findIndex(([, s]) => s === specifier)}`,
      `import * as it from '${specifier}'`,
      'export const n: number = it',
    );
    expect(allText(results)).not.toContain(MARKER);
    expect(codes(results)).toEqual([2307]);
  });

  it('reads nothing through a /// <reference path> to a file of a folder above the site', async () => {
    const results = await check(
      'guides/reference',
      '/// <reference path="../../../ancestor-secret.ts" />',
      'export const n: number = leakedAncestor',
    );
    expect(allText(results)).not.toContain(MARKER);
    expect(codes(results)).toEqual([6053, 2304]);
  });

  it('does not read JSON, in node_modules or next to the sample', async () => {
    const results = await check(
      'guides/disk',
      "import data from 'jsonpkg/data.json'",
      "import local from './x.json'",
      'export const n: number = data.secret + local.secret',
    );
    expect(allText(results)).not.toContain(MARKER);
    expect(codes(results)).toEqual([2732, 2732]);
  });

  it('does not read files on disk where the virtual files of a page are, nor elsewhere in the root', async () => {
    const results = await check(
      'guides/disk',
      "import { neighbour } from './neighbour'",
      "import { notes } from '../../notes'",
      'export const n: number = neighbour + notes',
    );
    expect(allText(results)).not.toContain(MARKER);
    expect(codes(results)).toEqual([2307, 2307]);
  });

  it('does not read a setup file linked to a file outside the root', async () => {
    const results = await checker.check([
      pageOf(
        'content/docs/guides/linked.mdx',
        md('```ts setup=linked', 'export const n: number = fromSetup', '```'),
        'guides/linked',
      ),
    ]);
    expect(allText(results)).not.toContain(MARKER);
    expect(results.diagnostics.map((d) => d.message)).toEqual([
      'setup=linked names no setup file: setup/linked.ts (or .tsx) does not exist',
    ]);
  });

  it('never runs a sample', async () => {
    const flag = path.join(outside, 'ran');
    await check(
      'guides/run',
      'declare const require: (name: string) => any',
      `require('node:fs').writeFileSync(${JSON.stringify(flag)}, 'ran')`,
      `import(${JSON.stringify('node:child_process')}).then((cp) => cp.execSync('touch ${flag}'))`,
    );
    expect(existsSync(flag)).toBe(false);
  });
});
