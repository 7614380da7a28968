import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { cacheFolderRefusal } from '../cache/cache-folder.js';
import { hashOf } from '../cache/disk-cache.js';
import { MARKER_FILE } from '../files/output-names.js';

/** One file of an output as the build that wrote it recorded it. */
export interface ManifestEntry {
  /** What the contents are (see file-stamp.ts): the caller's key, a content hash, or a copied file's stamp. */
  key: string;
  /** The stamp of the file as written (`stampOf`). */
  stamp: string;
}

/**
 * What a build wrote to an out dir, so the next build can take unchanged files
 * from it instead of writing them again. It lives in the site's cache folder
 * (`<cache>/output/<hash of the out dir's path>.json`), never in the out dir:
 * it is not deployed or served, content cannot reach it (node_modules/ is
 * outside the file rule), and it holds the build `id` that the out dir's
 * marker must show before any file of it is trusted.
 */
export interface OutputManifest {
  /** The out dir, absolute. */
  outDir: string;
  /** The build that wrote the out dir, also named in its marker file. */
  id: string;
  /** Output path (relative, with `/`) → entry. */
  files: Map<string, ManifestEntry>;
}

/** Bump when the meaning of a manifest changes: older ones are then ignored. */
const MANIFEST_VERSION = 1;

const MANIFEST_DIR = 'output';

/** Where the manifest of an out dir is kept: by the real path of the folder it sits in, so every spelling of it agrees. */
export function manifestFileOf(cacheDir: string, outDir: string): string {
  let parent = path.dirname(outDir);
  try {
    parent = realpathSync.native(parent);
  } catch {
    // Not made yet: no previous output to describe either.
  }
  return path.join(cacheDir, MANIFEST_DIR, `${hashOf(path.join(parent, path.basename(outDir)))}.json`);
}

/** A fresh build id, for the marker and the manifest. */
export function newBuildId(): string {
  return randomBytes(16).toString('hex');
}

/** The text of the marker file of a build. */
export function markerText(id: string): string {
  return `This folder was written by docsgen build and is replaced by the next build.\nbuild ${id}\n`;
}

/** The build id in an out dir's marker; undefined for a marker of an older docsgen, or none. */
export function readBuildId(outDir: string): string | undefined {
  try {
    return /^build ([0-9a-f]{32})$/m.exec(readFileSync(path.join(outDir, MARKER_FILE), 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** Reads a manifest; undefined when it is missing, unreadable or of another version (every file is then written). */
export function readManifest(file: string): OutputManifest | undefined {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number;
      outDir: string;
      id: string;
      files: [string, string, string][];
    };
    if (data.version !== MANIFEST_VERSION || typeof data.id !== 'string' || !Array.isArray(data.files))
      return undefined;
    return {
      outDir: data.outDir,
      id: data.id,
      files: new Map(data.files.map(([out, key, stamp]) => [out, { key, stamp }])),
    };
  } catch {
    return undefined;
  }
}

/**
 * Saves a manifest, and drops those of out dirs that no longer hold a
 * docsgen output. Failing to save only means the next build writes every file.
 */
export function saveManifest(file: string, manifest: OutputManifest): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const files = [...manifest.files].map(([out, entry]) => [out, entry.key, entry.stamp]);
    writeFileSync(file, JSON.stringify({ version: MANIFEST_VERSION, outDir: manifest.outDir, id: manifest.id, files }));
    dropOtherManifests(file);
  } catch {
    // The cache cannot be written: the next build only gets slower.
  }
}

/**
 * Removes the manifests beside `file` whose out dir is gone: only regular
 * files named as manifests are, in a folder reached through no symlink
 * (cache-folder.ts), so this delete never reaches outside the cache.
 */
function dropOtherManifests(file: string): void {
  const dir = path.dirname(file);
  if (cacheFolderRefusal(path.dirname(dir)) || !lstatSync(dir).isDirectory()) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const other = path.join(dir, entry.name);
    if (other === file || !entry.isFile() || !/^[0-9a-f]{32}\.json$/.test(entry.name)) continue;
    const described = readManifest(other)?.outDir;
    if (!described || !existsSync(path.join(described, MARKER_FILE))) rmSync(other, { force: true });
  }
}
