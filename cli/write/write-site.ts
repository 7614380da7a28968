import { constants, existsSync, readdirSync } from 'node:fs';
import { access, copyFile, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import type { ListedFile } from '../files/list-files.js';
import { onInterrupt } from '../interrupt.js';
import { MARKER_FILE, stagedFolderPrefix } from './output-names.js';
import { cannotWriteError, statIfAny } from './write-errors.js';

export interface SiteFiles {
  /** Output path (relative to the out dir) → contents. */
  files: Map<string, string | Uint8Array>;
  /** Source path → output path, copied from disk (images found in content). */
  copies: Map<string, string>;
  /** The checked files of `public/` (see `listPublicFiles`), copied first so generated files win. */
  publicFiles?: ListedFile[];
}

/**
 * An output folder being written: files go into a temporary sibling folder,
 * which replaces the out dir in one rename on `commit()`. Until then, and
 * after `discard()` or any failure, the previous output stays as it was; on
 * Ctrl+C the temporary folder is removed.
 */
export interface StagedOutput {
  /** Writes one file (relative to the out dir); at most WRITE_CONCURRENCY writes are in flight. */
  write(out: string, contents: string | Uint8Array): Promise<void>;
  /** Copies a file from disk into the output. */
  copy(from: string, out: string): Promise<void>;
  /** Waits for every write, adds the marker and swaps the folder in. */
  commit(): Promise<void>;
  /** Removes the temporary folder; the previous output is untouched. */
  discard(): Promise<void>;
}

const WRITE_CONCURRENCY = 64;

/** What every call returns once the output is closed by Ctrl+C: the build stops where it is while the process cleans up and exits. */
const halted = new Promise<never>(() => undefined);

/**
 * Opens the out dir for writing, after refusing folders that are not ours.
 * The checked `public/` files are copied first, so generated files win.
 */
export async function openOutput(outDir: string, guard: { root: string; protectedDirs: string[] }, publicFiles: ListedFile[] = []): Promise<StagedOutput> {
  const target = path.resolve(outDir);
  assertSafeOutDir(target, guard);
  const parent = path.dirname(target);
  const temp = path.join(parent, `${stagedFolderPrefix(target)}${process.pid}-${Date.now()}`);
  const old = `${temp}-old`;
  // One mkdir per folder, shared by every write into it.
  const dirs = new Map<string, Promise<unknown>>([[temp, Promise.resolve()]]);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let closed = false;
  // Stops new writes and waits for the running ones (so none recreates a folder after it is removed),
  // puts the previous output back if we stopped between the two renames, then removes what we made.
  const cleanup = async () => {
    closed = true;
    await Promise.all(inFlight);
    if (!existsSync(target) && existsSync(old)) await rename(old, target).catch(() => undefined);
    await Promise.all([rm(temp, { recursive: true, force: true }), rm(old, { recursive: true, force: true })]);
  };
  const forget = onInterrupt(cleanup);
  const fail = async (error: unknown): Promise<never> => {
    forget();
    await cleanup();
    throw describeWriteError(error, target);
  };
  // Tracked like a write, so that an interrupt waits for it before removing the folder.
  const opening = (async () => {
    // The previous output is only replaced if it can be removed afterwards: find out before writing anything.
    if (existsSync(target)) await access(target, constants.W_OK);
    await mkdir(parent, { recursive: true });
    await mkdir(temp);
    // Marked from the start: after a kill -9, the next build recognises it as docsgen's own (recover-out-dir.ts),
    // and never mistakes a look-alike folder of the repository for one.
    await writeFile(path.join(temp, MARKER_FILE), 'This folder was written by docsgen build and is replaced by the next build.\n');
    // Exactly the files the file rule allowed, each from its real path: never a link (a deployed symlink could
    // publish anything), never a file the check did not see.
    await copyPublicFiles(publicFiles, temp);
  })().catch((error) => {
    failure = error;
  });
  inFlight.add(opening);
  await opening;
  inFlight.delete(opening);
  if (closed) return halted;
  if (failure) await fail(failure);

  const track = async (out: string, io: (file: string) => Promise<void>) => {
    if (closed) return halted;
    if (failure) return;
    const file = path.join(temp, out);
    const job = (async () => {
      const dir = path.dirname(file);
      if (!dirs.has(dir)) dirs.set(dir, mkdir(dir, { recursive: true }));
      await dirs.get(dir);
      await io(file);
    })().catch((error) => {
      failure ??= error;
    });
    inFlight.add(job);
    void job.finally(() => inFlight.delete(job));
    if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
  };
  const settle = async () => {
    if (closed) return halted;
    await Promise.all(inFlight);
    if (failure) await fail(failure);
  };

  return {
    write: (out, contents) => track(out, (file) => writeFile(file, contents)),
    copy: (from, out) => track(out, (file) => cp(from, file)),
    commit: async () => {
      await settle();
      try {
        if (existsSync(target)) await rename(target, old);
        await rename(temp, target);
      } catch (error) {
        await fail(error);
      }
      forget();
      await cleanup();
    },
    discard: async () => {
      forget();
      await cleanup();
    },
  };
}

/** Writes a whole site in one go (see `openOutput`). */
export async function writeSite(outDir: string, site: SiteFiles, guard: { root: string; protectedDirs: string[] }): Promise<void> {
  const output = await openOutput(outDir, guard, site.publicFiles);
  try {
    for (const [out, contents] of site.files) await output.write(out, contents);
    for (const [from, out] of site.copies) await output.copy(from, out);
  } catch (error) {
    await output.discard();
    throw error;
  }
  await output.commit();
}

/** Copies the checked `public/` files into the staged folder, each from its real path, WRITE_CONCURRENCY at a time. */
async function copyPublicFiles(files: ListedFile[], temp: string): Promise<void> {
  for (const dir of new Set(files.map((file) => path.dirname(path.join(temp, file.path))))) await mkdir(dir, { recursive: true });
  for (let i = 0; i < files.length; i += WRITE_CONCURRENCY) {
    await Promise.all(files.slice(i, i + WRITE_CONCURRENCY).map((file) => copyFile(file.real, path.join(temp, file.path))));
  }
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
