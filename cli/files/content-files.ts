import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { CONTENT_IMAGES_DIR, contentAssetPath, useOfAsset, vetContentFile } from './content-assets.js';
import {
  checkContentFile,
  isInContentFolders,
  refusedFileHint,
  showContentFolders,
  type ContentFolders,
} from './content-folders.js';
import { FILE_RULE_HINT, listSiteFiles, refused, type FileListing } from './list-files.js';
import { nameOf, showPath, type FileRule } from './site-files.js';
import type { Diagnostic } from '../types.js';

export { checkSiteFile, createFileRule, whyRefused, type FileCheck, type FileRule } from './site-files.js';
export { FILE_RULE_HINT, listSiteFiles, type FileListing, type ListedFile } from './list-files.js';

export { CONTENT_IMAGES_DIR } from './content-assets.js';
export type { ContentFolders } from './content-folders.js';

/** A content file to publish: the real path it is read from, where it goes, and the SHA-256 of the bytes checked. */
export interface CheckedCopy {
  real: string;
  out: string;
  hash: string;
}

/**
 * Checks content files again just before they are published, by the rule of
 * this build (its actual out dir included): a page may come from the cache,
 * compiled before its image was replaced by a symlink or by other bytes, or
 * the cache itself may name any file. Each file under `assets/images/` must
 * still pass the content folder rule and be, by its bytes, what its name's
 * extension says, with the hash its name carries; failures become errors.
 * Other copies (mermaid's files, from docsgen's own package) pass as they are.
 */
export function recheckContentCopies(
  copies: Map<string, string>,
  folders: ContentFolders,
): { checked: CheckedCopy[]; others: Map<string, string>; diagnostics: Diagnostic[] } {
  const checked: CheckedCopy[] = [];
  const others = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  for (const [from, out] of copies) {
    if (!out.startsWith(CONTENT_IMAGES_DIR)) {
      others.set(from, out);
      continue;
    }
    const result = readContentAsset(from, out, folders);
    if ('diagnostic' in result) diagnostics.push(result.diagnostic);
    else checked.push({ real: result.real, out, hash: result.hash });
  }
  return { checked, others, diagnostics };
}

/**
 * The bytes of a checked copy, read and checked once more as they are
 * written, so what is published is exactly what was checked. Throws when the
 * file changed since (the build then fails and the previous output stays).
 */
export function readCheckedCopy(copy: CheckedCopy, folders: ContentFolders): Uint8Array {
  const result = readContentAsset(copy.real, copy.out, folders);
  if ('bytes' in result && result.hash === copy.hash) return result.bytes;
  throw new DocsgenError(
    `${showPath(folders.rule, copy.real)} changed while the site was being written; the previous output was left as it was`,
    { hint: 'build again' },
  );
}

/**
 * What a content asset path (`assets/images/shot-1a2b3c4d.png`) publishes
 * from `from`, by the checks of `recheckContentCopies`: its bytes, or the
 * error that keeps it out. `dev` answers with these bytes, or not at all.
 */
export function readContentAsset(
  from: string,
  out: string,
  folders: ContentFolders,
): { real: string; bytes: Uint8Array; hash: string } | { diagnostic: Diagnostic } {
  const { rule } = folders;
  const error = (message: string, ruleId: string, hint: string): { diagnostic: Diagnostic } => ({
    diagnostic: { severity: 'error', rule: ruleId, message, file: nameOf(rule, from), hint },
  });
  const check = checkContentFile(folders, from);
  if (check.kind === 'missing')
    return error('image not found: it is gone since its page was compiled', 'missing-image', 'build again');
  if (check.kind === 'refused')
    return { diagnostic: refused(rule, from, check.real, check.why, refusedFileHint(), 'image') };
  if (check.kind === 'elsewhere') {
    const shown = showContentFolders(folders);
    return error(
      `image not allowed: it resolves to ${showPath(rule, check.real)}, outside the folders content may use (${shown})`,
      'file-outside-content',
      `content can only use files in ${shown}`,
    );
  }
  const use = useOfAsset(out);
  if (!use)
    return error(
      `not published as ${out}: no image, video or audio file has that extension`,
      'not-an-image',
      'build again without the cache (docsgen build --no-cache)',
    );
  const vetted = vetContentFile(check.real, use);
  if (!vetted.ok) return error(`the file ${vetted.reason}`, vetted.rule, vetted.hint);
  if (contentAssetPath(check.real, vetted) !== out)
    return error(
      `changed since its page was compiled (it would be ${contentAssetPath(check.real, vetted)}, not ${out})`,
      'file-changed',
      'build again',
    );
  return { real: check.real, bytes: vetted.bytes, hash: vetted.hash };
}

/**
 * The files of a static folder (`public/`) that may be published, dot files included, each
 * with the real path it is copied (or served) from; refused files, broken
 * links and symlinked folders are diagnostics. `build`, `check` and `dev` all
 * list `public/` with this, and the build copies exactly this list.
 */
export function listPublicFiles(
  rule: FileRule,
  publicDir: string = path.join(rule.root, 'public'),
  contentFolders: readonly string[] = [publicDir],
): Promise<FileListing> {
  // A file that is a link is published as it is: it must lead into the folders content may use (the static folders
  // and the docs folder), never to a secret such as .env or the config elsewhere in the site, whatever its own name.
  const folders: ContentFolders = { rule, folders: [...contentFolders] };
  return listSiteFiles(rule, publicDir, {
    hint: `${FILE_RULE_HINT}; a static file that is a link must lead into the docs folder or a static folder`,
    refuseLinkTarget: (real) =>
      isInContentFolders(folders, real)
        ? undefined
        : `outside the folders content may use (${showContentFolders(folders)})`,
  });
}
