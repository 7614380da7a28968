/**
 * Reads the shared preambles that `setup=<name>` names: `<setupDir>/<name>.ts`
 * or `.tsx`, nothing else. The name is content, so it cannot be a path, and
 * the file's real path must stay inside setupDir (itself inside the root).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isInside, realPathOf } from './real-paths.js';
import type { SetupText } from './page-files.js';

/** What a setup name may be: no dots, no slashes. */
export const SETUP_NAME = /^[A-Za-z0-9_-]+$/;

/** Setups read during one check (each file once), by name. */
export class SetupFiles {
  private readonly read = new Map<string, SetupText | undefined>();

  constructor(
    private readonly root: string,
    private readonly setupDir: string,
  ) {}

  /** The setup folder, relative to the site root, for messages. */
  get folder(): string {
    return path.relative(this.root, this.setupDir).split(path.sep).join('/') || '.';
  }

  /**
   * The folder's declaration files (`<name>.d.ts`): global to every sample, for the packages a site's samples
   * import but whose types are not installed (`declare module 'pkg' { ... }`). Sorted by name.
   */
  declarations(): SetupText[] {
    const dir = this.realDir();
    if (!dir) return [];
    let names: string[];
    try {
      names = fs
        .readdirSync(dir)
        .filter((n) => n.endsWith('.d.ts') && SETUP_NAME.test(n.slice(0, -'.d.ts'.length)))
        .sort();
    } catch {
      return [];
    }
    return names.flatMap((n) => {
      const found = this.readInside(dir, n.slice(0, -'.d.ts'.length), '.d.ts');
      return found ? [found] : [];
    });
  }

  /** The setup named `name`, undefined when the name is not allowed or no such file exists. */
  get(name: string): SetupText | undefined {
    if (!SETUP_NAME.test(name)) return undefined;
    if (!this.read.has(name)) this.read.set(name, this.load(name));
    return this.read.get(name);
  }

  private load(name: string): SetupText | undefined {
    const dir = this.realDir();
    if (!dir) return undefined;
    return this.readInside(dir, name, '.ts') ?? this.readInside(dir, name, '.tsx');
  }

  /** The setup folder's real path, if it is inside the site root. */
  private realDir(): string | undefined {
    const root = realPathOf(this.root);
    const dir = realPathOf(this.setupDir);
    return root && dir && isInside(dir, root) ? dir : undefined;
  }

  /** `<name><ext>` of the folder, if it is a file whose real path stays inside the folder. */
  private readInside(dir: string, name: string, ext: string): SetupText | undefined {
    const file = path.join(this.setupDir, name + ext);
    const real = realPathOf(file);
    if (!real || !isInside(real, dir)) return undefined;
    try {
      if (!fs.statSync(real).isFile()) return undefined;
      return {
        name,
        file: path.relative(this.root, file).split(path.sep).join('/'),
        text: fs.readFileSync(real, 'utf8'),
      };
    } catch {
      return undefined;
    }
  }
}
