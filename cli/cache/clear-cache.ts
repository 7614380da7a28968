import { lstatSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { cacheDirOf, cacheFolderRefusal } from './cache-folder.js';

/** One top-level entry of the cache folder that was removed (`pages`, `api`, `search`, `external-links.json`…). */
export interface ClearedEntry {
  name: string;
  files: number;
  bytes: number;
}

export interface ClearedCache {
  /** The cache folder, absolute. */
  dir: string;
  /** Empty when there was nothing to remove. */
  entries: ClearedEntry[];
  files: number;
  bytes: number;
}

/**
 * Removes a site's cache folder (`cacheDirOf`) and
 * says what it held. A delete, so it never reaches outside that folder: a
 * symlink on the way to it is refused (cache-folder.ts), and symlinks
 * inside it are removed as links, neither followed nor counted.
 */
export function clearCache(root: string): ClearedCache {
  const dir = cacheDirOf(root);
  const refusal = cacheFolderRefusal(dir);
  if (refusal) {
    throw new DocsgenError(`refusing to clear the cache: ${refusal}; nothing was removed`, {
      exitCode: EXIT_USAGE,
      hint: `docsgen only deletes a cache folder it reaches through plain folders; remove ${path.relative(root, dir)} yourself if you mean to`,
    });
  }
  const entries = listEntries(dir).map((name): ClearedEntry => ({ name, ...measure(path.join(dir, name)) }));
  rmSync(dir, { recursive: true, force: true });
  return { dir, entries, files: sum(entries, 'files'), bytes: sum(entries, 'bytes') };
}

function listEntries(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

/** Files and bytes under a path, symlinks counted as links (their targets are not the cache's). */
function measure(file: string): { files: number; bytes: number } {
  const stats = lstatSync(file);
  if (!stats.isDirectory()) return { files: 1, bytes: stats.isSymbolicLink() ? 0 : stats.size };
  const total = { files: 0, bytes: 0 };
  for (const name of readdirSync(file)) {
    const inner = measure(path.join(file, name));
    total.files += inner.files;
    total.bytes += inner.bytes;
  }
  return total;
}

function sum(entries: ClearedEntry[], key: 'files' | 'bytes'): number {
  return entries.reduce((total, entry) => total + entry[key], 0);
}
