import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, repoRoot, runCli, tempDir } from '../helpers/run-cli.js';

/** The CLI with exactly these colour settings in its environment (runCli always sets NO_COLOR). */
function runWithEnv(args: string[], env: Record<string, string>) {
  const base = { ...process.env };
  for (const name of ['NO_COLOR', 'FORCE_COLOR', 'TERM']) delete base[name];
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...base, ...env },
    timeout: 300_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** An SGR sequence (colour, dim): what picocolors writes, and only it. */
const SGR = /\u001b\[\d+m/g;
const hasColor = (text: string) => /\u001b\[\d+m/.test(text);

// The stage lines, the report and the refusals run in this test process (in-process-cli.ts): what they print is the
// result of main(), and vitest's worker has no terminal (stderr.isTTY is unset even when vitest runs in one), so its
// stderr is the CI log these tests read. The colour tests keep a process each: they are about the environment and the
// terminal a process starts with.
describe('stage lines for CI logs', () => {
  it('a cold build that is not on a terminal prints a line as each stage starts and ends, in order, on stderr only', async () => {
    const root = copySite('minimal');
    const { code, stdout, stderr } = await runCliInProcess(['build', '--root', root]);
    expect(code, stderr).toBe(0);
    expect(stdout).toBe('');
    const lines = stderr.split('\n');
    const starts = lines.filter((line) => line.startsWith('▸ ')).map((line) => line.slice(2));
    expect(starts).toEqual([
      'config',
      'content',
      'client bundle',
      'last updated',
      'markdown',
      'api',
      'routes',
      'render',
      'search index',
      'check links',
      'write',
    ]);
    for (const stage of starts) {
      const started = lines.indexOf(`▸ ${stage}`);
      const ended = lines.findIndex((line) =>
        new RegExp(`^• ${stage} +\\d+ ms {2}\\(\\d+\\.\\d–\\d+\\.\\d s\\)$`).test(line),
      );
      expect(ended, stage).toBeGreaterThan(started);
    }
    // Each finished stage says when it ran: the Markdown and the API reference run side by side, and their spans show it.
    const span = (stage: string) => {
      const [, from, to] = lines.find((line) => line.startsWith(`• ${stage} `))!.match(/\((\d+\.\d)–(\d+\.\d) s\)$/)!;
      return { from: Number(from), to: Number(to) };
    };
    const [markdown, api] = [span('markdown'), span('api')];
    expect(markdown.from <= api.to && api.from <= markdown.to, `${JSON.stringify({ markdown, api })}`).toBe(true);
    // Stages that run one after another: each starts once the one before has ended.
    const sequential = ['config', 'content', 'routes', 'render', 'search index', 'check links', 'write'];
    for (let i = 1; i < sequential.length; i++) {
      expect(lines.indexOf(`▸ ${sequential[i]}`), sequential[i]).toBeGreaterThan(
        lines.findIndex((line) => line.startsWith(`• ${sequential[i - 1]} `)),
      );
    }
    expect(lines.at(-2)).toMatch(/^✔ 6 pages written to .*dist, 0 errors, 0 warnings, \d+\.\d\d s$/);
  });

  it('check prints its stage lines on stderr and its report, alone, on stdout', async () => {
    const { code, stdout, stderr } = await runCliInProcess(['check', '--root', copySite('broken-link')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^▸ config\n• config +\d+ ms {2}\(0\.\d–\d+\.\d s\)\n/);
    expect(stderr).toMatch(/^• check links +\d+ ms {2}\(\d+\.\d–\d+\.\d s\)$/m);
    expect(stdout).not.toMatch(/^[▸•] /m);
    expect(stdout).toMatch(
      /^content\/docs\/guides\/second\.md\n {2}error {4}content\/docs\/guides\/second\.md:5:5 {2}broken link → \/docs\/guides\/missing {2}\[broken-link\]\n/,
    );
  });
});

describe('colours', () => {
  const site = copySite('broken-link');

  it('FORCE_COLOR=1 colours output that is no terminal (a GitHub Actions log), on stdout and stderr', () => {
    const { code, stdout, stderr } = runWithEnv(['check', '--root', site], { FORCE_COLOR: '1' });
    expect(code).toBe(1);
    expect(stdout).toContain('\u001b[31merror  \u001b[39m');
    expect(hasColor(stderr)).toBe(true);
  });

  it('none without a terminal, with NO_COLOR, or with --no-color even when FORCE_COLOR is set', () => {
    for (const [args, env] of [
      [[], {}],
      [[], { NO_COLOR: '1' }],
      [['--no-color'], { FORCE_COLOR: '1' }],
    ] as const) {
      const { code, stdout, stderr } = runWithEnv(['check', '--root', site, ...args], env);
      expect(code).toBe(1);
      expect(stdout + stderr, JSON.stringify(env)).not.toContain('\u001b');
    }
  });

  it('--color forces colour, also against NO_COLOR', () => {
    const { stdout, stderr } = runWithEnv(['build', '--root', copySite('broken-link'), '--color'], { NO_COLOR: '1' });
    expect(stdout).toBe('');
    expect(stderr).toContain('\u001b[31merror\u001b[39m  content/docs/guides/second.md:5:5');
  });

  it('every command takes --color and --no-color', () => {
    const missing = path.join(tempDir(), 'missing');
    for (const command of ['build', 'check', 'dev', 'serve', 'clear']) {
      for (const flag of ['--color', '--no-color']) {
        const { code, stderr } = runWithEnv([command, '--root', missing, flag], {});
        expect(code, `${command} ${flag}`).toBe(2);
        expect(stderr, `${command} ${flag}`).toContain(`the site root ${missing} does not exist`);
        expect(hasColor(stderr), `${command} ${flag}`).toBe(flag === '--color');
      }
    }
  });

  it('colour codes come only from docsgen: an escape sequence in a file name stays escaped when colour is forced', () => {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'content/docs/guides/\u001b[2Jclear.md'),
      '# Page\n\nSee [nowhere](/docs/nowhere).\n',
    );
    for (const command of ['check', 'build']) {
      const { code, stdout, stderr } = runWithEnv([command, '--root', root], { FORCE_COLOR: '1' });
      expect(code).toBe(1);
      const output = stdout + stderr;
      expect(hasColor(output)).toBe(true);
      expect(output).toContain('content/docs/guides/\\x1b[2Jclear.md:3:5');
      expect(output.replace(SGR, '')).not.toContain('\u001b');
    }
  });
});

describe('docsgen with no command, and a --root that does not exist', () => {
  it('docsgen alone prints its help on stdout, naming every command, and exits 0', async () => {
    const { code, stdout, stderr } = await runCliInProcess([]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^Usage: docsgen \[options\] \[command\]/);
    for (const command of ['build', 'dev', 'check', 'serve', 'clear'])
      expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('every command refuses a missing --root with exit 2 and a hint, and creates nothing: no folder, no cache, no lock', async () => {
    const parent = tempDir();
    const missing = path.join(parent, 'no-such-site');
    for (const command of ['build', 'check', 'dev', 'serve', 'clear']) {
      // dev and serve in a process: were the refusal missing, they would start a server, which must not run in here.
      const args = [command, '--root', missing];
      const { code, stdout, stderr } =
        command === 'dev' || command === 'serve' ? runCli(args) : await runCliInProcess(args);
      expect(code, command).toBe(2);
      expect(stderr, command).toBe(
        `error  the site root ${missing} does not exist\n    hint: pass --root with the folder that holds build.config.ts, content/ and public/ (default: the current directory)\n`,
      );
      expect(stdout, command).toBe('');
    }
    expect(existsSync(missing)).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('a --root that is a file is refused the same way', async () => {
    const file = path.join(tempDir(), 'site.txt');
    writeFileSync(file, '');
    const { code, stderr } = await runCliInProcess(['build', '--root', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`error  the site root ${file} is not a folder\n`);
  });
});

describe('repeated and numerous problems in a CI log', () => {
  /** The minimal site with a partial holding an unknown component, imported by 12 pages, and a page with 25 broken links. */
  function noisySite(): string {
    const root = copySite('minimal');
    const guides = path.join(root, 'content/docs/guides');
    writeFileSync(path.join(guides, '_part.mdx'), 'Text\n\n<Nope />\n');
    for (let i = 1; i <= 12; i++)
      writeFileSync(path.join(guides, `p${i}.mdx`), `import Part from './_part.mdx';\n\n# Page ${i}\n\n<Part />\n`);
    writeFileSync(
      path.join(guides, 'links.md'),
      `# Links\n\n${Array.from({ length: 25 }, (_, i) => `[gone ${i}](/docs/gone-${i})`).join('\n\n')}\n`,
    );
    return root;
  }
  const PARTIAL =
    'content/docs/guides/_part.mdx:3:1  unknown component <Nope>; available: Tabs, TabItem, Admonition, Details, CodeBlock, DocCardList, TOCInline  [invalid-mdx] (12 times)';
  const MORE = '… and 5 more errors [broken-link] not shown (--verbose lists every one; --format json too)';

  it('build and check print a problem found 12 times once with its count, and 20 of a rule before one line for the rest', async () => {
    const root = noisySite();
    const built = await runCliInProcess(['build', '--root', root]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(`error  ${PARTIAL}\n`);
    expect(built.stderr.match(/unknown component <Nope>/g)).toHaveLength(1);
    expect(built.stderr.match(/\[broken-link\]\n/g)).toHaveLength(20);
    expect(built.stderr).toContain(MORE);
    expect(built.stderr).toContain('37 errors, 0 warnings');

    const checked = await runCliInProcess(['check', '--root', root]);
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain(`  error    ${PARTIAL}\n`);
    expect(checked.stdout.match(/\[broken-link\]\n/g)).toHaveLength(20);
    expect(checked.stdout).toContain(MORE);
    expect(checked.stdout).toContain('✘ 37 errors, 0 warnings');

    const github = await runCliInProcess(['check', '--root', root, '--format', 'github']);
    expect(github.stdout.match(/unknown component <Nope>/g)).toHaveLength(1);
    expect(github.stdout).toContain('TOCInline (12 times)\n');
    expect(github.stdout).toContain(`::error title=broken-link::${MORE}\n`);

    const json = JSON.parse((await runCliInProcess(['check', '--root', root, '--format', 'json'])).stdout) as {
      errors: { rule: string }[];
      summary: { errors: number };
    };
    expect(json.errors.filter((e) => e.rule === 'invalid-mdx')).toHaveLength(12);
    expect(json.errors.filter((e) => e.rule === 'broken-link')).toHaveLength(25);
    expect(json.summary.errors).toBe(37);
  });

  it('--verbose lists every one', async () => {
    const root = noisySite();
    const checked = await runCliInProcess(['check', '--root', root, '--verbose']);
    expect(checked.stdout.match(/\[broken-link\]\n/g)).toHaveLength(25);
    expect(checked.stdout).toContain('[invalid-mdx] (12 times)');
    expect(checked.stdout).not.toContain('more errors');
  });
});
