import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBaseSite,
  cloneSite,
  expectBuildOutcome,
  leftovers,
  snapshotSources,
  snapshotTree,
} from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, repoRoot, runCliAsync } from '../helpers/run-cli.js';

/** The pid of a process that has exited (a real pid, not a made-up number). */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const hasProc = existsSync('/proc/self/stat');

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
/** A live process that is not docsgen, whose pid a stale lock may name after a reboot. */
function sleeper(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** A copy of the minimal site with enough highlighted pages that a build is still writing when we stop it. */
function largeSite(pages: number): string {
  const root = copySite('minimal');
  for (let i = 0; i < pages; i++) {
    writeFileSync(
      path.join(root, `content/docs/guides/page-${i}.md`),
      `# Page ${i}\n\n\`\`\`tsx\nconst value${i} = <View style={{ flex: ${i} }} />\n\`\`\`\n`,
    );
  }
  return root;
}

/** Starts `docsgen build` in the background; `stderr()` is what it printed so far. */
function startBuild(root: string, args: string[] = []) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'build', '--root', root, ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
}

/** Polls until `ready()` holds; fails after `timeout` ms. */
async function until(ready: () => boolean, what: string, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A staged folder as openOutput leaves it after a kill -9: marked from the moment it was made. */
const makeStaged = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.docsgen-output'), '');
};
const tempFolders = (root: string) => readdirSync(root).filter((name) => name.startsWith('.dist.docsgen-tmp-'));

/** The minimal site, built once: each case works on a copy of it. */
let base: string;
beforeAll(async () => {
  base = await buildBaseSite();
});

// The kill is simulated on disk, so these runs are only about what a build does with what it finds there: they run in
// the test process (runCliInProcess), as the catalogue cases do, except the one whose "live build" is this process.
describe('a build after kill -9 (simulated on disk)', () => {
  it('removes the temporary folders and the lock of a dead build, and says so', async () => {
    const pid = deadPid();
    const name = `.dist.docsgen-tmp-${pid}-${Date.now() - 60_000}`;
    await expectBuildOutcome(base, {
      name: 'stale temp folder',
      apply: (root) => {
        makeStaged(path.join(root, name));
        mkdirSync(path.join(root, name, 'docs'));
        writeFileSync(path.join(root, name, 'docs/half.html'), '<p>half');
        writeFileSync(path.join(root, 'dist.docsgen-lock'), `${pid}\n`);
      },
      code: 0,
      lines: [`! removed a temporary folder left by a build that was stopped without cleaning up: ${name}`],
      check: (root) => expect(existsSync(path.join(root, 'dist/docs/guides/second/index.html'))).toBe(true),
    });
  });

  it('restores the previous output of a build killed between its two renames, before anything else: a failing build keeps it byte for byte', async () => {
    const root = cloneSite(base);
    const dist = snapshotTree(path.join(root, 'dist'));
    const pid = deadPid();
    const temp = `.dist.docsgen-tmp-${pid}-${Date.now() - 60_000}`;
    renameSync(path.join(root, 'dist'), path.join(root, `${temp}-old`));
    makeStaged(path.join(root, temp));
    writeFileSync(path.join(root, temp, 'index.html'), 'the new output that never went in');
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), '# Second\n\n[broken](./missing.md)\n');
    const sources = snapshotSources(root);
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(stderr).toContain(
      `! restored the previous output ${path.join(root, 'dist')} from ${temp}-old: a build was stopped (kill -9?) between swapping its output in\n`,
    );
    expect(stderr).toContain(
      `! removed a temporary folder left by a build that was stopped without cleaning up: ${temp}\n`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code, stderr).toBe(1);
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    expect(snapshotSources(root)).toEqual(sources);
    expect(leftovers(root)).toEqual([]);
  });

  it('restores the previous output, then replaces it with the new build', async () => {
    const root = cloneSite(base);
    const temp = `.dist.docsgen-tmp-${deadPid()}-${Date.now() - 60_000}`;
    renameSync(path.join(root, 'dist'), path.join(root, `${temp}-old`));
    writeFileSync(path.join(root, 'content/docs/guides/second.md'), '# Second, edited\n');
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(`! restored the previous output ${path.join(root, 'dist')} from ${temp}-old`);
    expect(readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8')).toContain('Second, edited');
    expect(leftovers(root)).toEqual([]);
  });

  it("never touches the temporary folder of a build that is still running, nor another out dir's", async () => {
    // This test process is alive and started before these folders were made: it could be a build writing them. (So the
    // build runs in a process of its own: in this one, that folder would be its own.)
    const live = `.dist.docsgen-tmp-${process.pid}-${Date.now()}`;
    const other = `.dist2.docsgen-tmp-${deadPid()}-${Date.now()}`;
    const root = cloneSite(base);
    for (const name of [live, other]) makeStaged(path.join(root, name));
    const { code, stderr } = await runCliAsync(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('removed');
    expect(
      readdirSync(root)
        .filter((n) => n.includes('.docsgen-tmp-'))
        .sort(),
    ).toEqual([other, live].sort());
  });

  it.runIf(hasProc)(
    'takes over a lock naming a live process that is not docsgen (its start time differs), and says so',
    async () => {
      const pid = sleeper();
      await expectBuildOutcome(base, {
        name: 'lock of a reused pid',
        apply: (root) =>
          writeFileSync(
            path.join(root, 'dist.docsgen-lock'),
            `${pid}\nstart 00000000-0000-0000-0000-000000000000:12345\ncommand node docsgen build\n`,
          ),
        code: 0,
        lines: (root) => [
          `! took over the lock ${path.join(root, 'dist')}.docsgen-lock: pid ${pid} that wrote it was stopped without cleaning up, and that pid now belongs to another program`,
        ],
      });
    },
  );

  it('refuses a lock (pid only) naming a live process it cannot tell from a build, and says how to remove it', async () => {
    const root = cloneSite(base);
    const pid = sleeper();
    const lock = path.join(root, 'dist.docsgen-lock');
    writeFileSync(lock, String(pid));
    const dist = snapshotTree(path.join(root, 'dist'));
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(stderr).toContain(
      `error  another docsgen build (pid ${pid}) is writing to ${path.join(root, 'dist')}; refusing to start a second one\n`,
    );
    expect(stderr).toContain(
      `    hint: wait for the other build to finish, or use another --out-dir; if no docsgen build is running${hasProc ? ` (pid ${pid} is \`sleep 60\`)` : ''}, remove ${lock}\n`,
    );
    expect(code).toBe(2);
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    expect(readFileSync(lock, 'utf8')).toBe(String(pid));
  });

  it('check needs none of this: it runs with the out dir caught between renames, and leaves it to the next build', async () => {
    const root = cloneSite(base);
    const temp = `.dist.docsgen-tmp-${deadPid()}-${Date.now() - 60_000}`;
    renameSync(path.join(root, 'dist'), path.join(root, `${temp}-old`));
    makeStaged(path.join(root, temp));
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code, stdout).toBe(0);
    expect(
      readdirSync(root)
        .filter((n) => n.includes('docsgen'))
        .sort(),
    ).toEqual([temp, `${temp}-old`]);
  });
});

describe('a real kill -9', () => {
  let root: string;
  // Built in the test process (its cache keys are the compiled lib/'s, so the spawned builds below find it warm).
  beforeAll(async () => {
    root = largeSite(150);
    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    if (code !== 0) throw new Error(stderr);
  });

  it('refuses a second build while a real one holds the lock', async () => {
    const first = startBuild(root);
    await until(
      () => existsSync(path.join(root, 'dist.docsgen-lock')) && /• config /.test(first.stderr()),
      'the first build to take the lock',
    );
    // Paused while it holds the lock (a stopped process is as alive as a running one, with the same start time and
    // command), so the second build meets the lock however soon the first would have finished: the first needs no
    // work long enough to outlast the second one's start, and resumes to finish as usual.
    first.child.kill('SIGSTOP');
    const second = await runCliAsync(['build', '--root', root]).finally(() => first.child.kill('SIGCONT'));
    expect(second.stderr).toContain(
      `error  another docsgen build (pid ${first.child.pid}) is writing to ${path.join(root, 'dist')}; refusing to start a second one\n    hint: wait for the other build to finish, or use another --out-dir\n`,
    );
    expect(second.code).toBe(2);
    expect((await first.exited).code, first.stderr()).toBe(0);
    expect(leftovers(root)).toEqual([]);
  });

  it('a build killed with SIGKILL while writing leaves the previous output; the next build cleans up and writes the site', async () => {
    writeFileSync(path.join(root, 'content/docs/guides/page-1.md'), '# Page one, edited\n');
    const dist = snapshotTree(path.join(root, 'dist'));
    const killed = startBuild(root, ['--no-cache']);
    // Killed once pages are streaming into its temporary folder.
    await until(
      () => tempFolders(root).some((name) => existsSync(path.join(root, name, 'docs'))),
      'the build to write pages',
    );
    killed.child.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    const left = tempFolders(root);
    expect(left).toEqual([expect.stringMatching(new RegExp(`^\\.dist\\.docsgen-tmp-${killed.child.pid}-\\d+$`))]);
    expect(existsSync(path.join(root, 'dist.docsgen-lock'))).toBe(true);
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);

    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(
      `! removed a temporary folder left by a build that was stopped without cleaning up: ${left[0]}\n`,
    );
    expect(leftovers(root)).toEqual([]);
    expect(readFileSync(path.join(root, 'dist/docs/guides/page-1/index.html'), 'utf8')).toContain('Page one, edited');
    for (const i of [0, 75, 149])
      expect(existsSync(path.join(root, `dist/docs/guides/page-${i}/index.html`))).toBe(true);
  });
  it('a warm build killed with SIGKILL while its staged folder holds links to the live output leaves that output; the next build cleans up', async () => {
    const config = path.join(root, 'build.config.ts');
    // Every page changes, so the staged folder is made at the first page, with the unchanged public/ files linked into it.
    writeFileSync(config, readFileSync(config, 'utf8').replace(/title: '[^']*'/, "title: 'Killed While Linking'"));
    const dist = snapshotTree(path.join(root, 'dist'));
    const killed = startBuild(root);
    await until(
      () => tempFolders(root).some((name) => existsSync(path.join(root, name, 'docs'))),
      'the build to stage its output',
    );
    killed.child.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    const [staged] = tempFolders(root);
    expect(lstatSync(path.join(root, staged, 'img/dot.svg')).ino).toBe(
      lstatSync(path.join(root, 'dist/img/dot.svg')).ino,
    );

    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(
      `! removed a temporary folder left by a build that was stopped without cleaning up: ${staged}\n`,
    );
    expect(leftovers(root)).toEqual([]);
    expect(readFileSync(path.join(root, 'dist/docs/guides/page-1/index.html'), 'utf8')).toContain(
      'Killed While Linking',
    );
    // No file of the output is still linked from a leftover folder (which a later edit could reach).
    const files = readdirSync(path.join(root, 'dist'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      lstatSync(path.join(root, 'dist', name)).isFile(),
    );
    expect(files.filter((name) => lstatSync(path.join(root, 'dist', name)).nlink !== 1)).toEqual([]);
  });
});

describe('a real kill -9 while the previous output is being removed', () => {
  it('leaves the folder recognisable (its marker goes last), and the next build removes what is left', async () => {
    const root = cloneSite(base);
    // A previous output that takes a while to remove: many files in one folder, beside its marker.
    const many = path.join(root, 'dist/many');
    mkdirSync(many);
    const count = 20_000;
    for (let i = 0; i < count; i++) writeFileSync(path.join(many, `file-${i}.txt`), '');
    writeFileSync(path.join(root, 'content/docs/guides/added.md'), '# Added\n');
    const killed = startBuild(root);
    const old = () => tempFolders(root).find((name) => name.endsWith('-old'));
    // Killed once the swap is done and the removal of the previous output has begun.
    await until(
      () => {
        const name = old();
        if (!name || !existsSync(path.join(root, 'dist/docs/guides/added/index.html'))) return false;
        try {
          return readdirSync(path.join(root, name, 'many')).length < count;
        } catch {
          return false;
        }
      },
      'the build to start removing the previous output',
      100_000,
    );
    killed.child.kill('SIGKILL');
    expect((await killed.exited).signal).toBe('SIGKILL');
    const left = old();
    expect(left).toBeDefined();

    const { code, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stderr).toContain(
      `! removed a temporary folder left by a build that was stopped without cleaning up: ${left}\n`,
    );
    expect(leftovers(root)).toEqual([]);
  }, 120_000);
});
