import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** docsgen's own folder (where `templates/` lives), from source or from the compiled `lib/`. */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'docsgen') return (cached = dir);
    dir = path.dirname(dir);
  }
  throw new Error('could not find the docsgen package folder');
}

export function docsgenVersion(): string {
  return JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')).version;
}

let cachedThemeVersion: string | undefined;
let cachedCodeVersion: string | undefined;

/**
 * Identifies the generator's code, for cache keys: the package version plus
 * the build id `scripts/compile.mjs` writes into `lib/` (a hash of the
 * sources), so editing docsgen itself never serves stale cached pages.
 */
/** The theme's version: a hash of every file of `templates/` when lib/ was compiled (rendered pages are cached by it). */
export function themeVersion(): string {
  if (cachedThemeVersion) return cachedThemeVersion;
  const idFile = path.join(packageRoot(), 'lib', 'theme-id.txt');
  return (cachedThemeVersion = existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : 'source');
}

export function codeVersion(): string {
  if (cachedCodeVersion) return cachedCodeVersion;
  const idFile = path.join(packageRoot(), 'lib', 'build-id.txt');
  const id = existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : 'source';
  return (cachedCodeVersion = `${docsgenVersion()}+${id}`);
}
