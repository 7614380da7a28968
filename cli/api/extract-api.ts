/**
 * The API stage: TypeDoc model of a library → `ApiModel`, cached on disk.
 */
import { canUseWorker, runPool } from '../workers/worker-pool.js';
import { hashSources } from '../cache/hash-sources.js';
import { getCacheFile, readCachedModel, writeCachedModel } from './api-cache.js';
import type { ApiModel } from '../api-model.js';
import { ApiError, type ApiOptions } from './api-options.js';
import { convertPackage, type ConvertJob, type ConvertResult } from './convert-package.js';
import { resolvePackage, type ResolvedPackage } from './resolve-package.js';

export { ApiError, type ApiOptions } from './api-options.js';
export type * from '../api-model.js';
export { MODEL_VERSION } from '../api-model.js';

export interface ExtractApiOptions {
  /** Site root; the package is resolved from here as Node would. */
  root: string;
  api: ApiOptions;
  /** Directory for the JSON cache; no caching without it. */
  cacheDir?: string;
  /** Convert even when a cached model exists (and rewrite the cache). */
  noCache?: boolean;
  /** Told the cache file this build reads or writes, so that pruning the cache keeps it. */
  onCacheFile?: (file: string) => void;
  /** Called when TypeDoc read the package on a worker thread (the build reports it). */
  onWorker?: () => void;
}

/**
 * Reads the package's TypeScript sources with TypeDoc and returns its API model.
 * Throws `ApiError` when the package or its entry point cannot be found, or TypeDoc fails.
 */
export async function extractApi(opts: ExtractApiOptions): Promise<ApiModel> {
  const pkg = resolvePackage(opts.root, opts.api);
  const cacheFile = opts.cacheDir
    ? getCacheFile(opts.cacheDir, {
        name: pkg.name,
        version: pkg.version,
        dir: pkg.dir,
        entryPoint: pkg.entryPoint,
        options: opts.api,
        sources: hashSources(pkg.dir),
      })
    : undefined;
  if (cacheFile) opts.onCacheFile?.(cacheFile);
  if (cacheFile && !opts.noCache) {
    const cached = await readCachedModel(cacheFile);
    if (cached) return cached;
  }
  const model = (await convertInWorker(opts.root, pkg, opts.onWorker)) ?? (await convertPackage(opts.root, pkg));
  if (cacheFile) await writeCachedModel(cacheFile, model);
  return model;
}

const WORKER = new URL('./api-worker.js', import.meta.url);

/**
 * The same on a worker thread, where there is one (the compiled CLI on more than one core): TypeDoc's seconds then
 * overlap with the guides compiling on the main thread. Undefined when there is none.
 */
async function convertInWorker(
  root: string,
  pkg: ResolvedPackage,
  onWorker?: () => void,
): Promise<ApiModel | undefined> {
  if (!canUseWorker(WORKER)) return undefined;
  let outcome: ConvertResult | undefined;
  if (
    await runPool<null, ConvertJob, ConvertResult>({
      script: WORKER,
      // TypeScript's program for a large library takes hundreds of megabytes.
      limits: { maxYoungGenerationSizeMb: 64, maxOldGenerationSizeMb: 4096 },
      init: null,
      jobs: [{ root, pkg }],
      onDone: (_, result) => {
        outcome = result;
      },
      describe: () => `reading ${pkg.name} with TypeDoc`,
    })
  )
    onWorker?.();
  if (outcome && 'error' in outcome) throw new ApiError(outcome.error.message, outcome.error.hint);
  return outcome?.model;
}
