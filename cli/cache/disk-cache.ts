import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import path from 'node:path';

/** Bump when the shape or meaning of cached entries changes. */
export const CACHE_VERSION = 1;

/**
 * A folder of JSON entries keyed by content hashes. Reads that fail (missing,
 * corrupt) are misses; writes go through a temp file and a rename so a
 * killed build never leaves half an entry.
 */
export class DiskCache {
  constructor(
    readonly dir: string,
    private readonly enabled = true,
  ) {
    if (enabled) mkdirSync(dir, { recursive: true });
  }

  get<T>(namespace: string, key: string): T | undefined {
    if (!this.enabled) return undefined;
    try {
      return JSON.parse(readFileSync(this.file(namespace, key), 'utf8')) as T;
    } catch {
      return undefined;
    }
  }

  set(namespace: string, key: string, value: unknown): void {
    const file = this.file(namespace, key);
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify(value));
      renameSync(temp, file);
    } catch {
      // A cache that cannot be written only makes the next build slower.
    }
  }

  clear(): void {
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
  }

  private file(namespace: string, key: string): string {
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}.json`);
  }
}

export function hashOf(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(typeof part === 'string' ? part : JSON.stringify(part) ?? 'undefined').update('\0');
  return hash.digest('hex').slice(0, 32);
}
