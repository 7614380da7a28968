/**
 * Reading the docs folder while an editor saves into it. A save truncates the
 * file and then writes it, and a large file is written in more than one step:
 * a read in between sees an empty file or only the start of it, and dev would
 * show that page (cut short) until the next change. Read as `loadContent`
 * does, then made sure of.
 */
import { lstat, readFile, stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { docHashOf, loadContent, sha256Hex, type LoadContentResult } from '../load/load-content.js';
import type { ContentFile } from '../types.js';

/** How long a doc being saved may take to settle (see `loadSettledContent`). */
const SETTLE_MS = 200;
/** The content hash `loadContent` gives an empty file. */
const EMPTY_HASH = docHashOf(sha256Hex(new Uint8Array()));

/**
 * Reads the docs as `loadContent` does, but never in the middle of an editor's save:
 * - a file deleted between being listed and being read is read again without it;
 * - a doc that was not empty before and reads empty now is, almost always, a file
 *   truncated and not yet written again; it is read again once it has content, or
 *   after SETTLE_MS, when an empty doc is what the author meant;
 * - a doc that changed (its hash differs from its version in `previous`, the docs
 *   as last read) and no longer holds what was read was being written while it
 *   was read: it is read again until it holds still; still moving SETTLE_MS after
 *   the first read, it keeps its previous version (the write's own change event
 *   reads it once more).
 * The time to settle starts after the first read, however long that took.
 * Meanwhile the site keeps serving the pages it has.
 */
export async function loadSettledContent(
  options: Parameters<typeof loadContent>[0],
  previous: readonly ContentFile[] | undefined,
  load: typeof loadContent = loadContent,
): Promise<LoadContentResult> {
  const hashes = new Map(previous?.map((f) => [f.path, f.hash]));
  // From the first read on: a read slowed down by a busy machine must not use up the time a save has to settle.
  let deadline: number | undefined;
  for (;;) {
    let loaded: LoadContentResult;
    try {
      loaded = await load(options);
    } catch (error) {
      if (
        (error as NodeJS.ErrnoException).code !== 'ENOENT' ||
        performance.now() > (deadline ??= performance.now() + SETTLE_MS)
      )
        throw error;
      await sleep(10);
      continue;
    }
    deadline ??= performance.now() + SETTLE_MS;
    if (!previous) return loaded;
    const changed = loaded.files.filter((f) => hashes.get(f.path) !== f.hash);
    const emptied = changed.filter((f) => f.hash === EMPTY_HASH).map((f) => f.path);
    if (emptied.length > 0) {
      if (await someFileChanges(emptied, deadline)) continue;
      return loaded;
    }
    const moved = await filesMoved(changed);
    if (moved.size === 0) return loaded;
    if (performance.now() < deadline) continue;
    // Out of time, with a doc still being written: it keeps its last version until the write's own change event
    // reads it again (a new doc is shown as read).
    const before = new Map(previous.map((f) => [f.path, f]));
    return { ...loaded, files: loaded.files.map((f) => (moved.has(f.path) && before.get(f.path)) || f) };
  }
}

/** Polls the (empty) files until one of them gains content or disappears (true), or the deadline passes (false). */
async function someFileChanges(files: string[], deadline: number): Promise<boolean> {
  while (performance.now() < deadline) {
    await sleep(10);
    const sizes = await Promise.all(
      files.map((file) =>
        stat(file).then(
          (info) => info.size,
          () => -1,
        ),
      ),
    );
    if (sizes.some((size) => size !== 0)) return true;
  }
  return false;
}

/**
 * The docs just read that no longer hold what was read (written since, or
 * still being written). Only a regular file is read again, and only to
 * compare: a file replaced by anything else counts as moved, and the next
 * read applies the file rule to it as the first did.
 */
async function filesMoved(files: readonly ContentFile[]): Promise<Set<string>> {
  const moved = new Set<string>();
  for (const file of files) {
    const info = await lstat(file.path).catch(() => undefined);
    const bytes = info?.isFile() ? await readFile(file.path).catch(() => undefined) : undefined;
    if (!bytes || docHashOf(sha256Hex(bytes)) !== file.hash) moved.add(file.path);
  }
  return moved;
}
