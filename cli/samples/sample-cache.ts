/**
 * What a checked page's result depends on besides its own blocks: docsgen's
 * code, the compiler, its fixed options, the library's TypeScript files,
 * and the versions of the type packages samples compile against. Read
 * from the files themselves: a warm check never loads TypeScript.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { API_KINDS, type ApiKind } from '../api-model.js';
import { hashSources } from '../cache/hash-sources.js';
import { CACHE_VERSION, hashOf } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import type { SampleEnvironment } from '../config/schema.js';
import { sampleCompilerOptions } from './compiler-options.js';
import { findPackageDir } from './package-rule.js';
import { realPathOf } from './real-paths.js';

/** The cache namespace of checked pages and of the library's exports. */
export const SAMPLES_NAMESPACE = 'code-samples';

/** Packages whose types samples use besides the library's own dependencies. */
const TYPE_PACKAGES = ['react', '@types/react', 'react-native', 'react-native-worklets-core'];

/** The version in a package's package.json, where samples find the package (package-rule.ts), or `-` when missing. */
export function packageVersion(root: string, name: string): string {
  return readManifest(root, name)?.version ?? '-';
}

interface Manifest {
  version?: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function readManifest(root: string, name: string): Manifest | undefined {
  const dir = findPackageDir(realPathOf(root) ?? path.resolve(root), name);
  if (!dir) return undefined;
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** The compiler's version, from its package.json (TypeScript itself is not loaded). */
function typescriptVersion(): string {
  const require = createRequire(import.meta.url);
  return (JSON.parse(fs.readFileSync(require.resolve('typescript/package.json'), 'utf8')) as Manifest).version ?? '-';
}

/**
 * The key part shared by every page of a check: docsgen's code, the
 * compiler and its options, the versions of the library, of its
 * dependencies and of the type packages, and the shape of the links
 * (`hrefOf` for each kind: the base URL and the API route are in it).
 */
export function environmentKey(
  root: string,
  packageName: string,
  environment: SampleEnvironment,
  hrefOf: (target: { kind: ApiKind; entity: string; member?: string }) => string,
): string {
  const library = readManifest(root, packageName);
  const libraryDir = findPackageDir(realPathOf(root) ?? path.resolve(root), packageName);
  const names = [
    ...new Set([
      ...TYPE_PACKAGES,
      ...Object.keys(library?.dependencies ?? {}),
      ...Object.keys(library?.peerDependencies ?? {}),
    ]),
  ].sort();
  const hrefs = API_KINDS.map((kind) => [hrefOf({ kind, entity: 'E' }), hrefOf({ kind, entity: 'E', member: 'M' })]);
  return hashOf(
    CACHE_VERSION,
    codeVersion(),
    typescriptVersion(),
    sampleCompilerOptions(environment),
    packageName,
    library?.version ?? '-',
    // A library edited in place keeps its version: its files decide.
    libraryDir ? hashSources(libraryDir) : '-',
    names.map((name) => [name, packageVersion(root, name)]),
    hrefs,
  );
}
