/**
 * The type packages the real library's samples compile against, laid out in
 * a temp folder as package managers lay them out: a monorepo's hoisted
 * node_modules one level above the site, pnpm's store with its links, a
 * workspace package linked from node_modules, a node_modules that is a
 * link. Only each package's package.json and `.d.ts` files are copied from
 * this repository's node_modules (a few megabytes, not the whole folder).
 */
import { cpSync, mkdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

export const LIBRARY = 'react-native-vision-camera';

/** What the library's types and a React Native sample import, transitively. */
export const TYPE_PACKAGES = [
  LIBRARY,
  'react-native',
  'react-native-worklets-core',
  '@types/react',
  'csstype',
  '@react-native/virtualized-lists',
];

/** The layouts: where the site is and where its packages are. */
export type PackageLayout = 'hoisted' | 'pnpm' | 'workspace' | 'symlinked-node-modules';

/** Copies a package's package.json and declaration files into `dir` (the package's new folder). */
export function copyTypePackage(name: string, dir: string): void {
  const from = path.join(repoRoot, 'node_modules', name);
  cpSync(from, dir, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(from, source);
      if (relative.split(path.sep).includes('node_modules')) return false;
      return statSync(source).isDirectory() || source.endsWith('.d.ts') || relative === 'package.json';
    },
  });
}

/** A symlink to a folder, made relative as package managers make them. */
export function linkFolder(target: string, link: string): void {
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(path.relative(path.dirname(link), target), link, 'dir');
}

/**
 * Lays out the type packages under `base` and returns the site root (a
 * folder with no node_modules of its own unless the layout gives it one).
 */
export function layOutPackages(base: string, layout: PackageLayout): string {
  const repo = path.join(base, 'repo');
  const site = path.join(repo, 'website');
  mkdirSync(site, { recursive: true });
  if (layout === 'hoisted') {
    for (const name of TYPE_PACKAGES) copyTypePackage(name, path.join(repo, 'node_modules', name));
  } else if (layout === 'workspace') {
    // The library is a package of the repository, linked into the hoisted node_modules (npm and yarn workspaces).
    copyTypePackage(LIBRARY, path.join(repo, 'packages/vision-camera'));
    linkFolder(path.join(repo, 'packages/vision-camera'), path.join(repo, 'node_modules', LIBRARY));
    for (const name of TYPE_PACKAGES.filter((n) => n !== LIBRARY))
      copyTypePackage(name, path.join(repo, 'node_modules', name));
  } else if (layout === 'symlinked-node-modules') {
    const cache = path.join(base, 'cache/node_modules');
    for (const name of TYPE_PACKAGES) copyTypePackage(name, path.join(cache, name));
    linkFolder(cache, path.join(site, 'node_modules'));
  } else {
    // pnpm: each package once in the store, its dependencies linked beside it, the site's own linked into its node_modules.
    const store = path.join(repo, 'node_modules/.pnpm');
    const entry = (name: string) => path.join(store, `${name.replace('/', '+')}@1.0.0/node_modules`);
    for (const name of TYPE_PACKAGES) copyTypePackage(name, path.join(entry(name), name));
    for (const name of TYPE_PACKAGES) {
      for (const dep of TYPE_PACKAGES.filter((d) => d !== name))
        linkFolder(path.join(entry(dep), dep), path.join(entry(name), dep));
    }
    for (const name of [LIBRARY, 'react-native', '@types/react'])
      linkFolder(path.join(entry(name), name), path.join(site, 'node_modules', name));
  }
  return site;
}
