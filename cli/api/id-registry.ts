/**
 * Keeps HTML ids unique within one page.
 */

export interface IdRegistry {
  /** Returns `id`, or `id-2`, `id-3`… when taken, and marks it taken. */
  claim(id: string): string;
  /** Returns `id` when still free (marking it taken), else undefined. */
  claimIfFree(id: string): string | undefined;
}

/** Creates a registry with some ids already taken. */
export function createIdRegistry(taken: Iterable<string> = []): IdRegistry {
  const used = new Set(taken);
  return {
    claim(id) {
      let candidate = id;
      for (let n = 2; used.has(candidate); n++) candidate = `${id}-${n}`;
      used.add(candidate);
      return candidate;
    },
    claimIfFree(id) {
      if (used.has(id)) return undefined;
      used.add(id);
      return id;
    },
  };
}
