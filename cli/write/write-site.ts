import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
