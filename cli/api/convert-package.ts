/**
 * One library package → its API model, by TypeDoc. Runs on the API worker thread, or on the main thread where
 * there is no worker; both sides import it from here.
 */
import path from 'node:path';
import { MODEL_VERSION, type ApiModel } from '../api-model.js';
import { ApiError } from './api-options.js';
import type { ResolvedPackage } from './resolve-package.js';

export interface ConvertJob {
  root: string;
  pkg: ResolvedPackage;
}

/** The model, or the ApiError that stopped it (an Error loses its class and hint on the way between threads). */
export type ConvertResult = { model: ApiModel } | { error: { message: string; hint: string } };

/** Runs TypeDoc (loaded only now, so warm builds never import it) and converts its project. */
export async function convertPackage(root: string, pkg: ResolvedPackage): Promise<ApiModel> {
  const { runTypedoc } = await import('./run-typedoc.js');
  const { convertProject } = await import('./convert-project.js');
  const result = await runTypedoc(pkg.entryPoint);
  if (!result.project || result.errors.length) {
    throw new ApiError(
      `TypeDoc could not convert "${pkg.name}" from ${pkg.entryPoint}:\n  ${result.errors.join('\n  ') || 'no project produced'}`,
      'Check api.entryPoint and that the package ships its TypeScript sources',
    );
  }
  const { entities, warnings } = convertProject(result.project, { pkgDir: pkg.dir, heritage: result.heritage });
  return {
    modelVersion: MODEL_VERSION,
    package: {
      name: pkg.name,
      version: pkg.version,
      dir: toPosix(path.relative(path.resolve(root), pkg.dir)),
      ...(pkg.repository ? { repository: pkg.repository } : {}),
      ...(pkg.directory ? { directory: pkg.directory } : {}),
    },
    entities,
    warnings: [...result.warnings, ...warnings].map((w) => ({
      ...w,
      ...(w.file ? { file: toPosix(path.relative(path.resolve(root), w.file)) } : {}),
    })),
  };
}

function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
