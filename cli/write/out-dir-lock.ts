import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { ownerStateOf, processCommand, processStartId } from './process-identity.js';
import { LOCK_SUFFIX } from '../files/output-names.js';
import { cannotWriteError } from './write-errors.js';

/** What a lock file says about the build holding it. */
interface LockOwner {
  pid: number;
  /** `processStartId` of the owner, when it could be read (Linux). */
  startId?: string;
  /** When the lock was written (its mtime), epoch ms. */
  writtenAt: number;
}

/**
 * The lock's text: the pid alone on the first line (what earlier versions
 * wrote and read), then `start <boot id>:<ticks>` where `/proc` tells it, so a
 * later build can tell this process from another one that got its pid.
 */
function lockText(): string {
  const start = processStartId(process.pid);
  const command = process.argv.join(' ').replace(/[\u0000-\u001f\u007f]/g, '?');
  return `${process.pid}\n${start ? `start ${start}\n` : ''}command ${command}\n`;
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const pid = Number.parseInt(text, 10);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, startId: /^start (\S+)$/m.exec(text)?.[1], writtenAt: statSync(file).mtimeMs };
  } catch {
    return undefined;
  }
}

/**
 * Takes `<outDir>.docsgen-lock` for the length of a build, so two builds
 * never write one out dir at once: the second refuses, naming the first.
 * A lock is taken over when the process it names no longer runs, or when
 * its pid now belongs to another process (reused after a `kill -9` or a
 * reboot: told by the start time recorded in the lock, or by the process
 * having started after the lock was written); `note` says so. When nothing
 * tells (no `/proc`), it refuses and says how to remove the lock. Creates
 * the folder around the out dir if needed (the lock file lives there).
 */
export function lockOutDir(outDir: string, note: (line: string) => void = () => undefined): () => void {
  const file = outDir + LOCK_SUFFIX;
  try {
    mkdirSync(path.dirname(outDir), { recursive: true });
  } catch (error) {
    throw cannotWriteError(outDir, error);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, lockText());
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
      const owner = readOwner(file);
      const state = owner ? ownerStateOf(owner.pid, owner.writtenAt, owner.startId) : 'gone';
      if (owner && (state === 'running' || state === 'unknown')) throw refusal(outDir, file, owner.pid, state);
      if (owner && state === 'replaced') {
        note(
          `took over the lock ${file}: pid ${owner.pid} that wrote it was stopped without cleaning up, and that pid now belongs to another program`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DocsgenError(`could not lock ${outDir}`, { hint: `remove ${file} if no build is running` });
}

function refusal(outDir: string, file: string, pid: number, state: 'running' | 'unknown'): DocsgenError {
  const message = `another docsgen build (pid ${pid}) is writing to ${outDir}; refusing to start a second one`;
  if (state === 'running')
    return new DocsgenError(message, { hint: 'wait for the other build to finish, or use another --out-dir' });
  const command = processCommand(pid);
  return new DocsgenError(message, {
    hint: `wait for the other build to finish, or use another --out-dir; if no docsgen build is running${command ? ` (pid ${pid} is \`${command}\`)` : ''}, remove ${file}`,
  });
}
