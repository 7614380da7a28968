/**
 * What the sample compiler may read: the one place that decides. Samples
 * are content (they may come from a stranger's pull request), and whatever
 * the compiler reads can surface in an error message or a popup, so every
 * read, existence test and real path of the compiler goes through here:
 * the samples themselves (virtual, never on disk), TypeScript's lib folder,
 * and package files as package-rule.ts judges them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PackageRule } from './package-rule.js';
import { isInside } from './real-paths.js';

/** Where the compiler reads from. */
export interface AccessRules {
  /** The site root's real path: packages are found from it (its node_modules and those above it). */
  root: string;
  /** TypeScript's own `lib.*.d.ts` folder. */
  libDir: string;
}

/** A sample file: its text and a version the compiler's caches key on. */
export interface VirtualFile {
  text: string;
  version: number;
}

/** The files of a package the compiler reads: TypeScript sources and declarations, and package.json (never JSON data, scripts or anything else). */
export function isPackageFileName(file: string): boolean {
  const name = path.basename(file);
  return name === 'package.json' || /\.[cm]?tsx?$/.test(name);
}

/**
 * The file system as the sample compiler sees it: the virtual samples, the
 * TypeScript lib folder, and the package files of the node_modules folders
 * Node would look in from the site root. Everything else does not exist.
 */
export class SampleFileAccess {
  /** The samples, by absolute path: never written to disk. */
  readonly files = new Map<string, VirtualFile>();
  /** Folders holding samples, with how many each holds. */
  private readonly folders = new Map<string, number>();
  /** Real paths looked up since `forgetRealPaths` (undefined: refused or missing). */
  private readonly realPaths = new Map<string, string | undefined>();
  private readonly packages: PackageRule;
  private nextVersion = 1;

  constructor(private readonly rules: AccessRules) {
    this.packages = new PackageRule(rules.root);
  }

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
    this.packages.refresh();
  }

  fileExists(file: string): boolean {
    const normalized = path.resolve(file);
    if (this.files.has(normalized)) return true;
    const real = this.allowedRealPath(normalized);
    return real !== undefined && isPackageFileName(real) && isFile(real);
  }

  readFile(file: string): string | undefined {
    const normalized = path.resolve(file);
    const virtual = this.files.get(normalized);
    if (virtual) return virtual.text;
    const real = this.allowedRealPath(normalized);
    if (real === undefined || !isPackageFileName(real) || !isFile(real)) return undefined;
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
      return fs
        .readdirSync(real, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
        .map((entry) => entry.name);
    } catch {
      return [];
    }
  }

  /** The real path of a file or folder the compiler may see, or undefined: for the compiler it does not exist. */
  private allowedRealPath(normalized: string): string | undefined {
    if (isInside(normalized, this.rules.libDir)) return normalized;
    if (this.realPaths.has(normalized)) return this.realPaths.get(normalized);
    const allowed = this.packages.judge(normalized);
    this.realPaths.set(normalized, allowed);
    return allowed;
  }

  /** Keeps the count of samples under each folder of a sample (its folder and the shared one above it). */
  private countFolders(file: string, delta: number): void {
    const root = this.rules.root;
    for (let dir = path.dirname(file); isInside(dir, root) && dir !== root; dir = path.dirname(dir)) {
      const count = (this.folders.get(dir) ?? 0) + delta;
      if (count > 0) this.folders.set(dir, count);
      else this.folders.delete(dir);
    }
  }
}

function isFile(file: string): boolean {
  return statOf(file)?.isFile() ?? false;
}

function isDirectory(dir: string): boolean {
  return statOf(dir)?.isDirectory() ?? false;
}

/** The stat, or undefined when it cannot be had: the compiler's host must never throw (a throw leaves it without a program). */
function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
