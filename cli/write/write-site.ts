import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { onInterrupt } from '../interrupt.js';

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
  /** Reads back a file written earlier. */
  read(out: string): Promise<string>;
  /** Waits for every write, adds the marker and swaps the folder in. */
  commit(): Promise<void>;
  /** Removes the temporary folder; the previous output is untouched. */
  discard(): Promise<void>;
}

const WRITE_CONCURRENCY = 64;

/** Opens the out dir for writing, after refusing folders that are not ours; `public/` is copied first so generated files win. */
export async function openOutput(outDir: string, guard: { root: string; protectedDirs: string[] }, publicDir?: string): Promise<StagedOutput> {
  const target = path.resolve(outDir);
  assertSafeOutDir(target, guard);
  const parent = path.dirname(target);
  const temp = path.join(parent, `.${path.basename(target)}.docsgen-tmp-${process.pid}-${Date.now()}`);
  const old = `${temp}-old`;
  // Puts the previous output back if we stopped between the two renames, then removes what we made.
  const cleanup = async () => {
    if (!existsSync(target) && existsSync(old)) await rename(old, target).catch(() => undefined);
    await Promise.all([rm(temp, { recursive: true, force: true }), rm(old, { recursive: true, force: true })]);
  };
  const forget = onInterrupt(cleanup);
  const fail = async (error: unknown): Promise<never> => {
    forget();
    await cleanup();
    throw describeWriteError(error, target);
  };
  try {
    await mkdir(parent, { recursive: true });
    await mkdir(temp);
    if (publicDir && existsSync(publicDir)) await cp(publicDir, temp, { recursive: true, dereference: false });
  } catch (error) {
    await fail(error);
  }

  // One mkdir per folder, shared by every write into it.
  const dirs = new Map<string, Promise<unknown>>([[temp, Promise.resolve()]]);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  const track = async (out: string, io: (file: string) => Promise<void>) => {
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
    await Promise.all(inFlight);
    if (failure) await fail(failure);
  };

  return {
    write: (out, contents) => track(out, (file) => writeFile(file, contents)),
    copy: (from, out) => track(out, (file) => cp(from, file)),
    read: async (out) => {
      await settle();
      return readFile(path.join(temp, out), 'utf8');
    },
    commit: async () => {
      await settle();
      try {
        await writeFile(path.join(temp, MARKER_FILE), 'This folder was written by docsgen build and is replaced by the next build.\n');
        if (existsSync(target)) await rename(target, old);
        await rename(temp, target);
      } catch (error) {
        await fail(error);
      }
      forget();
      await cleanup();
    },
    discard: async () => {
      await Promise.all(inFlight);
      forget();
      await cleanup();
    },
  };
}

/** Writes a whole site in one go (see `openOutput`). */
export async function writeSite(outDir: string, site: SiteFiles, guard: { root: string; protectedDirs: string[] }): Promise<void> {
  const output = await openOutput(outDir, guard, site.publicDir);
  try {
    for (const [out, contents] of site.files) await output.write(out, contents);
    for (const [from, out] of site.copies) await output.copy(from, out);
  } catch (error) {
    await output.discard();
    throw error;
  }
  await output.commit();
}

/** Refuses out dirs that would destroy something that is not ours. */
export function assertSafeOutDir(target: string, guard: { root: string; protectedDirs: string[] }): void {
  const root = path.resolve(guard.root);
  const sources = guard.protectedDirs.map((d) => path.resolve(d));
  const inside = (child: string, parent: string) => child === parent || !path.relative(parent, child).startsWith('..');
  // Never the site root, home or `/` (or a folder holding them); never in or around content/ or public/.
  const clash =
    [root, os.homedir(), path.parse(target).root, ...sources].find((dir) => inside(dir, target)) ??
    sources.find((dir) => inside(target, dir));
  if (clash) {
    throw new DocsgenError(`refusing to write the site to ${target}: it is or contains ${clash}`, {
      hint: 'choose an out dir of its own, such as <root>/dist',
    });
  }
  if (existsSync(target) && !existsSync(path.join(target, MARKER_FILE)) && readdirSync(target).length > 0) {
    throw new DocsgenError(`refusing to replace ${target}: it was not written by docsgen (no ${MARKER_FILE} file in it)`, {
      hint: 'delete or move that folder yourself, or choose another --out-dir',
    });
  }
}

function describeWriteError(error: unknown, target: string): Error {
  if (error instanceof DocsgenError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return new DocsgenError(`cannot write to ${target} (${code}); the previous output was left as it was`, {
      hint: 'check the folder permissions, or choose another --out-dir',
      cause: error,
    });
  }
  return new DocsgenError(`writing the site to ${target} failed: ${(error as Error).message}; the previous output was left as it was`, { cause: error });
}
