import path from 'node:path';
import { FILE_RULE_HINT, listSiteFiles, refused, type FileListing } from './files/list-files.js';
import { checkSiteFile, createFileRule, showPath as showRulePath, type FileRule } from './files/site-files.js';
import type { Diagnostic } from './types.js';

export { checkSiteFile, createFileRule, whyRefused, type FileCheck, type FileRule } from './files/site-files.js';
export { FILE_RULE_HINT, listSiteFiles, type FileListing, type ListedFile } from './files/list-files.js';

/** Where content images are copied in the output. */
export const CONTENT_IMAGES_DIR = 'assets/images/';

/** What to do about a refused image. */
export const REFUSED_FILE_HINT = 'content can only use files inside the site root, outside node_modules/, .git/ and the build output: put the image next to the page or in public/';

/** A file content names: readable (at its real path), missing, or refused (and where it is). */
export type ContentFileCheck = { kind: 'ok'; real: string } | { kind: 'missing' } | { kind: 'refused'; real: string; where: string };

/**
 * Decides whether content may read a file it names (an image, say), by the
 * file rule of `root` (see `checkSiteFile`): with symlinks followed, it must
 * be inside the root, outside node_modules/, .git/ and docsgen's output.
 */
export function checkContentFile(file: string, root: string): ContentFileCheck {
  const check = checkSiteFile(createFileRule(root), file);
  return check.kind === 'refused' ? { kind: 'refused', real: check.real, where: check.why } : check;
}

/** A real path as messages show it: from the root when inside it, absolute otherwise. */
export function showPath(real: string, root: string): string {
  return showRulePath(createFileRule(root, { outDirs: [] }), real);
}

/**
 * Checks content images again just before they are copied, by the rule of
 * this build (its actual out dir included): a page may come from the cache,
 * compiled before its image was replaced by a symlink. Each copy is returned
 * with its source's real path; refused ones become errors.
 */
export function recheckContentImages(copies: Map<string, string>, rule: FileRule): { copies: Map<string, string>; diagnostics: Diagnostic[] } {
  const checked = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const [from, out] of copies) {
    const check = out.startsWith(CONTENT_IMAGES_DIR) ? checkSiteFile(rule, from) : undefined;
    if (check?.kind === 'refused') {
      diagnostics.push(refused(rule, from, check.real, check.why, REFUSED_FILE_HINT, 'image'));
    } else checked.set(check?.kind === 'ok' ? check.real : from, out);
  }
  return { copies: checked, diagnostics };
}

/**
 * The files of a static folder (`public/`) that may be published, dot files included, each
 * with the real path it is copied (or served) from; refused files, broken
 * links and symlinked folders are diagnostics. `build`, `check` and `dev` all
 * list `public/` with this, and the build copies exactly this list.
 */
export function listPublicFiles(rule: FileRule, publicDir: string = path.join(rule.root, 'public')): Promise<FileListing> {
  return listSiteFiles(rule, publicDir, { hint: FILE_RULE_HINT });
}
