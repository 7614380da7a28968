import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_GIT_ANNOTATION, OUTSIDE_GIT_NOTICE } from '../helpers/git-site.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite } from '../helpers/run-cli.js';

// In the test process (in-process-cli.ts): these are about check's report and exit code, not the process.
describe('docsgen check', () => {
  it('exits 0 on a clean site, writes nothing, and says so', async () => {
    const root = copySite('minimal');
    const { code, stdout } = await runCliInProcess(['check', '--root', root]);
    expect(code).toBe(0);
    // The copy is outside git: no last-updated dates, which check says on its summary line.
    expect(stdout.replace(/\(\d+\.\d\d s\)/, '(n s)')).toBe(
      `✔ 0 errors, 0 warnings in 6 pages (n s); ${OUTSIDE_GIT_NOTICE.message}\n`,
    );
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('groups a broken link under its file in text format and exits 1', async () => {
    const { code, stdout } = await runCliInProcess(['check', '--root', copySite('broken-link')]);
    expect(code).toBe(1);
    expect(stdout).toContain(
      [
        'content/docs/guides/second.md',
        '  error    content/docs/guides/second.md:5:5  broken link → /docs/guides/missing  [broken-link]',
        '      hint: no page or file has this path; fix the link or create the page',
        '',
        '✘ 1 error, 0 warnings in 6 pages',
      ].join('\n'),
    );
  });

  it('reports a broken link as one JSON document with every field, a summary and the schema version', async () => {
    const { code, stdout } = await runCliInProcess(['check', '--root', copySite('broken-link'), '--format', 'json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toEqual({
      schemaVersion: 1,
      command: 'check',
      ok: false,
      exitCode: 1,
      errors: [
        {
          severity: 'error',
          rule: 'broken-link',
          message: 'broken link → /docs/guides/missing',
          file: 'content/docs/guides/second.md',
          line: 5,
          column: 5,
          route: '/docs/guides/second',
          target: '/docs/guides/missing',
          hint: 'no page or file has this path; fix the link or create the page',
        },
      ],
      warnings: [],
      notices: [OUTSIDE_GIT_NOTICE],
      summary: {
        pages: 6,
        errors: 1,
        warnings: 0,
        seconds: expect.any(Number),
        stages: expect.any(Array),
        outDir: null,
        samples: null,
      },
    });
    expect(report.summary.stages.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['config', 'content', 'markdown', 'routes', 'render', 'check links']),
    );
    for (const stage of report.summary.stages) expect(stage.seconds).toBeGreaterThanOrEqual(0);
  });

  it('prints GitHub annotations for a broken link', async () => {
    const { code, stdout } = await runCliInProcess(['check', '--root', copySite('broken-link'), '--format', 'github']);
    expect(code).toBe(1);
    expect(stdout).toBe(
      OUTSIDE_GIT_ANNOTATION +
        '::error file=content/docs/guides/second.md,line=5,col=5,title=broken-link::broken link → /docs/guides/missing\n',
    );
  });

  it('treats a broken anchor as a warning: exit 0 in every format', async () => {
    const root = copySite('broken-anchor');
    const text = await runCliInProcess(['check', '--root', root]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(
      "  warning  content/docs/guides/second.md:3:9  broken anchor → /docs/guides#no-such-heading: the target page has no element with id 'no-such-heading'  [broken-anchor]",
    );
    expect(text.stdout).toContain('✔ 0 errors, 1 warning in 6 pages');

    const json = await runCliInProcess(['check', '--root', root, '--format', 'json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout).warnings).toEqual([
      {
        severity: 'warning',
        rule: 'broken-anchor',
        message:
          "broken anchor → /docs/guides#no-such-heading: the target page has no element with id 'no-such-heading'",
        file: 'content/docs/guides/second.md',
        line: 3,
        column: 9,
        route: '/docs/guides/second',
        target: '/docs/guides#no-such-heading',
        hint: 'link to an existing heading id (lower case, as shown in the page URL when you click a heading)',
      },
    ]);

    const github = await runCliInProcess(['check', '--root', root, '--format', 'github']);
    expect(github.code).toBe(0);
    expect(github.stdout).toBe(
      OUTSIDE_GIT_ANNOTATION +
        "::warning file=content/docs/guides/second.md,line=3,col=9,title=broken-anchor::broken anchor → /docs/guides#no-such-heading: the target page has no element with id 'no-such-heading'\n",
    );
  });

  it('reports a missing image once, with its target, and exits 1', async () => {
    const root = copySite('check-missing-image');
    const json = await runCliInProcess(['check', '--root', root, '--format', 'json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      errors: [
        {
          severity: 'error',
          rule: 'missing-image',
          message: 'image not found: ./missing-shot.png (looked for content/docs/guides/missing-shot.png)',
          file: 'content/docs/guides/second.md',
          line: 5,
          column: 1,
          route: null,
          target: './missing-shot.png',
        },
      ],
      warnings: [],
    });
    const github = await runCliInProcess(['check', '--root', root, '--format', 'github']);
    expect(github.stdout).toBe(
      OUTSIDE_GIT_ANNOTATION +
        '::error file=content/docs/guides/second.md,line=5,col=1,title=missing-image::image not found: ./missing-shot.png (looked for content/docs/guides/missing-shot.png)\n',
    );
    expect((await runCliInProcess(['check', '--root', root])).stdout).toContain(
      '  error    content/docs/guides/second.md:5:1  image not found: ./missing-shot.png (looked for content/docs/guides/missing-shot.png)  [missing-image]',
    );
  });

  it('says a link points at a draft, and warns about duplicate heading ids and unknown languages', async () => {
    const { code, stdout } = await runCliInProcess([
      'check',
      '--root',
      copySite('check-draft-link'),
      '--format',
      'json',
    ]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(
      report.errors.map((e: { rule: string; line: number; target: string }) => [e.rule, e.line, e.target]),
    ).toEqual([
      ['draft-link', 6, './upcoming.md'],
      ['draft-link', 6, '/docs/guides/upcoming'],
    ]);
    expect(report.errors[0].message).toBe(
      'link to a draft page → ./upcoming.md: content/docs/guides/upcoming.md has `draft: true` and is left out of the site',
    );
    expect(report.warnings.map((w: { rule: string; line: number }) => [w.rule, w.line])).toEqual([
      ['duplicate-heading-id', 9],
      ['unknown-language', 11],
    ]);
  });

  it('reports invalid MDX with its place and exits 1', async () => {
    const { code, stdout } = await runCliInProcess(['check', '--root', copySite('invalid-mdx'), '--format', 'github']);
    expect(code).toBe(1);
    expect(stdout).toContain(
      '::error file=content/docs/guides/second.mdx,line=5,col=1,title=invalid-mdx::could not parse MDX: Expected a closing tag for `<div>` (5:1-5:22)',
    );
  });

  it('exits 2 on an invalid config, in text and JSON', async () => {
    const root = copySite('invalid-config');
    const text = await runCliInProcess(['check', '--root', root]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain("(root): unknown key 'sidebarz'  [invalid-config]");
    const json = await runCliInProcess(['check', '--root', root, '--format', 'json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout).errors).toContainEqual(
      expect.objectContaining({ rule: 'invalid-config', message: "(root): unknown key 'sidebarz'" }),
    );
  });

  it('exits 2 on a usage error', async () => {
    const { code, stderr } = await runCliInProcess(['check', '--format', 'xml']);
    expect(code).toBe(2);
    expect(stderr).toContain('Allowed choices are text, json, github');
  });
});
