import { constants, existsSync } from 'node:fs';
import { access, copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import type { ListedFile } from '../files/list-files.js';
import { contentKeyOf, givenKeyOf, sourceKeyOf } from './file-stamp.js';
import { manifestFileOf, newBuildId, saveManifest } from './output-manifest.js';
import { FilePlacer } from './place-files.js';
import { assertSafeOutDir } from './out-dir-guard.js';
import { PreviousOutput } from './previous-output.js';
import { createStagedFolder } from './staged-folder.js';
import { cannotWriteError } from './write-errors.js';

export interface SiteFiles {
  /** Output path (relative to the out dir) → contents. */
  files: Map<string, string | Uint8Array>;
  /** Source path → output path, copied from disk (images found in content). */
  copies: Map<string, string>;
  /** The checked files of the static folders (see `listStaticFiles`), copied first so generated files win. */
  publicFiles?: ListedFile[];
}

export type FileContents = string | Uint8Array;

/**
 * An output folder being written: files go into a temporary sibling folder,
 * which replaces the out dir in one rename on `commit()`. Until then, and
 * after `discard()` or any failure, the previous output stays as it was; on
 * Ctrl+C the temporary folder is removed.
 *
 * Unchanged files are not written again: a file whose contents have the key
 * the previous build recorded for it, and which is still the very file that
 * build wrote (see previous-output.ts), is hard-linked from the previous
 * output. When every file is unchanged and no file came or went, nothing is
 * staged or swapped at all: the out dir already is the output.
 */
export interface StagedOutput {
  /**
   * Writes one file (relative to the out dir); at most WRITE_CONCURRENCY writes are in flight.
   * `contents` may be a function, called only when the file must be written. `key` identifies
   * the contents (a hash the caller computed, which changes whenever the bytes would); without
   * it, the contents are hashed.
   */
  write(
    out: string,
    contents: FileContents | (() => FileContents | Promise<FileContents>),
    key?: string,
  ): Promise<void>;
  /** Copies a file from disk into the output (the same again when the source file has not changed). */
  copy(from: string, out: string): Promise<void>;
  /** Waits for every write, then swaps the folder in (with its marker), unless the out dir already is the output. */
  commit(): Promise<void>;
  /** Removes the temporary folder; the previous output is untouched. */
  discard(): Promise<void>;
}

/** Where an output may take unchanged files from the previous one. */
export interface ReuseOptions {
  /** The site's cache folder, where the manifest of each out dir is kept; without it every file is written. */
  cacheDir?: string;
  /** False (`--no-cache`): write every file, and record them for the next build. */
  reuse?: boolean;
}

/**
 * Opens the out dir for writing, after refusing folders that are not ours.
 * The checked `public/` files are placed first, so generated files win.
 */
export async function openOutput(
  outDir: string,
  guard: { root: string; protectedDirs: string[] },
  publicFiles: ListedFile[] = [],
  options: ReuseOptions = {},
): Promise<StagedOutput> {
  const target = path.resolve(outDir);
  assertSafeOutDir(target, guard);
  const id = newBuildId();
  const folder = createStagedFolder(target, id, (error) => describeWriteError(error, target));
  const manifestFile = options.cacheDir ? manifestFileOf(options.cacheDir, target) : undefined;
  let previous: PreviousOutput | undefined;
  await folder.run(async () => {
    // The previous output is only replaced if it can be removed afterwards: find out before writing anything.
    if (existsSync(target)) await access(target, constants.W_OK);
    if (manifestFile && options.reuse !== false) previous = PreviousOutput.load(target, manifestFile);
  });
  await folder.settle();

  const files = new FilePlacer(folder, target, previous);
  // Exactly the files the file rule allowed, each from its real path: never a link (a deployed symlink could
  // publish anything), never a file the check did not see.
  for (const file of publicFiles)
    await files.put(
      file.path,
      () => sourceKeyOf(file.real),
      (to) => copyFile(file.real, to, constants.COPYFILE_EXCL),
    );
  await folder.settle();

  return {
    write: (out, contents, key) => {
      let bytes = typeof contents === 'function' ? undefined : contents;
      const load = async () => (bytes ??= await (contents as () => FileContents | Promise<FileContents>)());
      return files.put(
        out,
        async () => (key ? givenKeyOf(key) : contentKeyOf(await load())),
        async (file) => writeFile(file, await load(), { flag: 'wx' }),
      );
    },
    copy: (from, out) =>
      files.put(
        out,
        () => sourceKeyOf(from),
        (file) => copyFile(from, file, constants.COPYFILE_EXCL),
      ),
    commit: async () => {
      await folder.settle();
      if (files.isUnchanged()) return folder.close();
      await folder.run(() => files.stage());
      await folder.settle();
      await folder.swapIn();
      if (manifestFile) saveManifest(manifestFile, { outDir: target, id, files: await files.entries() });
    },
    discard: () => folder.close(),
  };
}

/** Writes a whole site in one go (see `openOutput`). */
export async function writeSite(
  outDir: string,
  site: SiteFiles,
  guard: { root: string; protectedDirs: string[] },
): Promise<void> {
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

/** Error codes that mean the out dir, or the folder around it, cannot be written. */
const WRITE_ERRORS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'EISDIR']);

function describeWriteError(error: unknown, target: string): Error {
  if (error instanceof DocsgenError) return error;
  if (WRITE_ERRORS.has((error as NodeJS.ErrnoException).code ?? '')) return cannotWriteError(target, error);
  return new DocsgenError(
    `writing the site to ${target} failed: ${(error as Error).message}; the previous output was left as it was`,
    { cause: error },
  );
}
