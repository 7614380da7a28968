/**
 * Finds the documented package from the site root and picks its TypeScript entry point.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { trimSlashes, trimTrailingSlashes } from '../url-parts.js';
import { ApiError, type ApiOptions } from './api-options.js';

/** What extractApi needs to know about the package. */
export interface ResolvedPackage {
  name: string;
  version: string;
  /** Absolute package directory. */
  dir: string;
  /** Absolute path of the TypeScript entry point. */
  entryPoint: string;
  repository?: string;
  directory?: string;
}

interface PackageJson {
  name?: string;
  version?: string;
  source?: string;
  'react-native'?: string;
  repository?: string | { url?: string; directory?: string };
}

const TS_EXTENSIONS = ['.ts', '.tsx'];

/** Resolves `api.package` as Node would from `root`, then its entry point. */
export function resolvePackage(root: string, api: ApiOptions): ResolvedPackage {
  const dir = findPackageDir(root, api.package);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
  const repo = typeof pkg.repository === 'string' ? { url: pkg.repository } : (pkg.repository ?? {});
  const repository = repo.url ? normalizeRepositoryUrl(repo.url) : undefined;
  return {
    name: pkg.name ?? api.package,
    version: pkg.version ?? '0.0.0',
    dir,
    entryPoint: findEntryPoint(dir, pkg, api),
    ...(repository ? { repository } : {}),
    ...(repo.directory ? { directory: trimSlashes(repo.directory) } : {}),
  };
}

function findPackageDir(root: string, name: string): string {
  const require = createRequire(path.join(path.resolve(root), 'package.json'));
  // Look through the lookup paths ourselves: `exports` may hide package.json from require.resolve.
  for (const base of require.resolve.paths(name) ?? []) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  throw new ApiError(
    `Cannot find the package "${name}" from ${path.resolve(root)}, so the API reference cannot be generated.`,
    `npm install --save-dev ${name}`,
  );
}

function findEntryPoint(dir: string, pkg: PackageJson, api: ApiOptions): string {
  if (api.entryPoint) {
    const entry = path.resolve(dir, api.entryPoint);
    if (fs.existsSync(entry)) return entry;
    throw new ApiError(
      `The API entry point ${entry} of "${api.package}" does not exist.`,
      `Set api.entryPoint to a .ts file relative to ${dir}`,
    );
  }
  const fields = [pkg.source, pkg['react-native'], 'src/index'].filter((f): f is string => Boolean(f));
  for (const field of fields) {
    const found = withTsExtension(path.resolve(dir, field));
    if (found) return found;
  }
  throw new ApiError(
    `Cannot find the TypeScript sources of "${api.package}" (looked at package.json "source", "react-native" and src/index.ts).`,
    'Set api.entryPoint to the package\'s TypeScript entry file, e.g. "src/index.ts"',
  );
}

/** The path itself when it is a TS file, else the first existing `path.ts`/`path.tsx`. */
function withTsExtension(file: string): string | undefined {
  if (TS_EXTENSIONS.includes(path.extname(file)) && fs.existsSync(file)) return file;
  return TS_EXTENSIONS.map((ext) => file + ext).find((f) => fs.existsSync(f));
}

/** Turns npm repository notations into a web URL (`https://github.com/owner/repo`). */
export function normalizeRepositoryUrl(url: string): string {
  const shorthand = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(url);
  if (shorthand) return `https://github.com/${shorthand[1]}`;
  const web = url
    .replace(/^git\+/, '')
    .replace(/^git@([^:]+):/, 'https://$1/')
    .replace(/^(?:git|ssh):\/\/(?:git@)?/, 'https://')
    .replace(/\.git$/, '');
  return trimTrailingSlashes(web);
}
