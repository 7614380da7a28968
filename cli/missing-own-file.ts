import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsgenError, EXIT_USAGE } from './errors.js';
import { packageRoot } from './package-root.js';

/** docsgen's own folders: what its installation holds, as opposed to a site's files (this repository's site lives beside them). */
const OWN_FOLDERS = ['lib', 'templates'];

/**
 * docsgen's own files can go away under a running command: `npm run compile`
 * empties lib/ before it writes it again, `npm install` replaces the package,
 * a test removes its copy of docsgen. A module loaded late (a worker thread's
 * script, a chunk imported on first use, a template) then fails with "Cannot
 * find module". That is no bug in docsgen, and retrying cannot help: it is
 * one error, exit 2, saying what happened. Undefined for any other error.
 */
export function missingOwnFileError(error: unknown): DocsgenError | undefined {
  let root: string;
  try {
    root = packageRoot();
  } catch {
    return undefined;
  }
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const missing = describeMissing(current, root);
    if (missing) {
      return new DocsgenError(`docsgen's files were removed or replaced while it ran: ${missing}`, {
        exitCode: EXIT_USAGE,
        hint: 'wait for whatever rebuilds or reinstalls docsgen (npm run compile, npm install) to finish, or reinstall it, then run the command again',
        cause: error,
      });
    }
    current = current.cause;
  }
  return undefined;
}

function isOwnFile(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return OWN_FOLDERS.some((folder) => relative.startsWith(folder + path.sep));
}

/**
 * What an error says is missing, when it is part of docsgen: the path of an
 * ENOENT, the module of "Cannot find module '<path>'" (also as a file: URL),
 * or the package of "Cannot find package 'x' imported from <path>" when one of
 * docsgen's modules imports it. Read with plain scans: the message may quote anything.
 */
function describeMissing(error: Error, root: string): string | undefined {
  const { code, path: file } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT' && typeof file === 'string')
    return isOwnFile(root, file) ? `${path.relative(root, file)} is missing` : undefined;
  const message = error.message;
  const open = message.indexOf("'");
  const close = open < 0 ? -1 : message.indexOf("'", open + 1);
  if (close < 0) return undefined;
  const quoted = message.slice(open + 1, close);
  if (message.startsWith('Cannot find module')) {
    const module = toPath(quoted);
    return module && isOwnFile(root, module) ? `${path.relative(root, module)} is missing` : undefined;
  }
  const from = message.indexOf(' imported from ');
  if (!message.startsWith('Cannot find package') || from < 0) return undefined;
  const importer = toPath(
    message
      .slice(from + ' imported from '.length)
      .split('\n')[0]!
      .trim(),
  );
  return importer && isOwnFile(root, importer)
    ? `the package ${quoted}, which ${path.relative(root, importer)} imports, is missing`
    : undefined;
}

function toPath(spec: string): string | undefined {
  if (spec.startsWith('file:')) {
    try {
      return fileURLToPath(spec);
    } catch {
      return undefined;
    }
  }
  return path.isAbsolute(spec) ? spec : undefined;
}
