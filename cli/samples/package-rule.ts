/**
 * Which files on disk the sample compiler may read besides the samples and
 * TypeScript's own lib: package files, found where Node and TypeScript find
 * them and judged by their real paths. Samples are content, and whatever
 * the compiler reads can surface in an error or a popup, so this is the rule
 * that keeps a sample from reading a secret, however the packages are laid
 * out (the site in a monorepo's subfolder, pnpm's store and workspace links,
 * a symlinked node_modules):
 *
 * 1. A path is reached through a node_modules folder Node would look in: the
 *    site root's and those of the folders above it (by path, and by real
 *    path when one is a link), or a package's real folder reached through a
 *    link (a workspace package) with its own node_modules and those above
 *    it (where its dependencies are). Anything else (a sample's relative
 *    import or reference leaving the root, a package subpath with `..` that
 *    climbs out of node_modules) does not exist.
 * 2. Its package is the folder below the innermost node_modules on the way
 *    (`name` or `@scope/name`, pnpm's `.pnpm/<id>/node_modules/name` alike).
 *    The package's real folder must hold a package.json and must not be,
 *    or hold, the site root (a link to `..` or `/` is no package).
 * 3. The path's real path stays inside its package's real folder, and no
 *    name in it below that folder starts with a dot (`.git`, `.env`,
 *    `.npmrc` and `.ssh` are never package files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isInside, realPathOf } from './real-paths.js';

const NODE_MODULES = 'node_modules';

/** The node_modules folders Node and TypeScript look in from `root` (a real path): its own, then each folder's above it. */
export function nodeModulesChain(root: string): string[] {
  const chain: string[] = [];
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== NODE_MODULES) chain.push(path.join(dir, NODE_MODULES));
    if (path.dirname(dir) === dir) return chain;
  }
}

/** True when `dir` (a real path) is a package folder a sample may read: a folder with a package.json, not holding the site root, outside `.git`. */
export function isPackageFolder(dir: string, root: string): boolean {
  if (isInside(root, dir)) return false;
  if (dir.split(path.sep).some((name) => name.toLowerCase() === '.git')) return false;
  return statOf(path.join(dir, 'package.json'))?.isFile() ?? false;
}

/** The file's stat, or undefined when it cannot be read (missing, or a file where a folder was expected: ENOTDIR). */
function statOf(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The real folder of the package `name` as Node finds it from the site root (the first node_modules of the chain that has it), if it is one a sample may read. */
export function findPackageDir(root: string, name: string): string | undefined {
  for (const modules of nodeModulesChain(root)) {
    const real = realPathOf(path.join(modules, name));
    if (real !== undefined) return isPackageFolder(real, root) ? real : undefined;
  }
  return undefined;
}

/** The path's innermost node_modules folder, and the names below it. */
function splitAtNodeModules(file: string): { modules: string; below: string[] } | undefined {
  const names = file.split(path.sep);
  const at = names.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  return { modules: names.slice(0, at + 1).join(path.sep) || path.sep, below: names.slice(at + 1) };
}

/**
 * The rule for one site root (its real path). It remembers the packages it
 * reached through a link that leads out of the node_modules folders above
 * the root (a workspace package's real folder, and the link that leads
 * there); `refresh` forgets what it read of the disk, and a remembered
 * package counts again only while its link is reachable and leads there.
 */
export class PackageRule {
  private bases: string[] = [];
  /** Packages reached through a link: real folder → the link and the node_modules folders Node looks in from the folder. */
  private readonly linked = new Map<string, { link: string; chain: string[] }>();
  private readonly reals = new Map<string, string | undefined>();
  private readonly packages = new Map<string, boolean>();
  private readonly valid = new Map<string, boolean>();

  constructor(private readonly root: string) {
    this.refresh();
  }

  /** Starts a check: links and packages may have changed since the last one. */
  refresh(): void {
    this.reals.clear();
    this.packages.clear();
    this.valid.clear();
    const chain = nodeModulesChain(this.root);
    this.bases = [
      ...new Set([...chain, ...chain.map((dir) => this.real(dir)).filter((dir): dir is string => dir !== undefined)]),
    ];
  }

  /** The real path of a package file or folder the compiler may read (rules 1 to 3), else undefined. */
  judge(file: string): string | undefined {
    const split = splitAtNodeModules(file);
    if (split && this.reachable(split.modules)) {
      const { modules, below } = split;
      // A node_modules folder or a scope folder holds packages: it may be looked into, nothing in it read as a file.
      if (below.length === 0 || (below.length === 1 && below[0]!.startsWith('@'))) return this.realFolder(file);
      const name = below[0]!.startsWith('@') ? below.slice(0, 2) : below.slice(0, 1);
      return this.inPackage(file, path.join(modules, ...name));
    }
    const owner = this.linkedOwner(file);
    return owner === undefined ? undefined : this.inPackage(file, owner);
  }

  /** Rule 3, with the package's folder judged by rule 2 (and remembered when a link led out of the root's node_modules to it). */
  private inPackage(file: string, packagePath: string): string | undefined {
    const folder = this.real(packagePath);
    if (folder === undefined || !this.isPackage(folder)) return undefined;
    if (folder !== packagePath && !this.linked.has(folder) && !this.inBases(folder))
      this.linked.set(folder, { link: packagePath, chain: nodeModulesChain(folder) });
    const real = this.real(file);
    if (real === undefined || !isInside(real, folder)) return undefined;
    const below = path.relative(folder, real);
    return below?.split(path.sep).some((name) => name.startsWith('.')) ? undefined : real;
  }

  /** Rule 1: a node_modules folder Node would look in from the root or from a linked package, or one inside such a folder. */
  private reachable(modules: string): boolean {
    if (this.inBases(modules)) return true;
    for (const [folder, { chain }] of this.linked) {
      if (chain.some((dir) => isInside(modules, dir)) && this.stillLinked(folder)) return true;
    }
    return false;
  }

  private inBases(dir: string): boolean {
    return this.bases.some((base) => isInside(dir, base));
  }

  /** The innermost linked package folder holding `file` whose link still leads to it. */
  private linkedOwner(file: string): string | undefined {
    let owner: string | undefined;
    for (const folder of this.linked.keys()) {
      if (isInside(file, folder) && (!owner || folder.length > owner.length) && this.stillLinked(folder))
        owner = folder;
    }
    return owner;
  }

  /** A remembered package counts while its link is reachable and still leads to it (looked at once per check). */
  private stillLinked(folder: string): boolean {
    const known = this.valid.get(folder);
    if (known !== undefined) return known;
    this.valid.set(folder, false);
    const { link } = this.linked.get(folder)!;
    const split = splitAtNodeModules(link);
    const ok = this.real(link) === folder && split !== undefined && this.reachable(split.modules);
    this.valid.set(folder, ok);
    return ok;
  }

  private isPackage(folder: string): boolean {
    let known = this.packages.get(folder);
    if (known === undefined) this.packages.set(folder, (known = isPackageFolder(folder, this.root)));
    return known;
  }

  private realFolder(dir: string): string | undefined {
    const real = this.real(dir);
    return real !== undefined && statOf(real)?.isDirectory() ? real : undefined;
  }

  private real(file: string): string | undefined {
    if (!this.reals.has(file)) this.reals.set(file, realPathOf(file));
    return this.reals.get(file);
  }
}
