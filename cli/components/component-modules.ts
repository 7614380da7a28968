import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { configSourceOf, findKey, findString } from '../config/config-source.js';
import { componentPath, isClientComponent } from '../config/component-entries.js';
import type { SiteConfig } from '../config/schema.js';
import { checkSiteFile, type FileRule } from '../files/content-files.js';
import { untrustedFolderPaths } from '../files/docs-folder.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import type { Diagnostic } from '../types.js';
import { isMarkdownPath } from '../url-parts.js';

/** The extensions a component module path may leave out, tried in this order. */
export const MODULE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];

/** What the config error for a missing module says was tried. */
const TRIED = `tried ${MODULE_EXTENSIONS.join(', ')} after it, and index${MODULE_EXTENSIONS.join(', index')} in it`;

/** A registered component: its name in content and the real path of its module. */
export interface ComponentModule {
  name: string;
  file: string;
  /** `client: true` in the config: hydrated in the browser too (client-bundle.ts). */
  client: boolean;
}

/**
 * Checks the config's `components` map and finds each module. A component
 * module is trusted code the build runs, so it must be the site's own code:
 * inside the site root, and not in a folder whose files may come from a
 * stranger's pull request (the docs folder, `content/`, the static folders) or from a package
 * (`node_modules/`). Anything else is a config error (exit 2) at its place in
 * the config; the module's own imports may still use the site's node_modules.
 */
export function resolveComponentModules(config: SiteConfig, rule: FileRule, configFile: string): ComponentModule[] {
  // Content: the docs folder, content/ (code sample setups included) and every static folder.
  const untrusted = untrustedFolderPaths(config).map((dir) => path.resolve(rule.realRoot, dir));
  const problems: Diagnostic[] = [];
  const modules: ComponentModule[] = [];
  for (const [name, entry] of Object.entries(config.components)) {
    const written = componentPath(entry);
    const found = findModuleFile(rule, written);
    const refuse = (why: string) =>
      problems.push({
        severity: 'error',
        rule: 'invalid-config',
        message: `components.${name}: '${written}' ${why}`,
        file: configFile,
        ...placeInConfig(config, written, name),
      });
    if (found.kind === 'missing') refuse(`is not a file (${TRIED})`);
    else if (found.kind === 'refused') refuse(`is ${found.why}, where docsgen never runs code from`);
    // A Markdown file is content wherever it is (a page of src/pages is as untrusted as a doc): never run.
    else if (isMarkdownPath(found.real)) refuse('is a Markdown page: pages are content, which never runs code');
    else {
      const inside = untrusted.find((dir) => found.real === dir || found.real.startsWith(dir + path.sep));
      if (inside)
        refuse(
          `is inside ${path.relative(rule.realRoot, inside) || '.'}/, whose files are content (content never runs code)`,
        );
      else modules.push({ name, file: found.real, client: isClientComponent(entry) });
    }
  }
  if (problems.length > 0) {
    throw new DocsgenError(`invalid config in ${configFile}`, {
      exitCode: EXIT_USAGE,
      diagnostics: problems,
      hint: "register modules of the site's own code, e.g. components: { BrowserWindow: 'src/components/BrowserWindow.tsx' }",
    });
  }
  return modules;
}

/**
 * The module file a config path names, judged by the file rule: as written,
 * with one of MODULE_EXTENSIONS, or a folder's `index` with one of them, as
 * bundlers resolve `@site/src/theme/Step` to `src/theme/Step/index.js`.
 */
function findModuleFile(rule: FileRule, written: string): ReturnType<typeof checkSiteFile> {
  const first = checkSiteFile(rule, written);
  if (first.kind === 'refused') return first;
  const index = path.join(written, 'index');
  const candidates = [
    written,
    ...MODULE_EXTENSIONS.map((ext) => written + ext),
    ...MODULE_EXTENSIONS.map((ext) => index + ext),
  ];
  for (const candidate of candidates) {
    const check = candidate === written ? first : checkSiteFile(rule, candidate);
    if (check.kind === 'ok' && !isFile(check.real)) continue;
    if (check.kind !== 'missing') return check;
  }
  return { kind: 'missing' };
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile();
}

function placeInConfig(config: SiteConfig, written: string, name: string) {
  const source = configSourceOf(config);
  if (!source) return {};
  const literal = findString(source, written);
  return literal.line ? literal : findKey(source, name);
}
