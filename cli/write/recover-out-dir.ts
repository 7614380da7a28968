import { lstatSync, readdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { ownerStateOf } from './process-identity.js';
import { MARKER_FILE, stagedFolderPrefix } from '../files/output-names.js';
import { removeOwnFolder } from './remove-own-folder.js';

/** A folder `openOutput` made next to the out dir: `.<out>.docsgen-tmp-<pid>-<ms>`, or `<that>-old` (the previous output, between the two renames). */
interface Leftover {
  name: string;
  pid: number;
  createdAt: number;
  old: boolean;
}

/**
 * The temporary folders of `outDir` (only its own: `.dist.docsgen-tmp-…`, never
 * `.dist2.docsgen-tmp-…`), and only real folders holding docsgen's marker: a
 * folder of the repository that merely has such a name is never touched.
 */
function listTempFolders(outDir: string): Leftover[] {
  const prefix = stagedFolderPrefix(outDir);
  let names: string[];
  try {
    names = readdirSync(path.dirname(outDir));
  } catch {
    return [];
  }
  const found: Leftover[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)-(\d+)(-old)?$/.exec(name.slice(prefix.length));
    if (match && isMarkedFolder(path.join(path.dirname(outDir), name)))
      found.push({ name, pid: Number(match[1]), createdAt: Number(match[2]), old: Boolean(match[3]) });
  }
  return found;
}

/** A real folder (not a link) with docsgen's marker in it: one `openOutput` made. */
function isMarkedFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory() && lstatSync(path.join(dir, MARKER_FILE)).isFile();
  } catch {
    return false;
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts right what a build stopped by `kill -9` (or a power cut) left next to
 * the out dir, where no cleanup ran: if it died between its two renames (out
 * dir gone, `<temp>-old` present), the previous output is renamed back first;
 * then its temporary folders are removed. Only folders whose process is gone,
 * or whose pid now belongs to a process started after the folder was made,
 * are touched: never those of a build that still runs. Call it holding the
 * out dir's lock. Resolves with one line per thing done, for the terminal.
 */
export async function recoverOutDir(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  const dead = listTempFolders(outDir).filter((f) => {
    const state = ownerStateOf(f.pid, f.createdAt);
    return state === 'gone' || state === 'replaced';
  });
  const lines: string[] = [];
  const previous = dead.filter((f) => f.old).sort((a, b) => b.createdAt - a.createdAt)[0];
  if (previous && !exists(outDir)) {
    await rename(path.join(parent, previous.name), outDir);
    lines.push(
      `restored the previous output ${outDir} from ${previous.name}: a build was stopped (kill -9?) between swapping its output in`,
    );
  }
  const removed = dead.filter((f) => f !== previous || !lines.length);
  await Promise.all(removed.map((f) => removeOwnFolder(path.join(parent, f.name))));
  if (removed.length) {
    const names = removed.map((f) => f.name).join(', ');
    lines.push(
      `removed ${removed.length === 1 ? 'a temporary folder' : `${removed.length} temporary folders`} left by a build that was stopped without cleaning up: ${names}`,
    );
  }
  return lines;
}
