/**
 * Worker thread entry: runs TypeDoc on the library and converts its project,
 * so the main thread compiles the guides meanwhile (both take seconds on a cold build).
 */
import { serveJobs } from '../workers/worker-pool.js';
import type { ApiModel } from './api-model.js';
import { ApiError } from './api-options.js';
import { convertPackage } from './extract-api.js';
import type { ResolvedPackage } from './resolve-package.js';

export interface ConvertJob {
  root: string;
  pkg: ResolvedPackage;
}

/** The model, or the ApiError that stopped it (an Error loses its class and hint on the way between threads). */
export type ConvertResult = { model: ApiModel } | { error: { message: string; hint: string } };

serveJobs<null, ConvertJob, ConvertResult>(async () => async ({ root, pkg }) => {
  try {
    return { model: await convertPackage(root, pkg) };
  } catch (error) {
    if (error instanceof ApiError) return { error: { message: error.message, hint: error.hint } };
    throw error;
  }
});
