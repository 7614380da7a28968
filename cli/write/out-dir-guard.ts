import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { MARKER_FILE } from '../files/output-names.js';
import { statIfAny } from './write-errors.js';

/** Refuses out dirs that would destroy something that is not ours. */
export function assertSafeOutDir(target: string, guard: { root: string; protectedDirs: string[] }): void {
  const root = path.resolve(guard.root);
  const clash = findClash(
    path.resolve(target),
    root,
    guard.protectedDirs.map((d) => path.resolve(d)),
  );
  if (clash) {
    throw new DocsgenError(`refusing to write the site to ${target}: ${clash}`, {
      hint: `docsgen only replaces a folder it created itself; choose an out dir of its own, such as ${path.join(root, 'dist')}`,
    });
  }
  const stats = statIfAny(target);
  if (stats && !stats.isDirectory()) {
    throw new DocsgenError(`refusing to replace ${target}: it is a file, not a folder written by docsgen`, {
      hint: 'move that file away, or choose another --out-dir',
    });
  }
  if (stats && !existsSync(path.join(target, MARKER_FILE)) && readdirSync(target).length > 0) {
    throw new DocsgenError(
      `refusing to replace ${target}: it was not written by docsgen (no ${MARKER_FILE} file in it)`,
      {
        hint: 'delete or move that folder yourself, or choose another --out-dir',
      },
    );
  }
}

/**
 * Why `target` may not be an out dir, if it may not: it is, or holds, the
 * site root, home or `/`; or it is, holds or sits in a source folder.
 */
function findClash(target: string, root: string, sources: string[]): string | undefined {
  const named: [string, string][] = [
    [path.parse(target).root, 'the file system root'],
    [os.homedir(), 'your home folder'],
    [root, 'the site root'],
    ...sources.map((dir): [string, string] => [dir, `the source folder ${path.relative(root, dir) || dir}/`]),
  ];
  const isInside = (child: string, parent: string) => !path.relative(parent, child).startsWith('..');
  const same = named.find(([dir]) => dir === target);
  if (same) return `it is ${same[1]}`;
  const held = named.find(([dir]) => isInside(dir, target));
  if (held) return `it contains ${held[1]} (${held[0]})`;
  const around = named.slice(3).find(([dir]) => isInside(target, dir));
  return around ? `it is inside ${around[1]} (${around[0]})` : undefined;
}
