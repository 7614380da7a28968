import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { OUTSIDE_GIT_ANNOTATION } from '../helpers/git-site.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';

/**
 * Content can put control characters in what docsgen prints: a file name with
 * a newline (on Linux any byte but `/` and NUL may be in one), a link target
 * with an escape sequence, a heading id. None of them may reach the terminal or
 * the CI log raw: a raw newline followed by `::error` is an annotation GitHub
 * Actions would show, a raw ESC [2J clears the terminal. The builds and checks
 * run in the test process (in-process-cli.ts): what they print is the point,
 * and it is the same text a process would print with NO_COLOR=1 to a pipe.
 */
const GUIDES = 'content/docs/guides';
/** A page whose file name forges a GitHub Actions annotation, with a broken link so diagnostics name it. */
const FORGED_NAME = 'x\n::error file=a::pwned.md';
const FORGED_SHOWN = `${GUIDES}/x\\n::error file=a::pwned.md`;
const CLEARING_NAME = '\x1b[2Jclear.md';
const CLEARING_SHOWN = `${GUIDES}/\\x1b[2Jclear.md`;
const BROKEN_LINK_PAGE = '# Page\n\nSee [nowhere](/docs/nowhere).\n';

const write = (root: string, file: string, contents: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};

/** Lines as GitHub Actions reads them (it trims leading blanks), that it would take for workflow commands. */
const commandLines = (output: string) => output.split(/\r?\n|\r/).filter((line) => line.trimStart().startsWith('::'));
/** Never printed raw: ESC, other C0 controls but the line feed, DEL, C1, and the bidi overrides. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const cases: BadInputCase[] = [
  {
    name: 'a file name with a newline and a forged ::error annotation',
    apply: (root) => write(root, `${GUIDES}/${FORGED_NAME}`, BROKEN_LINK_PAGE),
    code: 1,
    lines: [`error  ${FORGED_SHOWN}:3:5  broken link → /docs/nowhere  [broken-link]`],
    absent: ['\n::', '\x1b'],
  },
  {
    name: 'a file name with an escape sequence that clears the terminal',
    apply: (root) => write(root, `${GUIDES}/${CLEARING_NAME}`, BROKEN_LINK_PAGE),
    code: 1,
    lines: [`error  ${CLEARING_SHOWN}:3:5  broken link → /docs/nowhere  [broken-link]`],
    absent: ['\x1b'],
  },
  {
    name: 'a link target with an escape sequence (a character reference in raw HTML)',
    apply: (root) => write(root, `${GUIDES}/third.md`, '# Third\n\n<a href="/docs/nowhere&#x1b;[2J&#x202e;">x</a>\n'),
    code: 1,
    lines: [`error  ${GUIDES}/third.md:3:1  broken link → /docs/nowhere\\x1b[2J\\u202e  [broken-link]`],
    absent: ['\x1b', '\u202e'],
  },
  {
    name: 'a heading id with an escape sequence, used twice',
    apply: (root) => write(root, `${GUIDES}/third.md`, '# Third\n\n## One {#dup\x1b[2J}\n\n## Two {#dup\x1b[2J}\n'),
    code: 0,
    lines: [
      `warning  ${GUIDES}/third.md:5:1  duplicate heading id '#dup\\x1b[2J' on this page  [duplicate-heading-id]`,
    ],
    absent: ['\x1b'],
  },
];

describe('control characters from content are escaped in every output', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  describe.concurrent('build: exit code, escaped diagnostics, previous dist/ and sources intact', () => {
    it.each(cases)('$name', (c) => expectBuildOutcome(base, c));
  });

  /** A site with every case at once, for `check` in each format. */
  const allCases = () => {
    const root = cloneSite(base);
    write(root, `${GUIDES}/${FORGED_NAME}`, BROKEN_LINK_PAGE);
    write(root, `${GUIDES}/${CLEARING_NAME}`, BROKEN_LINK_PAGE);
    write(
      root,
      `${GUIDES}/third.md`,
      '# Third\n\n<a href="/docs/nowhere&#x1b;[2J&#x202e;">x</a>\n\n## One {#dup\x1b[2J}\n\n## Two {#dup\x1b[2J}\n',
    );
    return root;
  };

  it('check --format text: the file headings and entries escaped, no line GitHub would read as a command', async () => {
    const { code, stdout, stderr } = await runCliInProcess(['check', '--root', allCases()]);
    expect(code, stderr).toBe(1);
    expect(stdout.split('\n')).toEqual(
      expect.arrayContaining([
        FORGED_SHOWN,
        CLEARING_SHOWN,
        `  error    ${FORGED_SHOWN}:3:5  broken link → /docs/nowhere  [broken-link]`,
      ]),
    );
    expect(commandLines(stdout + stderr)).toEqual([]);
    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
  });

  it('check --format github: one well-formed annotation line per problem, the name percent-encoded as GitHub decodes it', async () => {
    const root = allCases();
    const { code, stdout, stderr } = await runCliInProcess(['check', '--root', root, '--format', 'github']);
    expect(code, stderr).toBe(1);
    // The copy is outside git, so check also notes (once, first) that pages have no "Last updated" date.
    expect(stdout.startsWith(OUTSIDE_GIT_ANNOTATION)).toBe(true);
    const lines = stdout.slice(OUTSIDE_GIT_ANNOTATION.length).trimEnd().split('\n');
    for (const line of lines)
      expect(line).toMatch(/^::(error|warning) file=[^:,]*(,line=\d+,col=\d+)?,title=[a-z-]+::[^\r\n]*$/);
    expect(lines).toContain(
      `::error file=${GUIDES}/x%0A%3A%3Aerror file=a%3A%3Apwned.md,line=3,col=5,title=broken-link::broken link → /docs/nowhere`,
    );
    expect(lines).toContain(
      `::error file=${GUIDES}/\\x1b[2Jclear.md,line=3,col=5,title=broken-link::broken link → /docs/nowhere`,
    );
    expect(lines).toContain(
      `::warning file=${GUIDES}/third.md,line=7,col=1,title=duplicate-heading-id::duplicate heading id '#dup\\x1b[2J' on this page`,
    );
    const { stdout: json } = await runCliInProcess(['check', '--root', root, '--format', 'json']);
    const report = JSON.parse(json) as { errors: unknown[]; warnings: unknown[] };
    expect(lines).toHaveLength(report.errors.length + report.warnings.length);
    expect(stdout + stderr).not.toMatch(RAW_CONTROL);
  });

  it('check --format json: the exact names once parsed, no raw control character in the text', async () => {
    const { code, stdout, stderr } = await runCliInProcess(['check', '--root', allCases(), '--format', 'json']);
    expect(code, stderr).toBe(1);
    expect(stdout).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(stdout) as {
      errors: { file: string; message: string }[];
      warnings: { message: string }[];
    };
    expect(report.errors.map((e) => e.file)).toEqual(
      expect.arrayContaining([`${GUIDES}/${FORGED_NAME}`, `${GUIDES}/${CLEARING_NAME}`]),
    );
    expect(report.errors.map((e) => e.message)).toContain('broken link → /docs/nowhere\x1b[2J\u202e');
    expect(report.warnings.map((w) => w.message)).toContain("duplicate heading id '#dup\x1b[2J' on this page");
  });
});
