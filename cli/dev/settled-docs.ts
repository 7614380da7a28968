/**
 * Reading the docs folder while an editor saves into it. A save truncates the
 * file and then writes it, and a large file is written in more than one step:
 * a read in between sees an empty file or only the start of it, and dev would
 * show that page (cut short) until the next change. Read as `loadContent`
 * does, then made sure of.
 */
import { createHash } from 'node:crypto';
import { lstat, readFile, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadContent, type LoadContentResult } from '../load/load-content.js';

/** How long a doc being saved may take to settle (see `loadSettledContent`). */
const SETTLE_MS = 200;
/** The content hash `loadContent` gives an empty file. */
const EMPTY_HASH = createHash('sha256').digest('hex').slice(0, 20);

/**
 * Reads the docs as `loadContent` does, but never in the middle of an editor's save:
 * - a file deleted between being listed and being read is read again without it;
 * - a doc that was not empty before and reads empty now is, almost always, a file
 *   truncated and not yet written again; it is read again once it has content, or
 *   after SETTLE_MS, when an empty doc is what the author meant;
 * - a doc that changed (its hash differs from `previous`, the hashes of the docs
 *   as last read, by absolute path) and no longer holds what was read was being
 *   written while it was read: it is read again, until it holds still or SETTLE_MS
 *   passed (the next change event reads it once more).
 * Meanwhile the site keeps serving the pages it has.
 */
export async function loadSettledContent(
  options: Parameters<typeof loadContent>[0],
  previous: ReadonlyMap<string, string> | undefined,
  load: typeof loadContent = loadContent,
): Promise<LoadContentResult> {
  const deadline = performance.now() + SETTLE_MS;
  for (;;) {
    let loaded: LoadContentResult;
    try {
      loaded = await load(options);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || performance.now() > deadline) throw error;
      await sleep(10);
      continue;
    }
    if (!previous) return loaded;
    const changed = loaded.files.filter((f) => previous.get(f.path) !== f.hash);
    const emptied = changed.filter((f) => f.hash === EMPTY_HASH).map((f) => f.path);
    if (emptied.length > 0) {
      if (await someFileChanges(emptied, deadline)) continue;
      return loaded;
    }
    if (performance.now() > deadline || !(await someFileMoved(changed, deadline))) return loaded;
  }
}

/** Polls the (empty) files until one of them gains content or disappears (true), or the deadline passes (false). */
async function someFileChanges(files: string[], deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    await sleep(10);
    const sizes = await Promise.all(files.map((file) => stat(file).then((info) => info.size, () => -1)));
    if (sizes.some((size) => size !== 0)) return true;
  }
  return false;
}

/**
 * True when one of the docs just read no longer holds what was read (written
 * since, or still being written). Only a regular file is read again, and
 * only to compare: a file replaced by anything else counts as moved, and the
 * next read applies the file rule to it as the first did.
 */
async function someFileMoved(files: { path: string; hash: string }[], deadline: number): Promise<boolean> {
  for (const file of files) {
    if (performance.now() > deadline) return false;
    const info = await lstat(file.path).catch(() => undefined);
    if (!info?.isFile()) return true;
    const bytes = await readFile(file.path).catch(() => undefined);
    if (!bytes || createHash('sha256').update(bytes).digest('hex').slice(0, 20) !== file.hash) return true;
  }
  return false;
}
