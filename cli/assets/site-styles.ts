import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { configSourceOf, findKey, findString } from '../config/config-source.js';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { checkSiteFile, type ContentFolders, type FileRule } from '../files/content-files.js';
import { untrustedFolderPaths } from '../files/docs-folder.js';
import type { Diagnostic } from '../types.js';

/** The site's stylesheets, checked, and the content folders their `@import`s and `url()`s are judged by. */
export interface SiteStyles {
  /** Real paths, in the config's order. */
  files: string[];
  /** The folders whose files are content (the docs folder, `content/`, versioned docs, the static folders). */
  content: ContentFolders;
}

/** The config's `theme.customCss` as a list, in the order the config gives it. */
export function customCssPaths(config: SiteConfig): string[] {
  const written = config.theme.customCss;
  return typeof written === 'string' ? [written] : written;
}

/** A stylesheet written for a CSS preprocessor: its language, and the command that compiles it to CSS. */
export interface Preprocessed {
  language: string;
  compiler: string;
  /** The whole command line that compiles `input` into `output`. */
  compile(input: string, output: string): string;
}

const PREPROCESSORS = new Map<string, Preprocessed>([
  ['scss', { language: 'Sass', compiler: 'npx sass', compile: (i, o) => `npx sass ${i} ${o}` }],
  ['sass', { language: 'Sass', compiler: 'npx sass', compile: (i, o) => `npx sass ${i} ${o}` }],
  ['less', { language: 'Less', compiler: 'npx lessc', compile: (i, o) => `npx lessc ${i} ${o}` }],
  ['styl', { language: 'Stylus', compiler: 'npx stylus', compile: (i, o) => `npx stylus ${i} --out ${o}` }],
]);

/** What a stylesheet path is written in when that is a preprocessor's language (by its extension), else undefined. */
export function preprocessorOf(file: string): Preprocessed | undefined {
  const extension = /\.([a-z]+)$/i.exec(file)?.[1].toLowerCase();
  return extension === undefined ? undefined : PREPROCESSORS.get(extension);
}

/**
 * The real paths of the config's `theme.customCss` stylesheets, checked. They
 * are bundled into every page (their `@import`s and `url()`s followed), so
 * they must be the site's own files, as a component module must: inside the
 * site root by the file rule (not in `node_modules/`, `.git/` or an out dir),
 * and not in a folder whose files may come from a stranger's pull request
 * (the docs folder, `content/`, versioned docs, the static folders). Anything
 * else, or a missing file, is a config error (exit 2) at its place in the config.
 */
export function resolveCustomCss(config: SiteConfig, rule: FileRule, configFile: string): SiteStyles {
  // The content folders, and the versioned docs' folder.
  const contentDirs = [...untrustedFolderPaths(config), 'versioned_docs'];
  const untrusted = contentDirs.map((dir) => realOrResolved(path.resolve(rule.realRoot, dir)));
  const problems: Diagnostic[] = [];
  const files: string[] = [];
  for (const written of customCssPaths(config)) {
    const refuse = (why: string) =>
      problems.push({
        severity: 'error',
        rule: 'invalid-config',
        message: `theme.customCss: '${written}' ${why}`,
        file: configFile,
        ...placeInConfig(config, written),
      });
    const check = checkSiteFile(rule, written);
    const preprocessed = preprocessorOf(written);
    if (preprocessed)
      refuse(
        `is ${preprocessed.language}: docsgen bundles CSS only (compile it to a .css file with \`${preprocessed.compiler}\` and name that file)`,
      );
    else if (check.kind === 'refused') refuse(`is ${check.why}, where docsgen never reads the site's own styles from`);
    else if (check.kind === 'missing' || !statSync(check.real).isFile()) refuse('is not a file');
    else {
      const inside = untrusted.find((dir) => check.real === dir || check.real.startsWith(dir + path.sep));
      if (inside)
        refuse(
          `is inside ${path.relative(rule.realRoot, inside) || '.'}/, whose files are content, not the site's look`,
        );
      else files.push(check.real);
    }
  }
  if (problems.length > 0) {
    throw new DocsgenError(`invalid config in ${configFile}`, {
      exitCode: EXIT_USAGE,
      diagnostics: problems,
      hint: "name stylesheets of the site's own code, relative to the site root: theme: { customCss: ['src/css/custom.css'] }",
    });
  }
  return { files, content: { rule, folders: contentDirs.map((dir) => path.resolve(rule.root, dir)) } };
}

/** A folder's real path when it exists (a docs folder may be a link), else the path as resolved. */
function realOrResolved(dir: string): string {
  return existsSync(dir) ? realpathSync.native(dir) : dir;
}

function placeInConfig(config: SiteConfig, written: string) {
  const source = configSourceOf(config);
  if (!source) return {};
  const literal = findString(source, written);
  return literal.line ? literal : findKey(source, 'customCss');
}
