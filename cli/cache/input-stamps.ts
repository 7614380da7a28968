import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';

/**
 * A file or folder a bundle was built from, as it was: a file by the hash of
 * its contents, a folder by the hash of its names (a new file there may now
 * be the one an import resolves to). `hash` is null when it was missing.
 */
export type InputStamp = [path: string, hash: string | null];

/** Files besides the bundled sources that change how esbuild reads them: looked for in each source's folder and above it. */
const BUILD_SETTINGS = ['package.json', 'tsconfig.json', 'jsconfig.json'];

/** The stamps of everything esbuild read for a bundle (its metafile inputs, relative to `workingDir`). */
export function stampBundleInputs(metafile: Metafile, workingDir: string): InputStamp[] {
  return bundleInputs(metafile, workingDir).map((file) => [file, stampOf(file)]);
}

/** True when every input is as it was stamped: a bundle cached with these stamps is still what esbuild would make. */
export function inputsUnchanged(stamps: InputStamp[]): boolean {
  return stamps.every(([file, hash]) => stampOf(file) === hash);
}

/** The bundled source files, their folders, and the build settings files in those folders and every one above them. */
function bundleInputs(metafile: Metafile, workingDir: string): string[] {
  const sources = Object.keys(metafile.inputs).map((input) => path.resolve(workingDir, input));
  const folders = new Set(sources.map((file) => path.dirname(file)));
  const above = new Set<string>();
  for (const folder of folders) {
    for (let dir = folder; !above.has(dir); dir = path.dirname(dir)) {
      above.add(dir);
      if (dir === path.dirname(dir)) break;
    }
  }
  const settings = [...above].flatMap((dir) => BUILD_SETTINGS.map((name) => path.join(dir, name)));
  return [...sources, ...[...folders].map((dir) => dir + path.sep), ...settings];
}

/** A file's contents hash, a folder's (path ending in a separator) names hash, or null when it is not there. */
function stampOf(file: string): string | null {
  try {
    const hash = createHash('sha256');
    if (file.endsWith(path.sep)) hash.update(readdirSync(file).sort().join('\0'));
    else hash.update(readFileSync(file));
    return hash.digest('hex');
  } catch {
    return null;
  }
}
