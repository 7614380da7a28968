import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The disk cache of external links found alive: URL → when. */
export interface CacheShape {
  version: 1;
  alive: Record<string, number>;
}

/** The cache, or an empty one when there is no file or it cannot be read. */
export async function readCache(file: string | undefined): Promise<CacheShape> {
  if (!file) return { version: 1, alive: {} };
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as CacheShape;
    if (parsed.version === 1 && parsed.alive && typeof parsed.alive === 'object') return parsed;
  } catch {
    // Missing or corrupt: start afresh.
  }
  return { version: 1, alive: {} };
}

/** Writes the cache without the entries older than `ttl`, atomically; a failure only costs the next check time. */
export async function writeCache(file: string | undefined, cache: CacheShape, ttl: number): Promise<void> {
  if (!file) return;
  const now = Date.now();
  const alive = Object.fromEntries(Object.entries(cache.alive).filter(([, at]) => now - at < ttl));
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ version: 1, alive }));
    await rename(temp, file);
  } catch {
    // A cache that cannot be written only makes the next check slower.
  }
}
