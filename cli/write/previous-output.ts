import { constants, lstatSync, readdirSync } from 'node:fs';
import { link, lstat, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSameFile, isUntouched } from './file-stamp.js';
import { readBuildId, readManifest, type ManifestEntry } from './output-manifest.js';
import { MARKER_FILE } from '../files/output-names.js';

/** Errors of `link` that mean this file system (or this pair of folders) cannot hard-link: copy instead. */
const CANNOT_LINK = new Set(['EXDEV', 'EPERM', 'EMLINK', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EACCES']);

/**
 * The output of the previous build, as far as it can be trusted. Its manifest
 * is used only when the out dir's marker names the build that wrote it (a
 * folder put there by anything else, another docsgen build included, is never
 * taken from), and each file only while it is the very file that build wrote:
 * a regular file (by lstat: never a symlink), linked nowhere else, with the
 * recorded device, inode, size, mtime and ctime. A file edited by hand, or
 * replaced by a link to a secret, is written again instead.
 */
export class PreviousOutput {
  /** False once linking failed: the rest is copied. */
  private linking = true;

  private constructor(
    readonly dir: string,
    private readonly files: Map<string, ManifestEntry>,
  ) {}

  /** The previous output of `outDir` described by `manifestFile`, if there is one to trust. */
  static load(outDir: string, manifestFile: string): PreviousOutput | undefined {
    const manifest = readManifest(manifestFile);
    if (!manifest || readBuildId(outDir) !== manifest.id) return undefined;
    return new PreviousOutput(outDir, manifest.files);
  }

  /** How many files the previous build wrote. */
  get size(): number {
    return this.files.size;
  }

  /** The entry of `out` when the previous build wrote contents of this key there, and the file is still as it was written. */
  async match(out: string, key: string): Promise<ManifestEntry | undefined> {
    const entry = this.files.get(out);
    if (entry?.key !== key) return undefined;
    // Synchronous: a build that changed nothing asks this of every file, and a thread-pool round trip costs more than the call.
    try {
      return isUntouched(lstatSync(path.join(this.dir, out), { bigint: true }), entry.stamp) ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Puts the previous file of `out` at `file` (in the staged folder): a hard
   * link, checked afterwards to be that very file; or, where the file system
   * cannot link, a copy read through a handle opened without following links
   * and checked to be that file. Undefined, with nothing left at `file`, when
   * the file changed since `match` (edited while this build ran).
   */
  async takeInto(out: string, file: string, entry: ManifestEntry): Promise<'linked' | 'copied' | undefined> {
    const from = path.join(this.dir, out);
    if (this.linking) {
      try {
        await link(from, file);
        if (isSameFile(await lstat(file, { bigint: true }), entry.stamp)) return 'linked';
        await rm(file, { force: true });
        return undefined;
      } catch (error) {
        if (!CANNOT_LINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        this.linking = false;
      }
    }
    const handle = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
    if (!handle) return undefined;
    try {
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile() || !isSameFile(stats, entry.stamp)) return undefined;
      await writeFile(file, await handle.readFile(), { flag: 'wx' });
      return 'copied';
    } finally {
      await handle.close();
    }
  }

  /**
   * The out dir holds exactly these files besides its marker, in real folders
   * (no symlink, no stray file or empty folder): it already is the output.
   */
  holdsExactly(paths: ReadonlySet<string>): boolean {
    const dirs = new Set<string>();
    for (const out of paths)
      for (let dir = path.posix.dirname(out); dir !== '.'; dir = path.posix.dirname(dir)) dirs.add(dir);
    let found = 0;
    const walk = (relative: string): boolean => {
      for (const entry of readdirSync(path.join(this.dir, relative), { withFileTypes: true })) {
        const name = relative ? `${relative}/${entry.name}` : entry.name;
        if (
          entry.isDirectory()
            ? !dirs.has(name) || !walk(name)
            : !entry.isFile() || !(paths.has(name) || name === MARKER_FILE)
        )
          return false;
        if (entry.isFile()) found++;
      }
      return true;
    };
    try {
      return walk('') && found === paths.size + 1;
    } catch {
      return false;
    }
  }
}
