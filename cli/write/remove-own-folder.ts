import { readdirSync, rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { MARKER_FILE } from '../files/output-names.js';

/**
 * Removes a folder docsgen made next to the out dir (a staged output, or the
 * previous output after the swap), its marker last. The marker is how a
 * later build recognises the folder as docsgen's (recover-out-dir.ts): a
 * `kill -9` in the middle of removing a large folder leaves the marker and
 * whatever was not removed yet, and the next build finishes the job. (Removed
 * all at once, the marker could go first, leaving a folder no build would
 * ever touch again.) A folder that is already gone is fine.
 */
export async function removeOwnFolder(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await Promise.all(
    names
      .filter((name) => name !== MARKER_FILE)
      .map((name) => rm(path.join(dir, name), { recursive: true, force: true })),
  );
  await rm(dir, { recursive: true, force: true });
}

/** The same, synchronously: for the last resort of a stop whose bound has come (staged-folder.ts). */
export function removeOwnFolderSync(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) if (name !== MARKER_FILE) rmSync(path.join(dir, name), { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
}
