import path from 'node:path';
import { cacheDirOf } from '../cache/cache-folder.js';
import { DiskCache } from '../cache/disk-cache.js';
import type { LoadedConfig } from '../config/load-config.js';
import type { SiteConfig } from '../config/schema.js';
import { createFileRule, type FileRule } from '../files/content-files.js';
import {
  assertDocsFolderAllowed,
  assertSetupFolderAllowed,
  assertStaticFoldersAllowed,
  contentFolderPaths,
} from '../files/docs-folder.js';
import { staticDirsOf } from '../files/static-dirs.js';
import { checksSamples } from '../samples/code-samples.js';

/** What every later stage reads by, decided once the config is loaded. */
export interface SiteSetup {
  config: SiteConfig;
  /** The config file, relative to the root when inside it (as diagnostics name files). */
  configFile: string;
  cache: DiskCache;
  /** The one rule for every file content reads, lists, copies or dev serves. */
  rule: FileRule;
  /** The static folders (`staticDirectories`), absolute, in order. */
  staticDirs: string[];
}

/**
 * The setup stage, shared by `build` and `dev`: the cache, the file rule (inside the root or a folder the config
 * names beside it; outside .git/, node_modules/ and the out dir) and the folders the config names, each checked
 * against it before any work (a config error otherwise).
 */
export function setUpSite(
  root: string,
  loaded: LoadedConfig,
  options: { outDir?: string; noCache?: boolean } = {},
): SiteSetup {
  const { config } = loaded;
  const configFile = path.relative(root, loaded.file) || loaded.file;
  const cache = new DiskCache(cacheDirOf(root), !options.noCache);
  const rule = createFileRule(root, {
    outDirs: [path.resolve(root, options.outDir ?? 'dist')],
    folders: contentFolderPaths(config),
  });
  assertDocsFolderAllowed(config, rule, configFile);
  assertStaticFoldersAllowed(config, rule, configFile);
  if (checksSamples(config)) assertSetupFolderAllowed(config, rule, configFile);
  return { config, configFile, cache, rule, staticDirs: staticDirsOf(config, root) };
}
