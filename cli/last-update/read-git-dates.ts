import path from 'node:path';
import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import { timeoutFromEnv } from '../config/evaluate-config.js';
import { LOG_FORMAT, LogStream, type FileCommit } from './log-stream.js';
import { runGit, type GitOutcome } from './run-git.js';
import { showControlChars } from '../visible-text.js';

export type { FileCommit };

/** The environment variable that sets how long git may take for the dates, in seconds (10 by default). */
export const GIT_TIMEOUT_ENV = 'DOCSGEN_GIT_TIMEOUT';
const DEFAULT_GIT_TIMEOUT_SECONDS = 10;

/** How long git may take for the dates: DOCSGEN_GIT_TIMEOUT seconds, 10 by default (a bad value is a usage error). */
export function gitTimeoutMs(): number {
  return timeoutFromEnv(GIT_TIMEOUT_ENV, DEFAULT_GIT_TIMEOUT_SECONDS);
}

/** Each doc's last commit, by path relative to the site root (`content/docs/intro.md`), and why some or all are missing. */
export interface GitDates {
  commits: Map<string, FileCommit>;
  /** Why git gave no dates (or only some), and what would give them: said once by `check`, never by `build`. */
  unavailable?: Unavailable;
}

/** Why there are no dates from git, and what to do for them. */
export interface Unavailable {
  why: string;
  fix: string;
}

const FRONT_MATTER_FIX = 'or set front matter last_update';

/**
 * The last commit of every doc file, from ONE `git log` over the docs
 * folders, read as it streams and stopped once every file is found (a long
 * history is not read to its start), within `timeoutMs` for both git runs.
 * Cached by the HEAD commit and the list of files, so a warm
 * build runs only `git rev-parse`. A missing git, a tree outside git, a
 * shallow clone (every date would be the graft's) or a failing git give no
 * dates and a reason, never an error. `folders` are the docs folders
 * (trusted config); file names are only compared with git's output.
 */
export async function readGitDates(input: {
  root: string;
  folders: string[];
  files: string[];
  cache: DiskCache;
  timeoutMs: number;
}): Promise<GitDates> {
  const { timeoutMs } = input;
  const deadline = performance.now() + timeoutMs;
  // git log --relative leaves out files above its folder: it runs where the root and a docs folder at ../docs meet.
  const cwd = commonFolder([input.root, ...input.folders.map((folder) => path.resolve(input.root, folder))]);
  const fromCwd = (file: string) => toPosix(path.relative(cwd, path.resolve(input.root, file)));
  const fromRoot = (file: string) => toPosix(path.relative(input.root, path.resolve(cwd, file)));
  const head = await runGit(['rev-parse', '--is-shallow-repository', 'HEAD'], { cwd, timeoutMs }).done;
  if (!head.ok) return { commits: new Map(), unavailable: describeFailure('git rev-parse', head, timeoutMs) };
  const [shallow, commit] = head.stdout.split('\n');
  if (shallow === 'true') {
    const why = 'the repository is a shallow clone, whose history does not say when each page changed';
    return {
      commits: new Map(),
      unavailable: {
        why,
        fix: `fetch the whole history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout), ${FRONT_MATTER_FIX}`,
      },
    };
  }

  const folders = input.folders.map((folder) => fromCwd(folder) || '.');
  const wanted = new Set(input.files.map(fromCwd));
  if (wanted.size === 0) return { commits: new Map() };
  const key = hashOf('git-dates', commit, folders, [...wanted].sort());
  const cached = input.cache.get<[string, number, string][]>('last-update', key);
  if (cached) return { commits: new Map(cached.map(([file, time, author]) => [fromRoot(file), { time, author }])) };

  const stream = new LogStream(wanted);
  const log = runGit(
    [
      'log',
      LOG_FORMAT,
      '--name-only',
      '-z',
      '--no-renames',
      '--relative',
      '--no-textconv',
      '--no-ext-diff',
      '--no-color',
      '--no-show-signature',
      '--',
      ...folders,
    ],
    {
      cwd,
      timeoutMs: Math.max(1, deadline - performance.now()),
      onData: (chunk) => {
        if (!stream.push(chunk)) log.stop();
      },
    },
  );
  const outcome = await log.done;
  if (stream.broken)
    return {
      commits: new Map(),
      unavailable: { why: 'git log printed something docsgen could not read', fix: `set front matter last_update` },
    };
  // A file found is found for good (the log starts with the newest commit), so what a slow git gave is kept, but not cached.
  const ended = outcome.ok || (outcome.reason === 'stopped' && stream.complete);
  if (ended)
    input.cache.set(
      'last-update',
      key,
      [...stream.found].map(([file, found]) => [file, found.time, found.author]),
    );
  const commits =
    cwd === input.root ? stream.found : new Map([...stream.found].map(([file, found]) => [fromRoot(file), found]));
  return { commits, ...(ended ? {} : { unavailable: describeFailure('git log', outcome, timeoutMs) }) };
}

/** Why a git run gave nothing, in a few words, and what would help. */
function describeFailure(what: string, outcome: GitOutcome, timeoutMs: number): Unavailable {
  const reason = outcome.ok ? 'failed' : outcome.reason;
  const stderr = outcome.ok ? '' : outcome.stderr;
  if (reason === 'missing')
    return { why: 'git is not installed (no git on PATH)', fix: `install git, ${FRONT_MATTER_FIX}` };
  if (reason === 'timeout')
    return {
      why: `${what} did not finish within ${timeoutMs / 1000} s`,
      fix: `give it longer with ${GIT_TIMEOUT_ENV}=<seconds>, ${FRONT_MATTER_FIX}`,
    };
  if (/not a git repository/i.test(stderr))
    return { why: 'the site is not in a git repository', fix: `build from a git clone, ${FRONT_MATTER_FIX}` };
  if (/unknown revision|bad revision|ambiguous argument 'HEAD'/i.test(stderr))
    return { why: 'the git repository has no commits yet', fix: `commit the docs, ${FRONT_MATTER_FIX}` };
  const first = stderr.trim().split('\n')[0]?.slice(0, 200);
  return { why: `${what} failed${first ? `: ${showControlChars(first)}` : ''}`, fix: 'set front matter last_update' };
}

/** The nearest folder holding every one of the absolute paths. */
function commonFolder(paths: string[]): string {
  let folder = paths[0];
  while (!paths.every((p) => p === folder || p.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep))) {
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return folder;
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}
