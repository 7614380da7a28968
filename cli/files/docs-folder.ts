import { existsSync } from 'node:fs';
import path from 'node:path';
import { configSourceOf, findKey, findString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { whyRefused, type FileRule } from './site-files.js';

/**
 * The folders whose files are content, as the config names them (relative to the root): the docs folder,
 * `content/`, the code samples' setups and the static folders. The site's own code (components, React pages,
 * custom CSS) is never taken from them, since they may come from a stranger's pull request.
 */
export function untrustedFolderPaths(config: SiteConfig): string[] {
  return [config.docs.path, 'content', config.codeSamples.setupDir, ...config.staticDirectories];
}

/**
 * The folders the config names for content: the docs folder and the static
 * folders. The config is trusted, so one of them outside the site root (a
 * docs folder at `../docs`) is part of the site; the file rule judges the
 * files inside each by their real paths.
 */
export function contentFolderPaths(config: SiteConfig): string[] {
  return [config.docs.path, ...config.staticDirectories];
}

/**
 * Refuses a `docs.path` that names a folder the file rule would refuse as
 * written (inside node_modules/, .git/ or the out dir, or holding the site
 * root). The config is trusted, so this is a config error (exit 2) at the
 * key's place; a docs folder that only leaves the root (or the folder the
 * config names) through a symlink in the tree is content, and reported by
 * the content listing (exit 1).
 */
export function assertDocsFolderAllowed(config: SiteConfig, rule: FileRule, configFile: string): void {
  assertFolderAllowed(
    {
      key: 'docs.path',
      lastKey: 'path',
      value: config.docs.path,
      what: 'content',
      hint: 'name a folder of its own for the docs (content/docs, or ../docs beside the site folder), outside node_modules/, .git/ and the build output',
    },
    config,
    rule,
    configFile,
  );
  // A missing docs folder would show up as broken links to every doc the config names: say what is missing.
  if (config.docs.includeCurrentVersion && !existsSync(path.resolve(rule.root, config.docs.path)))
    refuseFolder(
      {
        value: config.docs.path,
        lastKey: 'path',
        hint: `create ${config.docs.path}/ with your docs in it (docsgen init writes a site that has one), or set docs.path to the folder that holds them`,
      },
      `docs.path: the docs folder '${config.docs.path}' does not exist`,
      config,
      configFile,
    );
}

/** The same for `codeSamples.setupDir`, the folder the code samples' shared preambles are read from. */
export function assertSetupFolderAllowed(config: SiteConfig, rule: FileRule, configFile: string): void {
  assertFolderAllowed(
    {
      key: 'codeSamples.setupDir',
      lastKey: 'setupDir',
      value: config.codeSamples.setupDir,
      what: 'code sample setups',
      hint: 'put the setup folder inside the site root (for example content/code-setup)',
    },
    config,
    rule,
    configFile,
  );
}

/**
 * The same for each of `staticDirectories`, whose files are published; the
 * site root itself is refused too: it would publish the config and the sources.
 */
export function assertStaticFoldersAllowed(config: SiteConfig, rule: FileRule, configFile: string): void {
  config.staticDirectories.forEach((dir, i) => {
    const folder = {
      key: `staticDirectories.${i}`,
      lastKey: 'staticDirectories',
      value: dir,
      what: 'files to publish',
      hint: "name a folder inside the site root, such as 'public' or 'static'",
    };
    if (path.resolve(rule.root, dir) === path.resolve(rule.root))
      refuseFolder(
        folder,
        `${folder.key}: '${dir}' is the site root itself: publishing it would publish the config and the sources`,
        config,
        configFile,
      );
    assertFolderAllowed(folder, config, rule, configFile);
  });
}

function assertFolderAllowed(
  folder: { key: string; lastKey: string; value: string; what: string; hint: string },
  config: SiteConfig,
  rule: FileRule,
  configFile: string,
): void {
  const written = path.resolve(rule.root, folder.value);
  if (written !== rule.root && (rule.root + path.sep).startsWith(written + path.sep)) {
    refuseFolder(
      folder,
      `${folder.key}: '${folder.value}' holds the site root: reading it would read the config and the sources`,
      config,
      configFile,
    );
  }
  // Judged as written: the root and the folders the config names as given stand for their real paths, and the out dirs as given.
  const why = whyRefused(
    {
      ...rule,
      realRoot: rule.root,
      folders: rule.folders.map((named) => ({ written: named.written, real: named.written })),
    },
    written,
  );
  if (why)
    refuseFolder(
      folder,
      `${folder.key}: '${folder.value}' is ${why}, where docsgen never reads ${folder.what}`,
      config,
      configFile,
    );
}

function refuseFolder(
  folder: { value: string; lastKey: string; hint: string },
  message: string,
  config: SiteConfig,
  configFile: string,
): never {
  const source = configSourceOf(config);
  const place = source ? placeOf(source, folder.value, folder.lastKey) : {};
  throw new DocsgenError(`invalid config in ${configFile}`, {
    exitCode: EXIT_USAGE,
    diagnostics: [{ severity: 'error', rule: 'invalid-config', message, file: configFile, ...place }],
    hint: folder.hint,
  });
}

function placeOf(source: string, value: string, key: string) {
  const literal = findString(source, value);
  return literal.line ? literal : findKey(source, key);
}
