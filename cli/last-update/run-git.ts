import { spawn } from 'node:child_process';

/** How a git run ended: its output, or why there is none. */
export type GitOutcome = { ok: true; stdout: string } | { ok: false; reason: 'missing' | 'failed' | 'timeout' | 'stopped'; stderr: string };

/**
 * Options every git run of docsgen gets. The repository's own config is the
 * user's, but nothing in it may run a program for a read-only log: no
 * fsmonitor hook, no text conversion or external diff, no pager; pathspecs are
 * literal (a folder named `*` matches only itself).
 */
const SAFE_OPTIONS = ['--no-pager', '-c', 'core.fsmonitor=false', '--literal-pathspecs'];

/** The environment of a git run: never a prompt, a pager or an optional lock. */
function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0', GIT_ASKPASS: '', SSH_ASKPASS: '', LC_ALL: 'C' };
}

export interface GitRun {
  /** Settles once git has exited (or was killed). */
  done: Promise<GitOutcome>;
  /** Ends git early: the outcome is `stopped` (a reader that has all it wants). */
  stop(): void;
}

/**
 * Runs `git <args>` in `cwd` without a shell (an argument array), killed
 * after `timeoutMs`. `onData` receives stdout as it comes (the whole stdout is
 * then not kept); otherwise it is collected. A missing git binary, a non-zero
 * exit and the time limit are outcomes, never exceptions.
 */
export function runGit(args: string[], options: { cwd: string; timeoutMs: number; onData?: (chunk: Buffer) => void }): GitRun {
  let child: ReturnType<typeof spawn>;
  let stopped = false;
  let timedOut = false;
  const done = new Promise<GitOutcome>((resolve) => {
    try {
      child = spawn('git', [...SAFE_OPTIONS, ...args], { cwd: options.cwd, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    } catch {
      resolve({ ok: false, reason: 'missing', stderr: '' });
      return;
    }
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (stopped) return;
      if (options.onData) options.onData(chunk);
      else out.push(chunk);
    });
    // Only the start of stderr is kept: it says why git failed.
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderr.length < 2000) stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.code === 'ENOENT' ? 'missing' : 'failed', stderr: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (stopped) resolve({ ok: false, reason: 'stopped', stderr });
      else if (timedOut) resolve({ ok: false, reason: 'timeout', stderr });
      else if (code !== 0) resolve({ ok: false, reason: 'failed', stderr });
      else resolve({ ok: true, stdout: Buffer.concat(out).toString('utf8') });
    });
  });
  return {
    done,
    stop() {
      if (stopped || !child || child.exitCode !== null) return;
      stopped = true;
      child.kill('SIGKILL');
    },
  };
}
