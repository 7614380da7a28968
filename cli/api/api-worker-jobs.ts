/**
 * The API worker's jobs (api-worker.ts loads this module): runs TypeDoc on the library and converts its project,
 * so the main thread compiles the guides meanwhile (both take seconds on a cold build).
 */
import { serveJobs } from '../workers/worker-pool.js';
import { ApiError } from './api-options.js';
import { convertPackage, type ConvertJob, type ConvertResult } from './convert-package.js';

serveJobs<null, ConvertJob, ConvertResult>(async () => async ({ root, pkg }) => {
  try {
    return { model: await convertPackage(root, pkg) };
  } catch (error) {
    if (error instanceof ApiError) return { error: { message: error.message, hint: error.hint } };
    throw error;
  }
});
