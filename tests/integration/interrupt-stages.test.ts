import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../helpers/cli-process.js';
import { leftovers, snapshotSources, snapshotTree } from '../helpers/bad-input.js';
import { createFreshnessSite } from '../helpers/freshness.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

/**
 * The README's promise that Ctrl+C and SIGTERM work at any moment, held on a
 * build that is busy in each stage: a site with the API reference and
 * checked code samples, built once (the previous output, and warm caches;
 * in the test process, which has loaded docsgen's sources anyway, and whose
 * cache keys are the compiled lib/'s, so the spawned runs find them warm),
 * made busy where each case needs it, then rebuilt and sent SIGTERM once the
 * stage's `▸ name` line is out. The busy input is new to the cache, so its
 * stage works on it: new pages or samples, or, for the stages after the
 * pages are compiled, a new site title on a site of many pages; the API case
 * removes the cached API model and pages instead, since the library it reads
 * does not change. Every run must end with 143 within a bound
 * only a thread that ignores the signal exceeds, leaving the previous output
 * byte for byte, the sources, and no temporary folder or lock.
 */
const GUIDES = 'content/docs/guides';
const KB = 1024;

const addPage = (root: string, name: string, body: string) =>
  writeFileSync(path.join(root, GUIDES, name), `---\ntitle: ${name}\n---\n\n${body}`);

/** 320 pages (the pools start at 300) with a table, a code block and links each: work for markdown, render, the search index, the link checker and the writer. */
function addManyPages(root: string): void {
  mkdirSync(path.join(root, GUIDES, 'bulk'), { recursive: true });
  for (let i = 0; i < 320; i++) {
    const rows = Array.from(
      { length: 20 },
      (_, r) => `| ${i}-${r} | [next](./p${(i + 1) % 320}.md) | \`value ${r}\` |`,
    ).join('\n');
    const sections = Array.from(
      { length: 10 },
      (_, s) =>
        `## Section ${s}\n\nSome text about part ${s} of page ${i}, with [a link](./p${(i + 7) % 320}.md#section-${s}).\n`,
    ).join('\n');
    addPage(
      root,
      `bulk/p${i}.md`,
      `# Page ${i}\n\n| a | b | c |\n| - | - | - |\n${rows}\n\n\`\`\`json\n{ "a": ${i}, "b": [1, 2, 3] }\n\`\`\`\n\n${sections}`,
    );
  }
}

/** A config that spins for seconds before it answers (it runs on its own thread). */
function slowConfig(root: string): void {
  const file = path.join(root, 'build.config.ts');
  writeFileSync(
    file,
    `const until = Date.now() + 20_000;\nwhile (Date.now() < until) {}\n${readFileSync(file, 'utf8')}`,
  );
}

/** 200 TypeScript samples, each with types the checker works at. */
function addSamples(root: string): void {
  const block = (i: number) =>
    `\`\`\`ts\nimport { createWidget } from 'fixture-lib';\ntype Deep${i}<T, N extends unknown[] = []> = N['length'] extends 30 ? T : Deep${i}<{ v: T }, [...N, 0]>;\nconst widget${i}: Deep${i}<string> | undefined = undefined;\nconst made${i} = createWidget;\n\`\`\`\n`;
  addPage(root, 'samples.md', `# Samples\n\n${Array.from({ length: 200 }, (_, i) => block(i)).join('\n')}`);
}

/** Pages the Markdown parser takes tens of seconds on (within the bounds): 1 MB of autolinks each. */
function addSlowPages(root: string): void {
  for (let i = 0; i < 3; i++)
    addPage(root, `links-${i}.md`, `# Links ${i}\n\n${'www.a.com '.repeat((1024 * KB) / 10)}\n`);
}

/**
 * The API model and pages are read from the cache while the library is unchanged: without them TypeDoc reads the
 * library again on its worker. Only those go (not the whole cache, as --no-cache would): the code samples, the client
 * bundle and the pages stay warm, so the run reaches the API stage without checking and compiling everything again.
 */
function uncacheApi(root: string): void {
  // Not `force`: a cache folder renamed would leave the model cached and the stage idle, so it fails here instead.
  for (const name of ['api', 'api-pages'])
    rmSync(path.join(root, 'node_modules/.cache/docsgen', name), { recursive: true });
  addSlowPages(root);
}

/**
 * When the signal comes. `afterMs`: how long into the stage (TypeDoc loads, then reads the library, on its worker,
 * and prints nothing meanwhile). `after`: a line that shows the stage at work; the markdown stage counts the pages
 * its worker compiled (on the heartbeat), so a count means the worker has loaded its tools and is parsing the next
 * page, one of the slow ones or just before them, whatever the machine's speed.
 */
const earlyStages: { stage: string; busy: (root: string) => void; afterMs?: number; after?: RegExp }[] = [
  { stage: 'config', busy: slowConfig },
  { stage: 'code samples', busy: addSamples },
  { stage: 'markdown', busy: addSlowPages, after: /^ {2}markdown [1-9]\d*\/\d+ /m },
  { stage: 'api', busy: uncacheApi, afterMs: 8_000 },
];
/** Stages after the pages are compiled: each has every page of a many-page site to work on again (see below). */
const lateStages = ['render', 'search index', 'check links', 'write'];

/** A new site title: every page's shell, search record and output file changes, while no page's Markdown does. */
const retitle = (root: string, n: number) => {
  const file = path.join(root, 'build.config.ts');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/title: '[^']*'/, `title: 'Retitled ${n}'`));
};

/**
 * Runs `docsgen build` in the site, sends SIGTERM once the stage's `▸ name` line is out (then `after` too, or
 * `afterMs` later), and checks that it exits with 143 leaving the previous output byte for byte, the sources, and no
 * temporary folder or lock.
 */
async function expectStopped(
  root: string,
  stage: string,
  options: { afterMs?: number; after?: RegExp } = {},
): Promise<void> {
  const dist = snapshotTree(path.join(root, 'dist'));
  const sources = snapshotSources(root);
  const cli = spawnCli(['build', '--root', root]);
  await cli.waitFor(new RegExp(`▸ ${stage}\\n`), 600_000);
  if (options.after) await cli.waitFor(options.after, 600_000);
  await new Promise((resolve) => setTimeout(resolve, options.afterMs ?? 0));
  cli.child.kill('SIGTERM');
  // Generous: the build ends at once; only a thread that ignores the signal for a whole stage exceeds it.
  const code = await Promise.race([
    cli.exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 30_000)),
  ]);
  if (code === 'hung') cli.child.kill('SIGKILL');
  expect(code, cli.stderr()).toBe(143);
  expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
  expect(snapshotSources(root)).toEqual(sources);
  expect(leftovers(root)).toEqual([]);
}

describe('SIGTERM in each stage of a busy build', () => {
  let base: string;
  beforeAll(async () => {
    base = createFreshnessSite({ api: true });
    const { code, stderr } = await runCliInProcess(['build', '--root', base]);
    if (code !== 0) throw new Error(`the base site did not build:\n${stderr}`);
  }, 300_000);

  describe.concurrent('exit 143, previous output byte for byte, sources intact, no temporary folder or lock', () => {
    it.each(earlyStages)(
      '$stage',
      async ({ stage, busy, afterMs, after }) => {
        const root = tempDir(`docsgen-stage-`);
        cpSync(base, root, { recursive: true, verbatimSymlinks: true });
        busy(root);
        await expectStopped(root, stage, { afterMs, after });
      },
      900_000,
    );
  });

  // One site of 320 pages, built once (a copy would compile every page again: the cache is the site's own), then
  // retitled before each run, so that every page is rendered, indexed, checked and written again. Each run is
  // stopped, so each starts from the same output.
  describe.sequential('after the pages are compiled: exit 143, previous output byte for byte, sources intact, no temporary folder or lock', () => {
    let many: string;
    beforeAll(async () => {
      many = tempDir(`docsgen-stage-many-`);
      cpSync(base, many, { recursive: true, verbatimSymlinks: true });
      addManyPages(many);
      const { code, stderr } = await runCliInProcess(['build', '--root', many]);
      if (code !== 0) throw new Error(`the site of many pages did not build:\n${stderr}`);
    }, 600_000);

    it.each(lateStages.map((stage, i) => ({ stage, n: i + 1 })))(
      '$stage',
      async ({ stage, n }) => {
        retitle(many, n);
        await expectStopped(many, stage);
      },
      900_000,
    );
  });
});
