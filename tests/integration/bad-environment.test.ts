import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildBaseSite,
  cloneSite,
  expectBuildOutcome,
  leftovers,
  snapshotSources,
  snapshotTree,
  type BadInputCase,
} from '../helpers/bad-input.js';
import { MARKER_FILE } from '../../cli/files/output-names.js';
import { runCliAsync, tempDir } from '../helpers/run-cli.js';

/** A stage line: printed only once building has started. */
const BUILT_SOMETHING = '• content';

const refused = (what: string, outDir: (root: string) => string, reason: (root: string) => string): BadInputCase => ({
  name: `--out-dir pointing at ${what}: refused before building`,
  apply: (root) => ['--out-dir', outDir(root)],
  code: 2,
  lines: (root) => [
    `error  refusing to write the site to ${outDir(root)}: ${reason(root)}`,
    `    hint: docsgen only replaces a folder it created itself; choose an out dir of its own, such as ${path.join(root, 'dist')}`,
  ],
  absent: [BUILT_SOMETHING],
  check: (root) => expect(existsSync(`${outDir(root)}.docsgen-lock`)).toBe(false),
});

/**
 * Makes a folder unwritable: by its mode for a normal user; for root, who
 * ignores modes, by the immutable attribute (ext4 and friends, with
 * CAP_LINUX_IMMUTABLE). Returns the error code docsgen will meet, and an undo.
 */
function lockFolder(dir: string): { code: string; undo: () => void } {
  if (process.getuid?.() !== 0) {
    chmodSync(dir, 0o555);
    return { code: 'EACCES', undo: () => chmodSync(dir, 0o755) };
  }
  spawnSync('chattr', ['+i', dir]);
  return { code: 'EPERM', undo: () => spawnSync('chattr', ['-i', dir]) };
}

/** True when lockFolder really stops this user from writing (false for root without chattr support). */
const canLockFolders = (() => {
  const dir = tempDir('docsgen-lock-probe-');
  const { undo } = lockFolder(dir);
  let blocked = false;
  try {
    writeFileSync(path.join(dir, 'probe'), '');
  } catch {
    blocked = true;
  }
  undo();
  return blocked;
})();

/** A case run with `dir` (relative to the site root) made unwritable for the length of the build. */
const unwritable = (
  name: string,
  dir: string,
  outDir: string,
  lines: (root: string, code: string) => string[],
): BadInputCase => {
  let code = '';
  let undo = () => {};
  return {
    name,
    apply: (root) => {
      mkdirSync(path.join(root, dir), { recursive: true });
      ({ code, undo } = lockFolder(path.join(root, dir)));
      return ['--out-dir', outDir];
    },
    code: 2,
    lines: (root) => lines(root, code),
    restore: () => undo(),
  };
};

const cases: BadInputCase[] = [
  refused(
    'the site root',
    (root) => root,
    () => 'it is the site root',
  ),
  refused(
    'content/',
    (root) => path.join(root, 'content'),
    () => 'it is the source folder content/',
  ),
  refused(
    'public/',
    (root) => path.join(root, 'public'),
    () => 'it is the source folder public/',
  ),
  refused(
    'a folder inside content/',
    (root) => path.join(root, 'content/docs/out'),
    (root) => `it is inside the source folder content/ (${path.join(root, 'content')})`,
  ),
  refused(
    'the home folder',
    () => os.homedir(),
    () => 'it is your home folder',
  ),
  refused(
    '/',
    () => '/',
    () => 'it is the file system root',
  ),
  refused(
    'the folder holding the site root',
    (root) => path.dirname(root),
    (root) => `it contains the site root (${root})`,
  ),
  {
    name: '--out-dir pointing at a file: refused before building',
    apply: (root) => {
      writeFileSync(path.join(root, 'notes.txt'), 'mine');
      return ['--out-dir', 'notes.txt'];
    },
    code: 2,
    lines: (root) => [
      `error  refusing to replace ${path.join(root, 'notes.txt')}: it is a file, not a folder written by docsgen`,
      '    hint: move that file away, or choose another --out-dir',
    ],
    absent: [BUILT_SOMETHING],
  },
  {
    name: '--out-dir inside a file (ENOTDIR)',
    apply: (root) => {
      writeFileSync(path.join(root, 'notes.txt'), 'mine');
      return ['--out-dir', 'notes.txt/site'];
    },
    code: 2,
    lines: (root) => [
      `error  cannot write the site to ${path.join(root, 'notes.txt/site')}: ${path.join(root, 'notes.txt')} is a file, not a folder (EEXIST); the previous output was left as it was`,
      '    hint: move that file away, or choose another --out-dir',
    ],
  },
];

const unwritableCases: BadInputCase[] = [
  unwritable('an out dir in a folder it cannot write (EACCES)', 'locked', 'locked/dist', (root, code) => [
    `error  cannot write the site to ${path.join(root, 'locked/dist')}: permission denied (${code}); the previous output was left as it was`,
    `    hint: make ${path.join(root, 'locked')} writable for this user, or choose another --out-dir`,
  ]),
  unwritable('a previous output it cannot replace', 'dist', 'dist', (root, code) => [
    `error  cannot write the site to ${path.join(root, 'dist')}: permission denied (${code}); the previous output was left as it was`,
    `    hint: make ${path.join(root, 'dist')} writable for this user, or choose another --out-dir`,
  ]),
];

describe.concurrent('bad environment: exit 2, pinned message, previous dist/ and sources intact', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('$name', (c) => expectBuildOutcome(base, c));

  // Root ignores file modes; where the immutable attribute is not available either, there is no honest way to test this.
  it.skipIf(!canLockFolders).each(unwritableCases)('$name', (c) => expectBuildOutcome(base, c));

  it('two builds at once into one out dir: the second refuses, naming the first, and dist/ is whole', async () => {
    const root = cloneSite(base);
    // The marker names the build that wrote dist/ (a build that succeeds writes its own); everything else is the same.
    const site = () => {
      const tree = snapshotTree(path.join(root, 'dist'));
      expect(tree[MARKER_FILE]).toBeDefined();
      delete tree[MARKER_FILE];
      return tree;
    };
    const before = site();
    const sources = snapshotSources(root);
    const runs = await Promise.all([
      runCliAsync(['build', '--root', root, '--no-cache']),
      runCliAsync(['build', '--root', root, '--no-cache']),
    ]);
    const codes = runs.map((r) => r.code).sort();
    // Both may succeed, one after the other, when one starts after the other ended; never both at once.
    expect([
      [0, 2],
      [0, 0],
    ]).toContainEqual(codes);
    for (const run of runs.filter((r) => r.code === 2)) {
      expect(run.stderr).toMatch(
        new RegExp(
          `error  another docsgen build \\(pid \\d+\\) is writing to ${path.join(root, 'dist')}; refusing to start a second one\\n    hint: wait for the other build to finish, or use another --out-dir`,
        ),
      );
      expect(run.stderr).not.toContain(BUILT_SOMETHING);
    }
    expect(site()).toEqual(before);
    expect(snapshotSources(root)).toEqual(sources);
    expect(leftovers(root)).toEqual([]);
  });
});
