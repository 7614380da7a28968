/**
 * "Last updated" (issue 17 §4): each guide's date (and, when asked, author)
 * comes from one `git log` pass over a repository made here, and matches what
 * `git log -1 -- <file>` says of each file; front matter `last_update`
 * overrides it; a shallow clone, a tree outside git and a git that hangs
 * build quietly without dates, and `check` says why once.
 *
 * The builds and checks run in this test process (in-process-cli.ts), with
 * the environment each test gives (a PATH holding a counting, hanging or no
 * git; DOCSGEN_GIT_TIMEOUT): docsgen reads both while it runs, when it starts
 * git, and kills a git that runs out of time itself, so what is asserted (the
 * pages, the report, the git runs) is the same as from a process of its own.
 * Only `dev`, a long-running server, runs in a process.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  configText,
  countingGit,
  git,
  GUIDES,
  hangingGit,
  makeGitSite,
  OUTSIDE_GIT_NOTICE,
} from '../helpers/git-site.js';
import { startDevProcess } from '../helpers/dev-process.js';
import { get } from '../helpers/http.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, tempDir } from '../helpers/run-cli.js';

const page = (site: string, route: string) => readFileSync(path.join(site, 'dist', route, 'index.html'), 'utf8');
const footLine = (html: string) => /<p class="last-updated">(.*?)<\/p>/.exec(html)?.[1];
const sitemapEntry = (site: string, route: string) =>
  new RegExp(`<loc>https://example.com/${route}</loc>(<lastmod>[^<]*</lastmod>)?`).exec(
    readFileSync(path.join(site, 'dist/sitemap.xml'), 'utf8'),
  );
const pathWith = (dir: string) => `${dir}${path.delimiter}${process.env.PATH}`;
/** What a build printed besides its stage lines (one of which is `last updated`, reading git's dates). */
const saidBesidesStages = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => !/^[▸•] /.test(line))
    .join('\n');

async function build(site: string, env: NodeJS.ProcessEnv = {}) {
  const result = await runCliInProcess(['build', '--root', site], { env });
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('last updated from git', () => {
  it('shows each guide the date of its last commit, as git log -1 says, from one git log process, and <lastmod> in the sitemap', async () => {
    const { site } = makeGitSite();
    const calls = path.join(tempDir(), 'git-calls.txt');
    writeFileSync(calls, '');
    const built = await build(site, { PATH: pathWith(countingGit(calls)) });
    expect(saidBesidesStages(built.stderr)).not.toMatch(/last.update|git/i);

    for (const guide of [GUIDES.intro, GUIDES.spaced]) {
      const seconds = Number(git(site, ['log', '-1', '--format=%ct', '--', guide.file]).trim());
      const iso = new Date(seconds * 1000).toISOString();
      const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
      expect(footLine(page(site, guide.route))).toBe(`Last updated on <time dateTime="${iso}">${day}</time>`);
      expect(sitemapEntry(site, guide.route)?.[1]).toBe(`<lastmod>${iso.slice(0, 10)}</lastmod>`);
    }
    // The file touched by two commits has the second one's date; the last commit touched no docs.
    expect(footLine(page(site, GUIDES.spaced.route))).toContain('March 5, 2026');
    expect(footLine(page(site, GUIDES.intro.route))).toContain('January 10, 2026');
    // Front matter last_update wins over git.
    expect(footLine(page(site, GUIDES.override.route))).toBe(
      'Last updated on <time dateTime="2025-07-04T00:00:00.000Z">July 4, 2025</time>',
    );
    expect(sitemapEntry(site, GUIDES.override.route)?.[1]).toBe('<lastmod>2025-07-04</lastmod>');
    // Pages that are not guides have no date.
    expect(footLine(readFileSync(path.join(site, 'dist/index.html'), 'utf8'))).toBeUndefined();

    const runs = readFileSync(calls, 'utf8').trim().split('\n');
    expect(runs.filter((run) => / log /.test(run))).toHaveLength(1);
    // Every run is read-only and hardened, whatever the repository's config says.
    for (const run of runs) expect(run).toMatch(/^--no-pager -c core\.fsmonitor=false --literal-pathspecs /);
    expect(runs.find((run) => / log /.test(run))).toContain('--no-textconv --no-ext-diff');

    // A warm build asks git for HEAD only: the dates are cached by it.
    writeFileSync(calls, '');
    await build(site, { PATH: pathWith(countingGit(calls)) });
    expect(readFileSync(calls, 'utf8').trim().split('\n')).toEqual([
      expect.stringMatching(/ rev-parse --is-shallow-repository HEAD$/),
    ]);
    expect(footLine(page(site, GUIDES.spaced.route))).toContain('March 5, 2026');

    // A new commit is a new HEAD: the dates are read again.
    writeFileSync(path.join(site, GUIDES.intro.file), '# Intro\n\nChanged.\n');
    git(site, ['commit', '-q', '-am', 'fourth'], { date: '2026-05-20T18:00:00Z', author: 'Ada Lovelace' });
    await build(site);
    expect(footLine(page(site, GUIDES.intro.route))).toContain('May 20, 2026');
  });

  it('names the author with docs.showLastUpdateAuthor, front matter authors included', async () => {
    const { site } = makeGitSite();
    writeFileSync(path.join(site, 'build.config.ts'), configText({ docs: 'showLastUpdateAuthor: true,' }));
    await build(site);
    expect(footLine(page(site, GUIDES.spaced.route))).toBe(
      'Last updated on <time dateTime="2026-03-05T12:30:00.000Z">March 5, 2026</time> by <span class="last-updated-author">Grace Hopper</span>',
    );
    expect(footLine(page(site, GUIDES.override.route))).toContain(
      'by <span class="last-updated-author">Front Matter Person</span>',
    );
    // Without the date, the author alone.
    writeFileSync(
      path.join(site, 'build.config.ts'),
      configText({ docs: 'showLastUpdateAuthor: true, showLastUpdateTime: false,' }),
    );
    await build(site);
    expect(footLine(page(site, GUIDES.intro.route))).toBe(
      'Last updated by <span class="last-updated-author">Ada Lovelace</span>',
    );
  });

  it('shows nothing with showLastUpdateTime: false, and writes <lastmod> as sitemap.lastmod says', async () => {
    const { site } = makeGitSite();
    writeFileSync(
      path.join(site, 'build.config.ts'),
      configText({ docs: 'showLastUpdateTime: false,', top: "sitemap: { lastmod: 'datetime' }," }),
    );
    await build(site);
    expect(page(site, GUIDES.spaced.route)).not.toContain('last-updated');
    expect(page(site, GUIDES.spaced.route)).not.toContain('Grace Hopper');
    expect(sitemapEntry(site, GUIDES.spaced.route)?.[1]).toBe('<lastmod>2026-03-05T12:30:00.000Z</lastmod>');

    writeFileSync(path.join(site, 'build.config.ts'), configText({ top: 'sitemap: { lastmod: false },' }));
    await build(site);
    expect(sitemapEntry(site, GUIDES.spaced.route)?.[0]).toBe('<loc>https://example.com/docs/guides/with-space</loc>');
    expect(footLine(page(site, GUIDES.spaced.route))).toContain('March 5, 2026');
  });

  it('dev shows the same dates, read once at start, and a front matter date as soon as it is saved', async () => {
    const { site } = makeGitSite();
    const dev = await startDevProcess(site);
    try {
      expect(footLine((await get(dev.url, '/' + GUIDES.spaced.route)).body)).toContain('March 5, 2026');
      expect((await get(dev.url, '/sitemap.xml')).body).toContain('<lastmod>2026-03-05</lastmod>');
      writeFileSync(
        path.join(site, GUIDES.intro.file),
        '---\nlast_update:\n  date: 2024-02-29\n---\n# Intro\n\nHello.\n',
      );
      await expect
        .poll(async () => footLine((await get(dev.url, '/' + GUIDES.intro.route)).body), { timeout: 20_000 })
        .toContain('February 29, 2024');
    } finally {
      await dev.stop('SIGINT');
    }
  });

  it("dates every docs version's files from the same one git log", async () => {
    const site = tempDir('docsgen-dated-versions-');
    cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus/versions'), site, { recursive: true });
    git(site, ['init', '-q']);
    git(site, ['add', '-A']);
    git(site, ['commit', '-q', '-m', 'versions'], { date: '2025-01-15T00:00:00Z' });
    writeFileSync(
      path.join(site, 'versioned_docs/version-1.0/intro.md'),
      readFileSync(path.join(site, 'versioned_docs/version-1.0/intro.md'), 'utf8') + '\nFixed a typo.\n',
    );
    git(site, ['commit', '-q', '-am', 'legacy fix'], { date: '2025-06-01T00:00:00Z' });
    writeFileSync(
      path.join(site, 'content/docs/intro.md'),
      readFileSync(path.join(site, 'content/docs/intro.md'), 'utf8') + '\nNew.\n',
    );
    git(site, ['commit', '-q', '-am', 'canary'], { date: '2025-09-09T00:00:00Z' });
    const calls = path.join(tempDir(), 'git-calls.txt');
    writeFileSync(calls, '');
    await build(site, { PATH: pathWith(countingGit(calls)) });
    expect(footLine(page(site, 'docs/intro'))).toContain('January 15, 2025');
    expect(footLine(page(site, 'docs/legacy/intro'))).toContain('June 1, 2025');
    expect(footLine(page(site, 'docs/next/intro'))).toContain('September 9, 2025');
    expect(
      readFileSync(calls, 'utf8')
        .split('\n')
        .filter((run) => / log /.test(run)),
    ).toHaveLength(1);
  });

  it('dates the docs of a docs folder beside the site folder (docs.path: ../docs), from the same one git log', async () => {
    const repo = tempDir('docsgen-dated-beside-');
    cpSync(path.join(repoRoot, 'tests/fixtures/docusaurus/docs-beside'), repo, { recursive: true });
    const site = path.join(repo, 'website');
    git(repo, ['init', '-q']);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'docs'], { date: '2025-01-15T00:00:00Z' });
    writeFileSync(
      path.join(repo, 'docs/getting-started.md'),
      readFileSync(path.join(repo, 'docs/getting-started.md'), 'utf8') + '\nNew.\n',
    );
    git(repo, ['commit', '-q', '-am', 'next'], { date: '2025-09-09T00:00:00Z' });
    const calls = path.join(tempDir(), 'git-calls.txt');
    writeFileSync(calls, '');
    await build(site, { PATH: pathWith(countingGit(calls)) });
    expect(footLine(page(site, 'docs/next/getting-started'))).toContain('September 9, 2025');
    expect(footLine(page(site, 'docs/next/guides/configuration'))).toContain('January 15, 2025');
    expect(footLine(page(site, 'docs/getting-started'))).toContain('January 15, 2025');
    expect(
      readFileSync(calls, 'utf8')
        .split('\n')
        .filter((run) => / log /.test(run)),
    ).toHaveLength(1);
  });

  it('never runs git when nothing uses the dates', async () => {
    const { site } = makeGitSite();
    writeFileSync(
      path.join(site, 'build.config.ts'),
      configText({ docs: 'showLastUpdateTime: false,', top: 'sitemap: { lastmod: null }, structuredData: false,' }),
    );
    const calls = path.join(tempDir(), 'git-calls.txt');
    writeFileSync(calls, '');
    await build(site, { PATH: pathWith(countingGit(calls)) });
    expect(readFileSync(calls, 'utf8')).toBe('');
    const checked = await runCliInProcess(['check', '--root', site], { env: { PATH: pathWith(countingGit(calls)) } });
    expect(checked.stdout).not.toContain('last-update');
  });
});

describe('last updated without git history', () => {
  /** `check`'s report: exit 0, and the reason said exactly once. */
  async function expectCheckSaysOnce(site: string, reason: string, env: NodeJS.ProcessEnv = {}) {
    const checked = await runCliInProcess(['check', '--root', site], { env });
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stdout.split('pages show no "Last updated" date from git')).toHaveLength(2);
    expect(checked.stdout).toContain(reason);
    const github = await runCliInProcess(['check', '--root', site, '--format', 'github'], { env });
    expect(github.stdout).toMatch(
      /^::notice title=last-update-unavailable::pages show no "Last updated" date from git/m,
    );
  }

  /** A build that succeeds, says nothing about dates, and shows only the front matter's. */
  async function expectQuietBuildWithoutDates(site: string, env: NodeJS.ProcessEnv = {}) {
    const built = await build(site, env);
    expect(saidBesidesStages(built.stderr)).not.toMatch(/last.update|git|shallow/i);
    expect(page(site, GUIDES.spaced.route)).not.toContain('last-updated');
    expect(sitemapEntry(site, GUIDES.spaced.route)?.[1]).toBeUndefined();
    expect(footLine(page(site, GUIDES.override.route))).toContain('July 4, 2025');
  }

  it("a shallow clone builds without dates (they would all be the last commit's), and check says why once", async () => {
    const { repo } = makeGitSite();
    const clone = path.join(tempDir(), 'clone');
    git(tempDir(), ['clone', '-q', '--depth', '1', `file://${repo}`, clone]);
    const site = path.join(clone, 'site');
    await expectQuietBuildWithoutDates(site);
    await expectCheckSaysOnce(
      site,
      'the repository is a shallow clone, whose history does not say when each page changed; for dates, fetch the whole history (git fetch --unshallow',
    );
  });

  it('a tree outside git builds without dates, and check says why once', async () => {
    const { site: source } = makeGitSite();
    const site = tempDir('docsgen-outside-');
    cpSync(source, site, { recursive: true });
    await expectQuietBuildWithoutDates(site);
    await expectCheckSaysOnce(site, OUTSIDE_GIT_NOTICE.message);
  });

  it('a git that never answers is killed after DOCSGEN_GIT_TIMEOUT, and the build goes on without dates', async () => {
    const { site } = makeGitSite();
    const env = { PATH: pathWith(hangingGit()), DOCSGEN_GIT_TIMEOUT: '0.5' };
    await expectQuietBuildWithoutDates(site, env);
    await expectCheckSaysOnce(
      site,
      'git rev-parse did not finish within 0.5 s; for dates, give it longer with DOCSGEN_GIT_TIMEOUT=<seconds>',
      env,
    );
  });

  it('a DOCSGEN_GIT_TIMEOUT that is no number of seconds is a usage error before any work (exit 2, no stack trace)', async () => {
    const { site } = makeGitSite();
    const result = await runCliInProcess(['build', '--root', site], { env: { DOCSGEN_GIT_TIMEOUT: 'soon' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "error  DOCSGEN_GIT_TIMEOUT must be a number of seconds greater than 0, not 'soon'",
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('no git on PATH builds without dates, and check says why once', async () => {
    const { site } = makeGitSite();
    const env = { PATH: tempDir() };
    await expectQuietBuildWithoutDates(site, env);
    await expectCheckSaysOnce(site, 'git is not installed', env);
  });
});
