import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { cannotWriteError } from './write-errors.js';

/** True when a process with this pid is running. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<outDir>.docsgen-lock` for the length of a build, so two builds
 * never write one out dir at once: the second refuses, naming the first.
 * A lock left by a process that no longer runs is taken over. Creates the
 * folder around the out dir if needed (the lock file lives there).
 */
export function lockOutDir(outDir: string): () => void {
  const file = `${outDir}.docsgen-lock`;
  try {
    mkdirSync(path.dirname(outDir), { recursive: true });
  } catch (error) {
    throw cannotWriteError(outDir, error);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw cannotWriteError(outDir, error);
      }
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DocsgenError(`another docsgen build (pid ${owner}) is writing to ${outDir}; refusing to start a second one`, {
          hint: 'wait for the other build to finish, or use another --out-dir',
        });
      }
      rmSync(file, { force: true });
    }
  }
  throw new DocsgenError(`could not lock ${outDir}`, { hint: `remove ${file} if no build is running` });
}
