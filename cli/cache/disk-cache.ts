import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pruneCache } from './prune-cache.js';

/**
 * Bump when the shape or meaning of cached entries changes. 2: code is
 * highlighted without shiki's time limit, so pages cached by version 1 may
 * hold lines a busy machine left plain; they are compiled again. 3: pages are
 * no longer keyed by the whole route table but record the doc paths they
 * looked up (`lookups`); entries of version 2 have no record, and would be
 * reused whatever their links now point to.
 */
export const CACHE_VERSION = 3;

/**
 * A folder of JSON entries keyed by content hashes. Reads that fail (missing,
 * corrupt, cut short by a killed build) are misses. Every entry looked up or
 * stored is remembered, so that `prune` can drop the ones this run never
 * touched.
 */
export class DiskCache {
  /** Folders known to exist, so each entry costs one write. */
  private readonly dirs = new Set<string>();
  /** Entries this run looked up or stored (hits, misses and writes), relative to `dir`. */
  private readonly used = new Set<string>();
  /** Binary entries this run wrote: readable even with the cache off, as they are this run's own. */
  private readonly fresh = new Set<string>();

  /** `dir` is `cacheDirOf(root)` (cache-folder.ts) for a site's cache. */
  constructor(
    readonly dir: string,
    readonly enabled = true,
  ) {
    if (enabled) mkdirSync(dir, { recursive: true });
  }

  get<T>(namespace: string, key: string): T | undefined {
    const text = this.read(this.file(namespace, key));
    try {
      return text === undefined ? undefined : (JSON.parse(text) as T);
    } catch {
      return undefined;
    }
  }

  set(namespace: string, key: string, value: unknown): void {
    // Written in place, without a temp file and a rename (which cost more than the write): an entry cut
    // short by a killed build is not valid JSON, and `get` treats it as a miss.
    this.write(this.file(namespace, key), () => JSON.stringify(value));
  }

  /** Keeps an entry (and its text, if any) through `prune` without reading it: this run still depends on it. */
  keep(namespace: string, key: string): void {
    this.markUsed(this.file(namespace, key));
    this.markUsed(this.textFile(namespace, key));
  }

  /** A text entry stored as it is (a rendered page), not as JSON. */
  getText(namespace: string, key: string): string | undefined {
    return this.read(this.textFile(namespace, key));
  }

  /** Whether an entry exists, without reading it (false with the cache off). */
  has(namespace: string, key: string): boolean {
    return this.enabled && statSync(this.file(namespace, key), { throwIfNoEntry: false }) !== undefined;
  }

  /** The size in bytes of a text entry, undefined when there is none (or the cache is off). */
  textSize(namespace: string, key: string): number | undefined {
    if (!this.enabled) return undefined;
    return statSync(this.textFile(namespace, key), { throwIfNoEntry: false })?.size;
  }

  /** Stored in place, as `set` does: the caller tells a text cut short by a killed build by its size. */
  setText(namespace: string, key: string, text: string): void {
    this.write(this.textFile(namespace, key), () => text);
  }

  /** A binary entry (a PNG), stored as it is; with the cache off, only one this run stored. */
  getBytes(namespace: string, key: string): Buffer | undefined {
    const file = this.bytesFile(namespace, key);
    this.markUsed(file);
    if (!this.enabled && !this.fresh.has(file)) return undefined;
    try {
      return readFileSync(file);
    } catch {
      return undefined;
    }
  }

  /** True when a binary entry exists (it is then kept through `prune`); false with the cache off. */
  hasBytes(namespace: string, key: string): boolean {
    const file = this.bytesFile(namespace, key);
    this.markUsed(file);
    return this.enabled && statSync(file, { throwIfNoEntry: false }) !== undefined;
  }

  /** Keeps a binary entry through `prune` without looking for it (it is there or it is drawn when needed). */
  keepBytes(namespace: string, key: string): void {
    this.markUsed(this.bytesFile(namespace, key));
  }

  /** Stored in place, as `set` does: the caller tells bytes cut short by a killed build by their contents. */
  setBytes(namespace: string, key: string, bytes: Uint8Array): void {
    const file = this.bytesFile(namespace, key);
    this.write(file, () => bytes);
    this.fresh.add(file);
  }

  /** An entry that another module reads and writes itself (the API model file): kept by `prune` like this cache's own. */
  markUsed(file: string): void {
    this.used.add(path.relative(this.dir, file));
  }

  /**
   * Removes every entry of the site's cache that this run did not use (see
   * prune-cache.ts). For `build` once it succeeded: a failed or partial run
   * (`check` builds no search index) would drop entries the next build needs.
   */
  prune(): void {
    try {
      pruneCache(this.dir, this.used);
    } catch {
      // An entry that cannot be removed only takes room until the next build.
    }
  }

  /** A file's text, undefined when it cannot be read or the cache is off; it counts as used either way. */
  private read(file: string): string | undefined {
    this.markUsed(file);
    if (!this.enabled) return undefined;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }

  private write(file: string, text: () => string | Uint8Array): void {
    this.markUsed(file);
    try {
      const dir = path.dirname(file);
      if (!this.dirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.dirs.add(dir);
      }
      writeFileSync(file, text());
    } catch {
      // A cache that cannot be written only makes the next build slower.
    }
  }

  private bytesFile(namespace: string, key: string): string {
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}.bin`);
  }

  private textFile(namespace: string, key: string): string {
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}.txt`);
  }

  private file(namespace: string, key: string): string {
    return path.join(this.dir, namespace, key.slice(0, 2), `${key}.json`);
  }
}

export function hashOf(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts)
    hash.update(typeof part === 'string' ? part : (JSON.stringify(part) ?? 'undefined')).update('\0');
  return hash.digest('hex').slice(0, 32);
}
