import { spawn, type ChildProcess } from 'node:child_process';

/** How a git run ended: its output, or why there is none. */
export type GitOutcome =
  | { ok: true; stdout: string }
  | { ok: false; reason: 'missing' | 'failed' | 'timeout' | 'stopped'; stderr: string };

/**
 * Options every git run of docsgen gets. The repository's own config is the
 * user's, but nothing in it may run a program for a read-only log: no
 * fsmonitor hook, no pager; pathspecs are literal (a folder named `*`
 * matches only itself). The log adds `--no-textconv --no-ext-diff`.
 */
const SAFE_OPTIONS = ['--no-pager', '-c', 'core.fsmonitor=false', '--literal-pathspecs'];

/** The environment of a git run: never a prompt, a pager or an optional lock; messages in English (read by describeFailure). */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_ASKPASS: '',
    SSH_ASKPASS: '',
    LC_ALL: 'C',
  };
}

export interface GitRun {
  /** Settles once git has exited, or at once when it is stopped or runs out of time. */
  done: Promise<GitOutcome>;
  /** Ends git early: the outcome is `stopped` (a reader that has all it wants). */
  stop(): void;
}

/**
 * Runs `git <args>` in `cwd` without a shell (an argument array), killed
 * after `timeoutMs`. `onData` receives stdout as it comes (the whole stdout is
 * then not kept); otherwise it is collected. A missing git binary, a non-zero
 * exit and the time limit are outcomes, never exceptions. Git runs in a
 * process group of its own, killed whole: a hook or helper it started must
 * not keep the pipes (and the build) open.
 */
export function runGit(
  args: string[],
  options: { cwd: string; timeoutMs: number; onData?: (chunk: Buffer) => void },
): GitRun {
  let child: ChildProcess | undefined;
  let settle: (outcome: GitOutcome) => void = () => undefined;
  let stderr = '';
  const end = (reason: 'timeout' | 'stopped') => {
    settle({ ok: false, reason, stderr });
    if (child) killGroup(child);
  };
  const done = new Promise<GitOutcome>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    settle = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    try {
      child = spawn('git', [...SAFE_OPTIONS, ...args], {
        cwd: options.cwd,
        env: gitEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        detached: process.platform !== 'win32',
      });
    } catch {
      settle({ ok: false, reason: 'missing', stderr: '' });
      return;
    }
    timer = setTimeout(() => end('timeout'), options.timeoutMs);
    const out: Buffer[] = [];
    child.stdout!.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (options.onData) options.onData(chunk);
      else out.push(chunk);
    });
    // Only the start of stderr is kept: it says why git failed.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle({ ok: false, reason: error.code === 'ENOENT' ? 'missing' : 'failed', stderr: error.message }),
    );
    child.on('close', (code) =>
      settle(
        code === 0
          ? { ok: true, stdout: Buffer.concat(out).toString('utf8') }
          : { ok: false, reason: 'failed', stderr },
      ),
    );
  });
  return { done, stop: () => end('stopped') };
}

/** Kills git and whatever it started (its process group), and lets go of its pipes. */
function killGroup(child: ChildProcess): void {
  child.stdout?.destroy();
  child.stderr?.destroy();
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill('SIGKILL');
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
