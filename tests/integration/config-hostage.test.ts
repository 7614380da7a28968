import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, leftovers, snapshotSources, snapshotTree } from '../helpers/bad-input.js';
import {
  expectHostageOutcome,
  injectAfterConfig,
  minimalConfig,
  startCli,
  waitForFile,
  type HostageCase,
} from '../helpers/config-hostage.js';
import { startDevProcess } from '../helpers/dev-process.js';
import { tempDir } from '../helpers/run-cli.js';

/** Short, so the suite stays fast, for the cases that wait for it; the others keep the default (30 s), so a slow machine cannot fail them. */
const TIMEOUT = { DOCSGEN_CONFIG_TIMEOUT: '2' };
const config = (
  name: string,
  source: string,
  code: 0 | 2,
  lines: string[],
  extra: Partial<HostageCase> = {},
): HostageCase => ({
  name,
  apply: (root) => writeFileSync(path.join(root, 'build.config.ts'), source),
  code,
  lines,
  ...extra,
});
const TIMED_OUT = [
  'error  the config file build.config.ts did not finish loading within 2 s, and was stopped',
  '    hint: look for a loop that never ends, or a top-level await that waits too long; if it really needs longer, set DOCSGEN_CONFIG_TIMEOUT to more seconds',
];
const NOT_DATA =
  '    hint: the config is plain data (strings, numbers, booleans, arrays and plain objects): compute values before the export and export only the results';
const TOO_DEEP = '    hint: a sidebar nests at most 20 levels of categories; flatten this one';
/** A sidebar of `depth` categories, each inside the last, built by a loop in the config. */
const nested = (depth: number) =>
  `let node: unknown = 'guides/intro';\nfor (let i = 0; i < ${depth}; i++) node = { type: 'category', label: 'Level ' + i, items: [node] };\n` +
  minimalConfig('', "main: [node, 'guides/second']");

const cases: HostageCase[] = [
  // §7: a config that never finishes is stopped after DOCSGEN_CONFIG_TIMEOUT seconds.
  config('a config that loops forever', `while (true) {}\n${minimalConfig()}`, 2, TIMED_OUT, { env: TIMEOUT }),
  config(
    'a top-level await on a timer that takes days',
    `await new Promise((resolve) => setTimeout(resolve, 1e9));\n${minimalConfig()}`,
    2,
    TIMED_OUT,
    { env: TIMEOUT },
  ),
  config(
    'a getter in the export that loops forever',
    minimalConfig("get tagline() { while (true) {} return ''; },"),
    2,
    TIMED_OUT,
    { env: TIMEOUT },
  ),
  config(
    'a top-level await that nothing will ever settle (found at once, without waiting for the time limit)',
    `await new Promise(() => {});\n${minimalConfig()}`,
    2,
    [
      'error  the config file build.config.ts stopped before it finished loading: its top-level await waits on a promise that nothing settles',
      '    hint: every promise the config awaits at top level must resolve or reject',
    ],
    { env: { DOCSGEN_CONFIG_TIMEOUT: '60' } },
  ),
  config('a config that calls process.exit()', `process.exit(3);\n${minimalConfig()}`, 2, [
    'error  the config file build.config.ts called process.exit(3) while loading',
    '    hint: a config must not exit the process; throw an Error to report a problem',
  ]),
  config(
    'a config that throws from a timer while its top-level await waits',
    `setTimeout(() => { throw new Error('late'); }, 10);\nawait new Promise((resolve) => setTimeout(resolve, 500));\n${minimalConfig()}`,
    2,
    [
      'error  build.config.ts:1:26  the config threw Error: late  [config-threw]',
      'error  the config file build.config.ts threw while loading',
    ],
  ),
  config(
    'a config that throws a string from a timer',
    `setTimeout(() => { throw 'not an Error'; }, 10);\nawait new Promise((resolve) => setTimeout(resolve, 500));\n${minimalConfig()}`,
    2,
    ['error  build.config.ts  the config threw not an Error  [config-threw]'],
  ),
  config(
    'a config with a rejection nobody handles',
    `Promise.reject(new RangeError('nobody catches this'));\nawait new Promise((resolve) => setTimeout(resolve, 500));\n${minimalConfig()}`,
    2,
    ['error  build.config.ts:1:16  the config threw RangeError: nobody catches this  [config-threw]'],
  ),
  config(
    'a config that fills its memory',
    `const chunks: number[][] = [];\nwhile (true) chunks.push(new Array(100_000).fill(1));\n${minimalConfig()}`,
    2,
    [
      'error  the config file build.config.ts ran out of memory while loading (a config may use 512 MB)',
      '    hint: look for a loop that keeps adding to an array or a string',
    ],
    { env: { DOCSGEN_CONFIG_TIMEOUT: '60' } },
  ),
  config(
    'a time limit that is not a number',
    minimalConfig(),
    2,
    [
      "error  DOCSGEN_CONFIG_TIMEOUT must be a number of seconds greater than 0, not 'soon'",
      '    hint: for example DOCSGEN_CONFIG_TIMEOUT=60, or unset it for the default of 30 s',
    ],
    { env: { DOCSGEN_CONFIG_TIMEOUT: 'soon' } },
  ),

  // §7: values cross from the config's thread by structured clone: what cannot is named by its key path.
  config('a function in the config', minimalConfig("navbar: { items: [{ label: 'Docs', to: () => '/docs' }] },"), 2, [
    'error  build.config.ts:4:38  navbar.items[0].to: is a function, not plain data  [config-not-data]',
    'error  invalid config in build.config.ts',
    NOT_DATA,
  ]),
  config(
    'a class instance with methods in the config',
    `class Link {\n  label = 'Docs';\n  to = '/docs';\n  go() {}\n}\n${minimalConfig('navbar: { items: [new Link()] },')}`,
    2,
    [
      'error  build.config.ts:2:11  navbar.items[0]: is an instance of Link, not plain data  [config-not-data]',
      NOT_DATA,
    ],
  ),
  config(
    'a getter in the export that throws',
    minimalConfig("get tagline(): string { throw new Error('no tagline'); },"),
    2,
    [
      'error  build.config.ts  tagline: reading it threw Error: no tagline  [config-threw]',
      '    hint: the config must evaluate without errors; fix the getter that throws',
    ],
  ),
  config(
    'a function as the default export',
    "export default () => ({ title: 'Minimal', url: 'https://example.com' });\n",
    2,
    ['error  build.config.ts  (root): is a function, not plain data  [config-not-data]'],
  ),
  config('a Symbol in the config', minimalConfig("tagline: Symbol('tag'),"), 2, [
    'error  build.config.ts:4:3  tagline: is a Symbol, not plain data  [config-not-data]',
  ]),
  config('a Map in the config', minimalConfig("analytics: new Map([['gtag', 'G-1']]),"), 2, [
    'error  build.config.ts:4:3  analytics: is an instance of Map, not plain data  [config-not-data]',
  ]),
  config(
    'an object that contains itself, outside the sidebars',
    `const footer: Record<string, unknown> = { style: 'dark' };\nfooter.again = footer;\n${minimalConfig('footer,')}`,
    2,
    [
      'error  build.config.ts:1:7  footer.again: contains itself (it is footer)  [config-cycle]',
      '    hint: the config is a tree: build each array and object so that it does not contain itself',
    ],
  ),

  // §6: sidebars are the recursive part of the config: a cycle or nesting without end is an error at its place.
  config(
    'a sidebar that contains itself',
    `const items: unknown[] = [];\nitems.push({ type: 'category', label: 'Loop', items });\n${minimalConfig('', 'main: items')}`,
    2,
    [
      'error  build.config.ts:1:7  docs.sidebars.main[0].items: contains itself (it is docs.sidebars.main)  [config-cycle]',
      'error  invalid config in build.config.ts',
    ],
    { absent: ['Maximum call stack size exceeded'] },
  ),
  config(
    'a sidebar category whose items hold the category',
    `const loop = { type: 'category', label: 'Again', items: [] as unknown[] };\nloop.items.push('guides/intro', loop);\n${minimalConfig('', 'main: [loop]')}`,
    2,
    [
      'error  build.config.ts:1:41  docs.sidebars.main[0].items[1]: contains itself (it is docs.sidebars.main[0])  [config-cycle]',
    ],
  ),
  config(
    'a sidebar nested 100,000 deep',
    nested(100_000),
    2,
    [
      'error  build.config.ts:2:82  docs.sidebars.main[0].items[0].items[0] … items[0]: categories nested more than 20 levels deep  [config-too-deep]',
      'error  invalid config in build.config.ts',
      TOO_DEEP,
    ],
    { absent: ['Maximum call stack size exceeded'] },
  ),
  config('a sidebar nested 21 deep, one past the limit', nested(21), 2, [
    'error  build.config.ts:2:78  docs.sidebars.main[0].items[0].items[0] … items[0]: categories nested more than 20 levels deep  [config-too-deep]',
    TOO_DEEP,
  ]),
  config('a sidebar nested 20 deep builds, every level drawn', nested(20), 0, ['✔ 6 pages written'], {
    check: (root) => {
      const page = readFileSync(path.join(root, 'dist/docs/guides/second/index.html'), 'utf8');
      for (const label of ['Level 0', 'Level 19']) expect(page).toContain(label);
    },
  }),
  config(
    'a value nested 1,000 deep elsewhere in the config',
    `let deep: unknown = 'x';\nfor (let i = 0; i < 1000; i++) deep = { deeper: deep };\n${minimalConfig('search: { provider: "algolia", appId: "a", apiKey: "k", indexName: "i", searchParameters: { deep } },')}`,
    2,
    [
      'error  build.config.ts:2:41  search.searchParameters.deep.deeper.deeper.deeper.deeper.deeper … deeper.deeper: nested more than 100 levels deep  [config-too-deep]',
    ],
  ),

  // §7: what the config leaves running dies with its thread; docsgen ends after its summary line.
  config(
    'a config that leaves an interval, a server and a pending timer running',
    `import { createServer } from 'node:http';\nsetInterval(() => {}, 1000);\nsetTimeout(() => {}, 1e9);\ncreateServer().listen(0);\n${minimalConfig()}`,
    0,
    ['✔ 6 pages written'],
  ),
  config(
    'a config that finds its own folder through import.meta (it runs from memory, named as the file)',
    `import { existsSync } from 'node:fs';\nif (!existsSync(new URL('./content/docs/guides/intro.md', import.meta.url))) throw new Error('lost');\nif (!existsSync(import.meta.dirname + '/content')) throw new Error('lost too');\n${minimalConfig()}`,
    0,
    ['✔ 6 pages written'],
  ),
];

/**
 * Each run must end by itself (expectHostageOutcome), and no bound here depends on the machine's speed: a config
 * stopped at its time limit says which limit in its message; one that waits on nothing, fills its memory or nests
 * 100,000 deep is told by its own message from one stopped at the (60 s) limit; a hang is killed after 90 s.
 */
describe.concurrent('a config that misbehaves: exit 2 with a clear message, in bounded time, nothing left behind', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('$name', async (c) => {
    const run = await expectHostageOutcome(base, c);
    // Nothing keeps docsgen alive after its summary line: the config's interval, server and timer (of 1e9 ms) would
    // for ever, and the run would be killed; a bound only such a hang exceeds, however busy the machine.
    if (c.code === 0) expect(run.afterSummary, run.stderr).toBeLessThan(60_000);
  });
});

describe.concurrent("an error nothing caught in docsgen itself: a clear message and exit 2, not Node's 1 and a stack", () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });
  const BUG = '    (run with --verbose for the stack trace; this is a bug in docsgen, please report it)';
  const injected = (name: string, action: string, lines: string[]): HostageCase => ({
    name,
    apply: () => undefined,
    code: 2,
    lines,
    env: { NODE_OPTIONS: injectAfterConfig(action) },
  });

  it.each([
    injected('an uncaught exception', "throw new Error('injected crash');", ['error  injected crash', BUG]),
    injected('an unhandled rejection', "Promise.reject(new Error('injected rejection'));", [
      'error  injected rejection',
      BUG,
    ]),
  ])('$name, with the lock and temporary output removed', async (c) => {
    await expectHostageOutcome(base, c);
  });

  it('prints the stack with --verbose', async () => {
    const root = cloneSite(base);
    const run = await startCli(['build', '--root', root, '--verbose'], {
      env: { NODE_OPTIONS: injectAfterConfig("throw new Error('injected crash');") },
    }).done;
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('error  injected crash');
    expect(run.stderr).toMatch(/Error: injected crash\n\s+at /);
  });

  it('an exit with a code outside 0, 1, 2, 130 and 143 (a library calling process.exit) ends with 2, saying so', async () => {
    const root = cloneSite(base);
    const run = await startCli(['build', '--root', root], {
      env: { NODE_OPTIONS: injectAfterConfig('process.exit(7);') },
    }).done;
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      'error  docsgen stopped with exit code 7 before it finished\n    (this is a bug in docsgen, please report it)',
    );
  });
});

describe('signals while the config loops', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each([
    ['build', 'SIGTERM', 143],
    ['build', 'SIGINT', 130],
    ['check', 'SIGTERM', 143],
    ['check', 'SIGINT', 130],
    ['dev', 'SIGINT', 130],
  ] as const)(
    'docsgen %s ends with a %s at once (exit %i), leaving nothing behind',
    async (command, signal, expected) => {
      const root = cloneSite(base);
      const markers = tempDir('docsgen-hostage-markers-');
      const started = path.join(markers, 'started');
      writeFileSync(
        path.join(root, 'build.config.ts'),
        `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(started)}, '');\nwhile (true) {}\n${minimalConfig()}`,
      );
      const dist = snapshotTree(path.join(root, 'dist'));
      const sources = snapshotSources(root);
      const tmp = tempDir('docsgen-hostage-tmp-');
      const args = command === 'dev' ? ['--port', '0'] : [];
      const { child, done } = startCli([command, '--root', root, ...args], {
        env: { TMPDIR: tmp, DOCSGEN_CONFIG_TIMEOUT: '120' },
      });
      await waitForFile(started);
      const sent = performance.now();
      child.kill(signal);
      const run = await done;
      expect({ code: run.code, signal: run.signal }, run.stderr).toEqual({ code: expected, signal: null });
      // At once, not when the config's 120 s limit stops it: a bound only a run that ignored the signal exceeds.
      expect(performance.now() - sent, 'the signal was not acted on').toBeLessThan(60_000);
      expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
      expect(snapshotSources(root)).toEqual(sources);
      expect(leftovers(root)).toEqual([]);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );
});

describe('no predictable temporary path (§4)', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  /** What another local user could plant at `$TMPDIR/docsgen-config-<uid>`, where the config used to be bundled. */
  const plants = {
    'a world-writable folder with hostile bundles in it': (planted: string, marker: string) => {
      mkdirSync(planted);
      chmodSync(planted, 0o777);
      plantBundles(planted, marker);
    },
    'a read-only folder with hostile bundles in it': (planted: string, marker: string) => {
      mkdirSync(planted);
      plantBundles(planted, marker);
      chmodSync(planted, 0o555);
    },
    'a symlink to a folder of hostile bundles': (planted: string, marker: string) => {
      const elsewhere = tempDir('docsgen-hostage-attacker-');
      chmodSync(elsewhere, 0o777);
      plantBundles(elsewhere, marker);
      symlinkSync(elsewhere, planted);
    },
  };

  it.each(Object.entries(plants))('%s is never written, read or imported', async (_name, plant) => {
    const root = cloneSite(base);
    const tmp = tempDir('docsgen-hostage-tmp-');
    const marker = path.join(tempDir('docsgen-hostage-markers-'), 'attacker-code-ran');
    const planted = path.join(tmp, `docsgen-config-${process.getuid!()}`);
    plant(planted, marker);
    const target = realpathSync(planted);
    const before = { tree: snapshotTree(target), stat: statSync(target) };
    const run = await startCli(['build', '--root', root, '--no-cache'], { env: { TMPDIR: tmp } }).done;
    try {
      expect(run.code, run.stderr).toBe(0);
      expect(existsSync(marker)).toBe(false);
      expect(snapshotTree(target)).toEqual(before.tree);
      // Not even written and removed again: the folder's modification time is unchanged.
      expect(statSync(target).mtimeMs).toBe(before.stat.mtimeMs);
      expect(readdirSync(tmp)).toEqual([path.basename(planted)]);
    } finally {
      chmodSync(target, 0o755);
    }
  });
});

/** Files that write `marker` when imported, under every name a bundled config ever had there. */
function plantBundles(dir: string, marker: string): void {
  const code = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\nexport default { title: 'Pwned', url: 'https://example.com' };\n`;
  for (const name of ['config.mjs', 'build.config.mjs', 'config-0000000000000000-1.mjs'])
    writeFileSync(path.join(dir, name), code);
}

describe('dev reloads the config through the same loader', () => {
  it('a config edited to loop is stopped after the time limit, reported, and dev keeps serving until it is fixed', async () => {
    const root = cloneSite(await buildBaseSite());
    const file = path.join(root, 'build.config.ts');
    // startDevProcess copies the environment when it spawns, before its first await.
    process.env.DOCSGEN_CONFIG_TIMEOUT = '5';
    const starting = startDevProcess(root);
    delete process.env.DOCSGEN_CONFIG_TIMEOUT;
    const dev = await starting;
    try {
      writeFileSync(file, `while (true) {}\n${minimalConfig()}`);
      await dev.waitFor(/error {2}.*did not finish loading within 5 s, and was stopped/, 60_000);
      expect((await fetch(new URL('docs/guides/second', dev.url))).status).toBe(200);
      writeFileSync(file, minimalConfig("tagline: 'fixed',"));
      await dev.waitFor(/✔ errors fixed/, 60_000);
      expect((await fetch(dev.url)).status).toBe(200);
    } finally {
      expect(await dev.stop('SIGTERM')).not.toBe('hung');
    }
  });
});
