import { existsSync, renameSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { onInterrupt, onStopBound } from '../interrupt.js';
import { markerText } from './output-manifest.js';
import { MARKER_FILE, stagedFolderPrefix } from '../files/output-names.js';
import { removeOwnFolder, removeOwnFolderSync } from './remove-own-folder.js';

const WRITE_CONCURRENCY = 64;

/** What every call returns once the output is closed by Ctrl+C: the build stops where it is while the process cleans up and exits. */
const halted = new Promise<never>(() => undefined);

/**
 * The temporary sibling folder an output is written into, and the file
 * operations that fill it. The folder is made on first use (`make`), marked
 * from the start, and replaces the out dir by two renames (`swapIn`). Until
 * then, after `close` or any failure, the out dir stays as it was; on Ctrl+C
 * the operations stop, the out dir is put back if the build stopped between
 * the renames, and the folder is removed.
 */
export interface StagedFolder {
  /** Runs one file operation; at most WRITE_CONCURRENCY are in flight. The first failure is kept for `settle`. */
  run(job: () => Promise<void>): Promise<void>;
  /** Waits for every operation; rejects (after cleaning up) with the first failure. */
  settle(): Promise<void>;
  /** Makes the folder, with the marker naming this build (once). */
  make(): Promise<void>;
  /** Where `out` (relative to the out dir) goes in the folder, once the folder around it exists. */
  place(out: string): Promise<string>;
  /** Puts the folder in place of the out dir, then removes the previous output. */
  swapIn(): Promise<void>;
  /** Removes the folder; the out dir is untouched. */
  close(): Promise<void>;
}

/** The staged folder of `target`, for the build `id`; `describe` turns a failure into the error the build reports. */
export function createStagedFolder(target: string, id: string, describe: (error: unknown) => Error): StagedFolder {
  const parent = path.dirname(target);
  const temp = path.join(parent, `${stagedFolderPrefix(target)}${process.pid}-${Date.now()}`);
  const old = `${temp}-old`;
  // One mkdir per folder, shared by every file put into it.
  const dirs = new Map<string, Promise<unknown>>([[temp, Promise.resolve()]]);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let closed = false;
  let made: Promise<void> | undefined;
  // Stops new operations and waits for the running ones (so none recreates a folder after it is removed),
  // puts the previous output back if we stopped between the two renames, then removes what we made.
  const cleanup = async () => {
    closed = true;
    await Promise.all(inFlight);
    if (!existsSync(target) && existsSync(old)) await rename(old, target).catch(() => undefined);
    await Promise.all([removeOwnFolder(temp), removeOwnFolder(old)]);
  };
  const forgetCleanup = onInterrupt(cleanup);
  // When a stop's bound cuts the cleanup short, the same undoing, at once and synchronously.
  const forgetLastResort = onStopBound(() => {
    if (!existsSync(target) && existsSync(old)) renameSync(old, target);
    removeOwnFolderSync(temp);
    removeOwnFolderSync(old);
  });
  const close = async () => {
    forgetCleanup();
    forgetLastResort();
    await cleanup();
  };
  const fail = async (error: unknown): Promise<never> => {
    await close();
    throw describe(error);
  };

  return {
    run: async (job) => {
      if (closed) return halted;
      if (failure) return;
      const running = job().catch((error) => {
        failure ??= error;
      });
      inFlight.add(running);
      void running.finally(() => inFlight.delete(running));
      if (inFlight.size >= WRITE_CONCURRENCY) await Promise.race(inFlight);
    },
    settle: async () => {
      if (closed) return halted;
      await Promise.all(inFlight);
      if (closed) return halted;
      if (failure) await fail(failure);
    },
    make: () =>
      (made ??= (async () => {
        await mkdir(parent, { recursive: true });
        await mkdir(temp);
        // Marked from the start: after a kill -9, the next build recognises it as docsgen's own (recover-out-dir.ts),
        // and never mistakes a look-alike folder of the repository for one.
        await writeFile(path.join(temp, MARKER_FILE), markerText(id));
      })()),
    place: async (out) => {
      const file = path.join(temp, out);
      const dir = path.dirname(file);
      if (!dirs.has(dir)) dirs.set(dir, mkdir(dir, { recursive: true }));
      await dirs.get(dir);
      return file;
    },
    swapIn: async () => {
      try {
        if (existsSync(target)) await rename(target, old);
        await rename(temp, target);
      } catch (error) {
        await fail(error);
      }
      await close();
    },
    close,
  };
}
