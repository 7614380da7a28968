import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocsgenError } from '../../../cli/errors.js';
import { lockOutDir } from '../../../cli/write/out-dir-lock.js';
import { ownerStateOf, processStartId } from '../../../cli/write/process-identity.js';
import { recoverOutDir } from '../../../cli/write/recover-out-dir.js';
import { tempDir } from '../../helpers/run-cli.js';

/** The pid of a process that has exited (a real pid, not a made-up number). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

const children: ChildProcess[] = [];
/** A live process that is not docsgen, as a reused pid would be. */
function sleeper(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const hasProc = existsSync('/proc/self/stat');

describe('ownerStateOf', () => {
  it('tells a dead pid, this very process, and a reused pid apart', () => {
    expect(ownerStateOf(deadPid(), Date.now())).toBe('gone');
    expect(ownerStateOf(process.pid, Date.now(), processStartId(process.pid))).toBe(hasProc ? 'running' : 'unknown');
    // Written an hour ago by "this pid": this process started since, so it cannot be the writer.
    expect(ownerStateOf(process.pid, Date.now() - 3600_000)).toBe('replaced');
  });

  it.runIf(hasProc)('compares the recorded start time with the live process', async () => {
    const pid = sleeper();
    // Running `sleep` itself, not the forked copy of this process it starts as.
    await once(children.at(-1)!, 'spawn');
    expect(ownerStateOf(pid, Date.now(), processStartId(pid))).toBe('running');
    expect(ownerStateOf(pid, Date.now(), `${processStartId(pid)}0`)).toBe('replaced');
    // No start time recorded (a lock from an earlier version): newer than the process proves nothing, older does.
    expect(ownerStateOf(pid, Date.now())).toBe('unknown');
    expect(ownerStateOf(pid, Date.now() - 3600_000)).toBe('replaced');
  });
});

describe('lockOutDir after kill -9', () => {
  it('records its pid first (as earlier versions read it), then its start time', () => {
    const out = path.join(tempDir(), 'dist');
    const unlock = lockOutDir(out);
    const text = readFileSync(`${out}.docsgen-lock`, 'utf8');
    expect(text.split('\n')[0]).toBe(String(process.pid));
    if (hasProc) expect(text).toContain(`\nstart ${processStartId(process.pid)}\n`);
    unlock();
  });

  it('takes over a lock left by a dead process without a word', () => {
    const out = path.join(tempDir(), 'dist');
    writeFileSync(`${out}.docsgen-lock`, `${deadPid()}\n`);
    const notes: string[] = [];
    lockOutDir(out, (line) => notes.push(line))();
    expect(notes).toEqual([]);
    expect(existsSync(`${out}.docsgen-lock`)).toBe(false);
  });

  it.runIf(hasProc)('takes over a lock whose pid now belongs to another program, and says so', () => {
    const out = path.join(tempDir(), 'dist');
    const pid = sleeper();
    const file = `${out}.docsgen-lock`;
    writeFileSync(file, `${pid}\nstart 00000000-0000-0000-0000-000000000000:1\ncommand node docsgen build\n`);
    const notes: string[] = [];
    const unlock = lockOutDir(out, (line) => notes.push(line));
    expect(notes).toEqual([
      `took over the lock ${file}: pid ${pid} that wrote it was stopped without cleaning up, and that pid now belongs to another program`,
    ]);
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    unlock();
  });

  it.runIf(hasProc)('takes over an old-style lock (pid only) written before its process started', () => {
    const out = path.join(tempDir(), 'dist');
    const file = `${out}.docsgen-lock`;
    writeFileSync(file, String(sleeper()));
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(file, hourAgo, hourAgo);
    const notes: string[] = [];
    lockOutDir(out, (line) => notes.push(line))();
    expect(notes).toHaveLength(1);
  });

  it('refuses a lock held by a live process it cannot tell from a build, and says how to remove it', () => {
    const out = path.join(tempDir(), 'dist');
    const file = `${out}.docsgen-lock`;
    const pid = sleeper();
    writeFileSync(file, String(pid));
    const error = (() => {
      try {
        lockOutDir(out);
      } catch (e) {
        return e as DocsgenError;
      }
    })();
    expect(error).toBeInstanceOf(DocsgenError);
    expect(error!.message).toBe(
      `another docsgen build (pid ${pid}) is writing to ${out}; refusing to start a second one`,
    );
    expect(error!.hint).toBe(
      `wait for the other build to finish, or use another --out-dir; if no docsgen build is running${hasProc ? ` (pid ${pid} is \`sleep 60\`)` : ''}, remove ${file}`,
    );
    expect(readFileSync(file, 'utf8')).toBe(String(pid));
  });

  it('refuses a second build in this very process', () => {
    const out = path.join(tempDir(), 'dist');
    const unlock = lockOutDir(out);
    expect(() => lockOutDir(out)).toThrow(
      `another docsgen build (pid ${process.pid}) is writing to ${out}; refusing to start a second one`,
    );
    unlock();
  });
});

describe('recoverOutDir', () => {
  const makeFolder = (dir: string, files: Record<string, string>) => {
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  };
  /** A folder as openOutput leaves it: marked from the moment it is made. */
  const makeStaged = (dir: string, files: Record<string, string>) =>
    makeFolder(dir, { '.docsgen-output': '', ...files });

  it('restores the out dir caught between its two renames, then removes the new output that never went in', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    const pid = deadPid();
    const temp = path.join(root, `.dist.docsgen-tmp-${pid}-${Date.now() - 5000}`);
    makeStaged(`${temp}-old`, { 'index.html': 'previous' });
    makeStaged(temp, { 'index.html': 'half-written' });
    const lines = await recoverOutDir(out);
    expect(lines).toEqual([
      `restored the previous output ${out} from ${path.basename(temp)}-old: a build was stopped (kill -9?) between swapping its output in`,
      `removed a temporary folder left by a build that was stopped without cleaning up: ${path.basename(temp)}`,
    ]);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('removes an -old folder when the out dir is there (killed after the second rename)', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    makeFolder(out, { 'index.html': 'new' });
    makeStaged(path.join(root, `.dist.docsgen-tmp-${deadPid()}-${Date.now()}-old`), { 'index.html': 'previous' });
    expect(await recoverOutDir(out)).toHaveLength(1);
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it("leaves a live build's folders, another out dir's folders and other names alone", async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    const kept = [
      `.dist.docsgen-tmp-${process.pid}-${Date.now()}`,
      `.dist2.docsgen-tmp-${deadPid()}-${Date.now()}`,
      `.dist.docsgen-tmp-${deadPid()}-x`,
      `dist.docsgen-tmp-${deadPid()}-${Date.now()}`,
    ];
    for (const name of kept) makeStaged(path.join(root, name), { 'index.html': name });
    expect(await recoverOutDir(out)).toEqual([]);
    expect(readdirSync(root).sort()).toEqual([...kept].sort());
  });

  it('never touches a folder that only looks like one of its own (no marker, or a link): a build deletes no source', async () => {
    const root = tempDir();
    const out = path.join(root, 'dist');
    const elsewhere = tempDir();
    makeFolder(elsewhere, { '.docsgen-output': '', 'index.html': 'from a link' });
    const pid = deadPid();
    const kept = [`.dist.docsgen-tmp-${pid}-${Date.now()}-old`, `.dist.docsgen-tmp-${pid}-${Date.now()}`];
    for (const name of kept) makeFolder(path.join(root, name), { 'index.html': 'committed to the repository' });
    const link = `.dist.docsgen-tmp-${pid}-${Date.now() + 1}-old`;
    symlinkSync(elsewhere, path.join(root, link));
    expect(await recoverOutDir(out)).toEqual([]);
    expect(readdirSync(root).sort()).toEqual([...kept, link].sort());
    expect(existsSync(out)).toBe(false);
  });

  it('removes a folder whose pid was reused by a process started after it (this one)', async () => {
    const root = tempDir();
    const name = `.dist.docsgen-tmp-${process.pid}-${Date.now() - 3600_000}`;
    makeStaged(path.join(root, name), {});
    expect(await recoverOutDir(path.join(root, 'dist'))).toEqual([
      `removed a temporary folder left by a build that was stopped without cleaning up: ${name}`,
    ]);
    expect(readdirSync(root)).toEqual([]);
  });
});
