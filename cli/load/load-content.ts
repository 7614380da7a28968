import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { ContentFile, Diagnostic } from '../types.js';
import { refusalOf } from '../content-files.js';
import { parseFrontMatter } from './front-matter.js';

export interface LoadContentResult {
  files: ContentFile[];
  diagnostics: Diagnostic[];
}

/** Reads every `.md`/`.mdx` file under the docs folder, with front matter. */
export async function loadContent(options: { root: string; docsDir: string }): Promise<LoadContentResult> {
  const docsDir = path.resolve(options.root, options.docsDir);
  const { entries, diagnostics } = await listDocFiles(options.root, docsDir);
  const files: ContentFile[] = [];
  const results = await Promise.all(entries.map((entry) => loadFile(options.root, docsDir, entry)));
  for (const result of results) {
    diagnostics.push(...result.diagnostics);
    if (result.file) files.push(result.file);
  }
  diagnostics.push(...findDuplicateIds(files));
  return { files, diagnostics };
}

/**
 * Lists `.md`/`.mdx` files without following symlinked folders (so a link
 * loop can never hang the build); symlinked files are read only when they
 * resolve inside the site root (and not into node_modules/, .git/ or the build output).
 */
async function listDocFiles(root: string, docsDir: string): Promise<{ entries: string[]; diagnostics: Diagnostic[] }> {
  const found = await fg(['**/*'], { cwd: docsDir, onlyFiles: false, followSymbolicLinks: false, objectMode: true, suppressErrors: true, ignore: ['**/node_modules/**', '**/_*'] });
  const entries: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const realRoot = await realpath(root);
  for (const entry of found) {
    const isDoc = /\.mdx?$/i.test(entry.path);
    if (!entry.dirent.isSymbolicLink()) {
      if (isDoc && entry.dirent.isFile()) entries.push(entry.path);
      continue;
    }
    const file = path.relative(root, path.join(docsDir, entry.path));
    const real = await realpath(path.join(docsDir, entry.path)).catch((error: NodeJS.ErrnoException) => error);
    const refused = real instanceof Error ? undefined : refusalOf(real, realRoot);
    if (real instanceof Error) {
      diagnostics.push(brokenSymlink(file, real.code));
    } else if (refused) {
      diagnostics.push({ severity: 'error', rule: 'outside-root', message: `symlink points ${refused} (${real})`, file, hint: 'copy the file into content/ instead of linking it' });
    } else if (isDoc) {
      entries.push(entry.path);
    } else if ((await stat(real)).isDirectory()) {
      diagnostics.push({ severity: 'warning', rule: 'symlink-not-followed', message: 'symlinked folder is not followed (links can form loops)', file, hint: 'move the docs into content/ or link the files themselves' });
    }
  }
  entries.sort();
  return { entries, diagnostics };
}

/** A symlink that leads nowhere: a loop, or a target that does not exist. */
function brokenSymlink(file: string, code: string | undefined): Diagnostic {
  const message = code === 'ELOOP' ? 'symlink loop: the link leads back to itself (ELOOP)' : code === 'ENOENT' ? 'symlink points to a file that does not exist (ENOENT)' : `symlink cannot be resolved (${code})`;
  return { severity: 'error', rule: 'broken-symlink', message, file, hint: 'remove the link or point it at an existing file' };
}

async function loadFile(root: string, docsDir: string, entry: string): Promise<{ file?: ContentFile; diagnostics: Diagnostic[] }> {
  const absolute = path.join(docsDir, entry);
  const file = path.relative(root, absolute);
  const bytes = await readFile(absolute);
  const decoded = decodeText(bytes);
  if (typeof decoded !== 'string') return { diagnostics: [{ ...decoded, file }] };
  const source = decoded.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // With invalid front matter the file is still loaded (without the bad keys), so links and sidebars naming it
  // do not add errors of their own; its diagnostics fail the build.
  const { frontMatter, body, bodyLineOffset, diagnostics, keyLines } = parseFrontMatter(source, file);
  const docPath = entry.split(path.sep).join('/');
  const dir = path.posix.dirname(docPath);
  const baseName = path.posix.basename(docPath).replace(/\.mdx?$/, '');
  const localId = frontMatter.id ?? baseName;
  return {
    diagnostics,
    file: {
      path: absolute,
      file,
      docPath,
      id: dir === '.' ? localId : `${dir}/${localId}`,
      format: docPath.endsWith('.mdx') ? 'mdx' : 'md',
      frontMatter,
      body,
      bodyLineOffset,
      routeKeyLine: keyLines.slug ?? keyLines.id,
      hash: createHash('sha256').update(bytes).digest('hex').slice(0, 20),
    },
  };
}

/** Decodes UTF-8 strictly; binary or malformed files become a diagnostic. */
function decodeText(bytes: Buffer): string | Omit<Diagnostic, 'file'> {
  if (bytes.includes(0)) {
    return { severity: 'error', rule: 'binary-file', message: 'this file is binary, not Markdown text', line: 1, column: 1, hint: 'remove it from content/ or rename it' };
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const text = bytes.toString('utf8');
    const index = text.indexOf('\uFFFD');
    const before = text.slice(0, Math.max(0, index));
    const line = before.split('\n').length;
    return { severity: 'error', rule: 'invalid-utf8', message: 'the file is not valid UTF-8', line, column: index - before.lastIndexOf('\n'), hint: 'save the file as UTF-8' };
  }
}

function findDuplicateIds(files: ContentFile[]): Diagnostic[] {
  const seen = new Map<string, ContentFile>();
  const diagnostics: Diagnostic[] = [];
  for (const f of files) {
    const first = seen.get(f.id);
    if (first) {
      diagnostics.push({ severity: 'error', rule: 'duplicate-id', message: `doc id '${f.id}' is also used by ${first.file}`, file: f.file, line: 1, column: 1, hint: 'give one of them another `id` in its front matter' });
    } else seen.set(f.id, f);
  }
  return diagnostics;
}
