/**
 * What the sample compiler may read: the one place that decides. Samples
 * are content (they may come from a stranger's pull request), and whatever
 * the compiler reads can surface in an error message or a popup, so every
 * read, existence test and real path of the compiler goes through here.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The folders the compiler may read from. */
export interface AccessRules {
  /** `<root>/node_modules` (by the root's real path): packages, as long as their real path stays inside. */
  nodeModules: string;
  /** TypeScript's own `lib.*.d.ts` folder. */
  libDir: string;
}

/** A sample file: its text and a version the compiler's caches key on. */
export interface VirtualFile {
  text: string;
  version: number;
}

/** The real path, or undefined when the path does not exist (or cannot be resolved). */
export function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
}

/** True when `file` is `dir` or inside it (both absolute and normalized). */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** `<root>/node_modules` by the root's real path (a symlinked root is fine; a symlinked node_modules folder leads outside it). */
export function nodeModulesOf(root: string): string {
  return path.join(realPathOf(root) ?? path.resolve(root), 'node_modules');
}

/**
 * The file system as the sample compiler sees it: the virtual samples, the
 * TypeScript lib folder, and the packages of the site's node_modules whose
 * real path stays inside it. Everything else does not exist.
 */
export class SampleFileAccess {
  /** The samples, by absolute path: never written to disk. */
  readonly files = new Map<string, VirtualFile>();
  /** Folders holding samples, with how many each holds. */
  private readonly folders = new Map<string, number>();
  /** Real paths looked up since `forgetRealPaths` (undefined: refused or missing). */
  private readonly realPaths = new Map<string, string | undefined>();
  private nextVersion = 1;

  constructor(private readonly rules: AccessRules) {}

  /** Adds or replaces a sample; its version changes only when its text does. */
  writeVirtual(file: string, text: string): void {
    const old = this.files.get(file);
    if (old?.text === text) return;
    if (!old) this.countFolders(file, 1);
    this.files.set(file, { text, version: this.nextVersion++ });
  }

  removeVirtual(file: string): void {
    if (this.files.delete(file)) this.countFolders(file, -1);
  }

  /** Forgets the real paths seen so far (each check looks again: packages may have been installed meanwhile). */
  forgetRealPaths(): void {
    this.realPaths.clear();
  }

  fileExists(file: string): boolean {
    const normalized = path.resolve(file);
    if (this.files.has(normalized)) return true;
    const real = this.allowedRealPath(normalized);
    return real !== undefined && isFile(real);
  }

  readFile(file: string): string | undefined {
    const normalized = path.resolve(file);
    const virtual = this.files.get(normalized);
    if (virtual) return virtual.text;
    const real = this.allowedRealPath(normalized);
    if (real === undefined || !isFile(real)) return undefined;
    try {
      return fs.readFileSync(real, 'utf8');
    } catch {
      return undefined;
    }
  }

  directoryExists(dir: string): boolean {
    const normalized = path.resolve(dir);
    if (this.folders.has(normalized)) return true;
    const real = this.allowedRealPath(normalized);
    return real !== undefined && isDirectory(real);
  }

  /** The real path of an allowed file (so a package linked within node_modules is one package), else the path as given. */
  realpath(file: string): string {
    const normalized = path.resolve(file);
    if (this.files.has(normalized)) return normalized;
    return this.allowedRealPath(normalized) ?? normalized;
  }

  getDirectories(dir: string): string[] {
    const real = this.allowedRealPath(path.resolve(dir));
    if (real === undefined) return [];
    try {
      return fs.readdirSync(real, { withFileTypes: true }).filter((entry) => entry.isDirectory() || entry.isSymbolicLink()).map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  /** The real path of a file or folder the compiler may see, or undefined: for the compiler it does not exist. */
  private allowedRealPath(normalized: string): string | undefined {
    if (isInside(normalized, this.rules.libDir)) return normalized;
    if (!isInside(normalized, this.rules.nodeModules)) return undefined;
    if (this.realPaths.has(normalized)) return this.realPaths.get(normalized);
    const real = realPathOf(normalized);
    const allowed = real !== undefined && isInside(real, this.rules.nodeModules) ? real : undefined;
    this.realPaths.set(normalized, allowed);
    return allowed;
  }

  /** Keeps the count of samples under each folder of a sample (its folder and the shared one above it). */
  private countFolders(file: string, delta: number): void {
    const root = path.dirname(this.rules.nodeModules);
    for (let dir = path.dirname(file); isInside(dir, root) && dir !== root; dir = path.dirname(dir)) {
      const count = (this.folders.get(dir) ?? 0) + delta;
      if (count > 0) this.folders.set(dir, count);
      else this.folders.delete(dir);
    }
  }
}

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

function isDirectory(dir: string): boolean {
  return fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
