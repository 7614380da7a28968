import { constants, existsSync, readdirSync } from 'node:fs';
import { access, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { onInterrupt } from '../interrupt.js';
import { cannotWriteError, statIfAny } from './write-errors.js';

/** The file docsgen writes into every output folder it creates; it only ever replaces folders that have it. */
export const MARKER_FILE = '.docsgen-output';

export interface SiteFiles {
  /** Output path (relative to the out dir) → contents. */
  files: Map<string, string | Uint8Array>;
  /** Source path → output path, copied from disk (images found in content). */
  copies: Map<string, string>;
  /** `public/`, copied first so generated files win. */
  publicDir?: string;
}

/**
 * Writes the site atomically: everything goes into a temporary sibling
 * folder, which then replaces the out dir in one rename. A failure at any
 * point leaves the previous output as it was, and no temporary folder behind.
 */
export async function writeSite(outDir: string, site: SiteFiles, guard: { root: string; protectedDirs: string[] }): Promise<void> {
  const target = path.resolve(outDir);
  assertSafeOutDir(target, guard);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  const temp = path.join(parent, `.${path.basename(target)}.docsgen-tmp-${process.pid}-${Date.now()}`);
  const old = `${temp}-old`;
  // Puts the previous output back if we stopped between the two renames, then removes what we made.
  const cleanup = async () => {
    if (!existsSync(target) && existsSync(old)) await rename(old, target).catch(() => undefined);
    await Promise.all([rm(temp, { recursive: true, force: true }), rm(old, { recursive: true, force: true })]);
  };
  const forget = onInterrupt(cleanup);
  try {
    // The previous output is only replaced if it can be removed afterwards: find out before writing anything.
    if (existsSync(target)) await access(target, constants.W_OK);
    await mkdir(temp);
    if (site.publicDir && existsSync(site.publicDir)) await cp(site.publicDir, temp, { recursive: true, dereference: false });
    const dirs = new Set<string>();
    for (const out of [...site.files.keys(), ...site.copies.values()]) dirs.add(path.dirname(path.join(temp, out)));
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })));
    await writeInBatches([...site.files], ([out, contents]) => writeFile(path.join(temp, out), contents));
    await writeInBatches([...site.copies], ([from, out]) => cp(from, path.join(temp, out)));
    await writeFile(path.join(temp, MARKER_FILE), 'This folder was written by docsgen build and is replaced by the next build.\n');
    if (existsSync(target)) await rename(target, old);
    await rename(temp, target);
  } catch (error) {
    throw describeWriteError(error, target);
  } finally {
    forget();
    await cleanup();
  }
}

async function writeInBatches<T>(items: T[], write: (item: T) => Promise<unknown>, size = 64): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(write));
}

/** Refuses out dirs that would destroy something that is not ours. */
export function assertSafeOutDir(target: string, guard: { root: string; protectedDirs: string[] }): void {
  const root = path.resolve(guard.root);
  const clash = findClash(path.resolve(target), root, guard.protectedDirs.map((d) => path.resolve(d)));
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
    throw new DocsgenError(`refusing to replace ${target}: it was not written by docsgen (no ${MARKER_FILE} file in it)`, {
      hint: 'delete or move that folder yourself, or choose another --out-dir',
    });
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

/** Error codes that mean the out dir, or the folder around it, cannot be written. */
const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'EISDIR']);

function describeWriteError(error: unknown, target: string): Error {
  if (error instanceof DocsgenError) return error;
  if (WRITE_ERRORS.has((error as NodeJS.ErrnoException).code ?? '')) return cannotWriteError(target, error);
  return new DocsgenError(`writing the site to ${target} failed: ${(error as Error).message}; the previous output was left as it was`, { cause: error });
}
