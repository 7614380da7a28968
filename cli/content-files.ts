import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import type { Diagnostic } from './types.js';
import { MARKER_FILE } from './write/write-site.js';

/** Where content images are copied in the output. */
export const CONTENT_IMAGES_DIR = 'assets/images/';

/** What to do about a refused file. */
export const REFUSED_FILE_HINT = 'content can only use files inside the site root, outside node_modules/, .git/ and the build output: put the image next to the page or in public/';

/** Folders inside the site root that never hold content, whatever a page names. */
const NOT_CONTENT = ['node_modules', '.git'];

/** A file content names: readable (at its real path), missing, or refused (and where it is). */
export type ContentFileCheck = { kind: 'ok'; real: string } | { kind: 'missing' } | { kind: 'refused'; real: string; where: string };

/**
 * Decides whether content may read a file it names (an image, say). The path
 * is refused before touching the disk when it already points outside the site
 * root; otherwise its real path, with symlinks followed, must be inside the
 * root too. Inside the root, node_modules/, .git/ and docsgen's own output are
 * refused as well: a page from a stranger must not publish a CI token or a cache.
 */
export function checkContentFile(file: string, root: string): ContentFileCheck {
  const absolute = path.resolve(file);
  const lexical = refusalOf(absolute, path.resolve(root));
  if (lexical) return { kind: 'refused', real: absolute, where: lexical };
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch {
    return { kind: 'missing' };
  }
  const where = refusalOf(real, realpathSync(root));
  return where ? { kind: 'refused', real, where } : { kind: 'ok', real };
}

/** Why content may not read this file (given with the root as both real or both as written), or undefined. */
export function refusalOf(file: string, root: string): string | undefined {
  const relative = path.relative(root, file);
  if (isOutside(relative)) return 'outside the site root';
  const folders = relative.split(path.sep).slice(0, -1);
  const hidden = folders.find((folder) => NOT_CONTENT.includes(folder));
  if (hidden) return `inside ${hidden}/`;
  if (isBuildOutput(root, folders)) return 'inside the build output';
  return undefined;
}

/** Whether a folder on the way from the root is one docsgen wrote (marked), or is writing (staged). */
function isBuildOutput(root: string, folders: string[]): boolean {
  let dir = root;
  for (const folder of folders) {
    dir = path.join(dir, folder);
    if (folder.includes('.docsgen-tmp-') || existsSync(path.join(dir, MARKER_FILE))) return true;
  }
  return false;
}

/** A real path as messages show it: from the root when inside it, absolute otherwise. */
export function showPath(real: string, root: string): string {
  const relative = path.relative(realpathOrSelf(root), real);
  return isOutside(relative) ? real : relative;
}

function isOutside(relative: string): boolean {
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}

function realpathOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/**
 * Checks content images again just before they are copied: a page may come
 * from the cache, compiled before its image was replaced by a symlink. Each
 * copy is returned with its source's real path; refused ones become errors.
 */
export function recheckContentImages(copies: Map<string, string>, root: string): { copies: Map<string, string>; diagnostics: Diagnostic[] } {
  const checked = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const [from, out] of copies) {
    const check = out.startsWith(CONTENT_IMAGES_DIR) ? checkContentFile(from, root) : undefined;
    if (check?.kind === 'refused') {
      const message = `image not allowed: it resolves to ${showPath(check.real, root)}, ${check.where}`;
      diagnostics.push({ severity: 'error', rule: 'file-outside-root', message, file: path.relative(root, from), hint: REFUSED_FILE_HINT });
    } else checked.set(check?.kind === 'ok' ? check.real : from, out);
  }
  return { copies: checked, diagnostics };
}

/** The files of `public/`, symlinked files included; symlinked folders are not followed. */
export async function listPublicFiles(publicDir: string): Promise<string[]> {
  if (!existsSync(publicDir)) return [];
  const entries = await fg('**/*', { cwd: publicDir, dot: false, onlyFiles: false, followSymbolicLinks: false, objectMode: true });
  const isFile = (file: string) => {
    try {
      return statSync(path.join(publicDir, file)).isFile();
    } catch {
      return false;
    }
  };
  return entries.filter((e) => e.dirent.isFile() || (e.dirent.isSymbolicLink() && isFile(e.path))).map((e) => e.path);
}

/**
 * Files of `public/` that are symlinks leading outside the site root (or into
 * node_modules/, .git/ or the output) are refused: copied as they are, a deploy
 * step that follows links would publish their targets. Symlinked folders are
 * not followed (they are not listed), as in content/.
 */
export function checkPublicFiles(publicDir: string, files: string[], root: string): { files: string[]; diagnostics: Diagnostic[] } {
  const allowed: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const check = checkContentFile(path.join(publicDir, file), root);
    if (check.kind === 'refused') {
      const message = `public file not allowed: it resolves to ${showPath(check.real, root)}, ${check.where}`;
      diagnostics.push({ severity: 'error', rule: 'file-outside-root', message, file: path.relative(root, path.join(publicDir, file)), hint: 'public/ can only hold files inside the site root: copy the file in instead of linking to it' });
    } else if (check.kind === 'ok') allowed.push(file);
  }
  return { files: allowed, diagnostics };
}
