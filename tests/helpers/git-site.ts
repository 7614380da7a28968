/**
 * A docs site inside a git repository made by the test (issue 17 §4): commits
 * with fixed dates and authors, so the dates docsgen shows can be compared
 * with what `git log` says.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './run-cli.js';

/**
 * What `check` says, once, of a site outside git: every copy of tests/sites in
 * a temp folder (issue 17 §4: no "Last updated" dates, and why).
 */
export const OUTSIDE_GIT_NOTICE = {
  rule: 'last-update-unavailable',
  message:
    'pages show no "Last updated" date from git: the site is not in a git repository; for dates, build from a git clone, or set front matter last_update',
};

/** The same notice as a GitHub annotation (`check --format github`), a line of its own before the problems. */
export const OUTSIDE_GIT_ANNOTATION = `::notice title=${OUTSIDE_GIT_NOTICE.rule}::${OUTSIDE_GIT_NOTICE.message}\n`;

/** Runs git in `cwd` with a fixed identity and clock; throws when it fails. */
export function git(cwd: string, args: string[], env: { date?: string; author?: string } = {}): string {
  const date = env.date ?? '2026-01-01T00:00:00Z';
  const author = env.author ?? 'Test Author';
  const result = spawnSync('git', ['-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: author,
      GIT_AUTHOR_EMAIL: 'author@example.com',
      GIT_COMMITTER_NAME: author,
      GIT_COMMITTER_EMAIL: 'author@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** The guides of the fixture, by file (relative to the site root), with their routes. */
export const GUIDES = {
  intro: { file: 'content/docs/guides/intro.md', route: 'docs/guides/intro' },
  spaced: { file: 'content/docs/guides/with space.md', route: 'docs/guides/with-space' },
  override: { file: 'content/docs/guides/override.md', route: 'docs/guides/override' },
};

/** The site's build.config.ts, with extra settings (`docs` keys are merged into the docs block). */
export function configText(extra: { docs?: string; top?: string } = {}): string {
  return `export default {
  title: 'Dated',
  url: 'https://example.com',
  ${extra.top ?? ''}
  docs: { ${extra.docs ?? ''} sidebars: { main: ['guides/intro', 'guides/with-space', 'guides/override'] } },
};
`;
}

/**
 * A repository whose site lives in `site/` (so git's paths differ from the
 * site's): three commits on different days by different authors; `with
 * space.md` is touched by two of them, the last commit touches only a file
 * outside the docs. Returns the repository and the site root.
 */
export function makeGitSite(): { repo: string; site: string } {
  const repo = tempDir('docsgen-dated-site-');
  const site = path.join(repo, 'site');
  const docs = path.join(site, 'content/docs/guides');
  mkdirSync(docs, { recursive: true });
  git(repo, ['init', '-q']);
  writeFileSync(path.join(site, 'build.config.ts'), configText());
  writeFileSync(path.join(docs, 'intro.md'), '# Intro\n\nHello.\n');
  writeFileSync(path.join(docs, 'with space.md'), '---\nid: with-space\n---\n# With a space\n\nFirst.\n');
  writeFileSync(
    path.join(docs, 'override.md'),
    '---\nlast_update:\n  date: 2025-07-04\n  author: Front Matter Person\n---\n# Override\n\nText.\n',
  );
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'first'], { date: '2026-01-10T10:00:00Z', author: 'Ada Lovelace' });
  writeFileSync(path.join(docs, 'with space.md'), '---\nid: with-space\n---\n# With a space\n\nSecond.\n');
  git(repo, ['commit', '-q', '-am', 'second'], { date: '2026-03-05T12:30:00Z', author: 'Grace Hopper' });
  writeFileSync(path.join(repo, 'README.md'), 'not docs\n');
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'third'], { date: '2026-04-01T08:00:00Z', author: 'Linus Torvalds' });
  return { repo, site };
}

/**
 * A folder holding a `git` that writes each run's arguments to `logFile` and
 * then runs the real git: how many `git log` processes a build starts.
 */
export function countingGit(logFile: string): string {
  const real = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
  return fakeGit(`#!/bin/sh\nprintf '%s\\n' "$*" >> '${logFile}'\nexec '${real}' "$@"\n`);
}

/** A folder holding a `git` that never answers (it sleeps, in a child process of its own). */
export function hangingGit(): string {
  return fakeGit('#!/bin/sh\nsleep 60\necho never\n');
}

function fakeGit(script: string): string {
  const dir = tempDir('docsgen-fake-git-');
  writeFileSync(path.join(dir, 'git'), script);
  chmodSync(path.join(dir, 'git'), 0o755);
  return dir;
}
