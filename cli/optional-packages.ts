import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from './package-root.js';

/**
 * The packages only some sites need, so docsgen does not install them for every site: they are optional peer
 * dependencies (package.json), which a site that uses the feature installs itself. Each is looked for here, once
 * the build knows it needs it, and a missing one is a message saying what to install, never a failed import.
 */
export type OptionalPackage = 'mermaid' | 'algoliasearch' | 'satori' | '@resvg/resvg-js';

/** The packages that draw the social images (cli/og/). */
export const SOCIAL_IMAGE_PACKAGES: OptionalPackage[] = ['satori', '@resvg/resvg-js'];

/**
 * The folder of an optional package, found as Node finds a package from docsgen's own folder (which is where
 * npm and pnpm put the site's packages docsgen may use, and where docsgen's code imports them from), then from each
 * of `also` (the site root, for a package whose files are only copied); undefined when it is installed nowhere.
 * Found by its folder, not by resolving an entry: a package's `exports` need not name its package.json.
 */
export function findOptionalPackage(name: OptionalPackage, also: string[] = []): string | undefined {
  for (const from of [packageRoot(), ...also]) {
    const lookups = createRequire(path.join(from, 'package.json')).resolve.paths(name) ?? [];
    for (const dir of lookups) {
      const folder = path.join(dir, name);
      if (existsSync(path.join(folder, 'package.json'))) return folder;
    }
  }
  return undefined;
}

/** The optional packages of `names` not installed (see findOptionalPackage). */
export function missingPackages(names: OptionalPackage[]): OptionalPackage[] {
  return names.filter((name) => !findOptionalPackage(name));
}

/** The command that installs packages into the site. */
export function installCommand(names: OptionalPackage[]): string {
  return `npm install --save-dev ${names.join(' ')}`;
}
