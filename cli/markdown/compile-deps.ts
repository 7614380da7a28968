import { statSync } from 'node:fs';
import type { FileStamp, RouteLookup } from '../types.js';

/**
 * What a compiled page (or fragment) depended on besides its own source and
 * the shared settings: the files it read (images) and the doc paths it looked
 * up in the route table. Cached output is keyed on its own source only, and
 * reused while these still give the answers they gave, so adding a page
 * recompiles that page alone, and moving one recompiles the pages that link to it.
 */
export interface CompileDeps {
  reads?: FileStamp[];
  lookups?: RouteLookup[];
}

/** True when every file a cached result read is as it was, and every doc path it looked up still has the route it had. */
export function isCurrent(deps: CompileDeps, docRoutes: ReadonlyMap<string, string>): boolean {
  return (
    (deps.lookups ?? []).every(([docPath, route]) => (docRoutes.get(docPath) ?? null) === route) &&
    readsUnchanged(deps.reads)
  );
}

/** True when every file a cached page read (an image, an imported partial) is as it was then (a missing file counts as changed). */
export function readsUnchanged(reads: FileStamp[] | undefined): boolean {
  return (reads ?? []).every((read) => {
    const stat = statSync(read.path, { throwIfNoEntry: false });
    return stat !== undefined && stat.size === read.size && stat.mtimeMs === read.mtimeMs;
  });
}

/** The dependencies of several fragments (the API pages, cached as one entry), each file and lookup once. */
export function mergeDeps(all: CompileDeps[]): CompileDeps {
  const reads = new Map<string, FileStamp>();
  const lookups = new Map<string, string | null>();
  for (const deps of all) {
    for (const read of deps.reads ?? []) reads.set(read.path, read);
    for (const [docPath, route] of deps.lookups ?? []) lookups.set(docPath, route);
  }
  return { ...(reads.size ? { reads: [...reads.values()] } : {}), ...(lookups.size ? { lookups: [...lookups] } : {}) };
}
