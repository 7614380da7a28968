/**
 * Stores API models as JSON files so a warm build skips TypeDoc.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MODEL_VERSION, type ApiModel } from '../api-model.js';

/** The cache file for a model: keyed by package, version, options and MODEL_VERSION. */
export function getCacheFile(cacheDir: string, keyParts: Record<string, unknown>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ ...keyParts, modelVersion: MODEL_VERSION }))
    .digest('hex')
    .slice(0, 16);
  const name = String(keyParts.name ?? 'package').replace(/[^a-zA-Z0-9.-]+/g, '_');
  return path.join(cacheDir, `api-${name}-${hash}.json`);
}

/** The cached model, or undefined when missing, unreadable or of another model version. */
export async function readCachedModel(file: string): Promise<ApiModel | undefined> {
  try {
    const model = JSON.parse(await fs.readFile(file, 'utf8')) as ApiModel;
    return model.modelVersion === MODEL_VERSION ? model : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the model atomically (temp file + rename). */
export async function writeCachedModel(file: string, model: ApiModel): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, JSON.stringify(model));
  await fs.rename(temp, file);
}
