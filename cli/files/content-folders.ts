import path from 'node:path';
import { checkSiteFile, nameOf, type FileCheck, type FileRule } from './site-files.js';

/**
 * The folders content may name files in: the docs folder (of the page's
 * version) and the static folders. Everything else under the site root, the
 * config, `src/`, `.env`, is the site's code and secrets, which a page must
 * not publish by naming it as an image or import it as text. One rule for
 * images, video and audio sources, posters, `srcset`s and imports.
 */
export interface ContentFolders {
  rule: FileRule;
  /** Absolute folders, as the config names them. */
  folders: readonly string[];
}

/**
 * What to do about a file the site's rule refuses, naming the site's static
 * folders (`static/`) when the caller knows them, never a folder the site may
 * not have.
 */
export function refusedFileHint(staticFolders?: string): string {
  return `content can only use files inside the site root, outside node_modules/, .git/ and the build output: put the image next to the page or in ${staticFolders ? `a static folder (${staticFolders})` : 'a static folder'}`;
}

/** The static folders as hints name them (`static/`, `static/ and assets/`), or what to say when there are none. */
export function showStaticFolders(rule: FileRule, staticDirs: readonly string[]): string {
  return staticDirs.length ? showContentFolders({ rule, folders: staticDirs }) : 'none: `staticDirectories` is empty';
}

/** What the rule says of a file a page names: `elsewhere` is inside the site root, but outside every content folder. */
export type ContentFileCheck = FileCheck | { kind: 'elsewhere'; real: string };

/**
 * Decides whether content may read a file it names: the site's file rule
 * first (`checkSiteFile`: real path inside the root, outside .git/,
 * node_modules/ and the output), then its real path (every symlink
 * resolved) must lie in one of the content folders' real paths.
 */
export function checkContentFile(folders: ContentFolders, file: string): ContentFileCheck {
  const check = checkSiteFile(folders.rule, file);
  if (check.kind !== 'ok') return check;
  return isInContentFolders(folders, check.real) ? check : { kind: 'elsewhere', real: check.real };
}

/** Whether a real path lies in (or is) one of the content folders, by their real paths. */
export function isInContentFolders(folders: ContentFolders, real: string): boolean {
  for (const dir of folders.folders) {
    const folder = checkSiteFile(folders.rule, dir);
    if (folder.kind !== 'ok') continue;
    if (real === folder.real || real.startsWith(folder.real.endsWith(path.sep) ? folder.real : folder.real + path.sep))
      return true;
  }
  return false;
}

/** The content folders as messages name them: `content/docs/ and public/`. */
export function showContentFolders(folders: ContentFolders): string {
  const names = folders.folders.map((dir) => `${nameOf(folders.rule, dir)}/`);
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
