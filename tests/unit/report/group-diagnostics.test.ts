import { describe, expect, it } from 'vitest';
import { formatGithub, formatText } from '../../../cli/report/format-check-report.js';
import { groupDiagnostics } from '../../../cli/report/group-diagnostics.js';
import { createJsonReport } from '../../../cli/report/json-report.js';
import type { Diagnostic } from '../../../cli/types.js';

/** The same error, found once per page that imports the partial it is in. */
const inPartial: Diagnostic = {
  severity: 'error',
  rule: 'invalid-mdx',
  message: 'unknown component <Nope>',
  file: 'content/docs/_part.mdx',
  line: 3,
  column: 1,
  hint: 'register it',
};
const repeated = Array.from({ length: 12 }, () => ({ ...inPartial }));
/** Warnings of one rule at 500 places. */
const many = Array.from(
  { length: 500 },
  (_, i): Diagnostic => ({
    severity: 'warning',
    rule: 'external-link-unchecked',
    message: `external link not checked → https://x.test/${i}`,
    file: 'content/docs/links.md',
    line: i + 1,
    column: 1,
  }),
);

describe('groupDiagnostics', () => {
  it('counts identical diagnostics once; a different hint, route, severity or place is another', () => {
    const { shown, unshown } = groupDiagnostics([
      ...repeated,
      { ...inPartial, hint: 'other' },
      { ...inPartial, severity: 'warning' },
      { ...inPartial, line: 4 },
      { ...inPartial, file: undefined, route: '/a' },
      { ...inPartial, file: undefined, route: '/b' },
    ]);
    expect(shown.map((g) => g.count)).toEqual([1, 1, 12, 1, 1, 1]);
    expect(shown.find((g) => g.count === 12)!.diagnostic).toEqual(inPartial);
    expect(unshown).toEqual([]);
  });

  it('shows at most the limit per rule and severity, in order of place, and counts the rest', () => {
    const error: Diagnostic = {
      severity: 'error',
      rule: 'external-link-unchecked',
      message: 'odd',
      file: 'content/docs/z.md',
      line: 1,
    };
    const { shown, unshown } = groupDiagnostics([...many, ...repeated, error], 20);
    expect(
      shown
        .filter((g) => g.diagnostic.rule === 'external-link-unchecked' && g.diagnostic.severity === 'warning')
        .map((g) => g.diagnostic.line),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(shown.filter((g) => g.diagnostic.severity === 'error').map((g) => [g.diagnostic.rule, g.count])).toEqual([
      ['invalid-mdx', 12],
      ['external-link-unchecked', 1],
    ]);
    expect(unshown).toEqual([{ severity: 'warning', rule: 'external-link-unchecked', count: 480 }]);
  });
});

describe('the text, github and json formats of repeated and numerous diagnostics', () => {
  it('text: a repeated problem once with its count, 20 per rule then one line for the rest; the summary counts every one', () => {
    const text = formatText([...repeated, ...many], { pages: 3, seconds: 1 });
    expect(text.match(/unknown component <Nope>/g)).toHaveLength(1);
    expect(text).toContain(
      '  error    content/docs/_part.mdx:3:1  unknown component <Nope>  [invalid-mdx] (12 times)\n      hint: register it',
    );
    expect(text.match(/\[external-link-unchecked\]$/gm)).toHaveLength(20);
    expect(text).toContain('content/docs/links.md:20:1  external link not checked → https://x.test/19');
    expect(text).not.toContain('https://x.test/20 ');
    expect(text).toContain(
      '… and 480 more warnings [external-link-unchecked] not shown (--verbose lists every one; --format json too)',
    );
    expect(text).toContain('✘ 12 errors, 500 warnings in 3 pages');
  });

  it('text with no limit (--verbose): every problem, repeats still once', () => {
    const text = formatText([...repeated, ...many], { pages: 3, seconds: 1 }, undefined, Infinity);
    expect(text.match(/\[external-link-unchecked\]$/gm)).toHaveLength(500);
    expect(text).toContain('[invalid-mdx] (12 times)');
    expect(text).not.toContain('more warnings');
  });

  it('github: one annotation per distinct problem with its count, and one for the rest of a rule', () => {
    const lines = formatGithub([...repeated, ...many])
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(1 + 20 + 1);
    expect(lines).toContain(
      '::error file=content/docs/_part.mdx,line=3,col=1,title=invalid-mdx::unknown component <Nope> (12 times)',
    );
    expect(lines.at(-1)).toBe(
      '::warning title=external-link-unchecked::… and 480 more warnings [external-link-unchecked] not shown (--verbose lists every one; --format json too)',
    );
  });

  it('json: every occurrence, repeats included, as before', () => {
    const report = createJsonReport({
      command: 'check',
      exitCode: 1,
      diagnostics: [...repeated, ...many],
      duration: 0,
      timings: {},
    });
    expect(report.errors).toHaveLength(12);
    expect(report.warnings).toHaveLength(500);
    expect(report.summary).toMatchObject({ errors: 12, warnings: 500 });
  });
});

/** A code sample error of a page, in the block whose fence is at `block`. */
const sampleError = (file: string, line: number, column: number, message: string, block: number): Diagnostic => ({
  severity: 'warning',
  rule: 'code-sample-type-error',
  message,
  file,
  line,
  column,
  block,
  hint: 'fix the code, put what it needs above a `// ---cut---` line (compiled, not shown) or in a setup file (`setup=<name>`), or mark the block nocheck="reason"',
});
/** A fragment page: 12 errors in 4 samples, the first at 88:21. */
const crowded = Array.from({ length: 12 }, (_, i) =>
  sampleError(
    'content/docs/guides/x.mdx',
    88 + i * 3,
    i ? 5 : 21,
    i ? `Cannot find name 'n${i}'. (TS2304)` : "Cannot find name 'useCodeScanner'. (TS2304)",
    86 + Math.floor(i / 3) * 10,
  ),
);
/** A page whose one real mistake is a misspelt method. */
const misspelt = sampleError(
  'content/docs/guides/y.mdx',
  12,
  40,
  "Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)",
  5,
);

describe('code sample errors, page by page', () => {
  it('text: a page with many is one line (how many, in how many samples, the first), then how to see each and what to do', () => {
    const text = formatText([...crowded, misspelt], { pages: 2, seconds: 1 });
    expect(text).toContain(
      "  warning  content/docs/guides/x.mdx  12 type errors in 4 samples, first at 88:21 Cannot find name 'useCodeScanner'. (TS2304)  [code-sample-type-error]\n",
    );
    expect(text).not.toContain("'n1'");
    expect(text).toContain(
      "  warning  content/docs/guides/y.mdx:12:40  Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)  [code-sample-type-error]\n      hint: fix the code",
    );
    expect(text).toContain(
      '… the code sample warnings of 1 page (12) are summed up, one line a page: --verbose prints each, --format json lists every one. To fix most: imports many samples share go in a setup file (`setup=<name>`)',
    );
    expect(text).toContain('✔ 0 errors, 13 warnings in 2 pages');
  });

  it('text with --verbose, and a page with three or fewer: each error', () => {
    const verbose = formatText([...crowded, misspelt], { pages: 2, seconds: 1 }, undefined, Infinity);
    expect(verbose.match(/\[code-sample-type-error\]$/gm)).toHaveLength(13);
    expect(verbose).not.toContain('summed up');
    const few = formatText(crowded.slice(0, 3), { pages: 1, seconds: 1 });
    expect(few.match(/\[code-sample-type-error\]$/gm)).toHaveLength(3);
    expect(few).not.toContain('summed up');
  });

  it('errors and warnings of a page are summed up apart, and a summed-up page past the per-rule limit counts all its errors', () => {
    const errors = crowded.map((d) => ({ ...d, severity: 'error' as const }));
    const pages = Array.from({ length: 3 }, (_, p) => crowded.map((d) => ({ ...d, file: `content/docs/p${p}.mdx` })));
    const { shown, unshown, folded } = groupDiagnostics([...errors, ...crowded, ...pages.flat()], 2);
    expect(shown.map((g) => [g.diagnostic.severity, g.diagnostic.file])).toEqual([
      ['error', 'content/docs/guides/x.mdx'],
      ['warning', 'content/docs/guides/x.mdx'],
      ['warning', 'content/docs/p0.mdx'],
    ]);
    expect(unshown).toEqual([{ severity: 'warning', rule: 'code-sample-type-error', count: 24 }]);
    expect(folded).toEqual([
      { severity: 'error', pages: 1, errors: 12 },
      { severity: 'warning', pages: 4, errors: 48 },
    ]);
  });

  it('github: one annotation for the page, and one saying what to do; json: every error', () => {
    const lines = formatGithub([...crowded, misspelt])
      .trimEnd()
      .split('\n');
    expect(lines).toEqual([
      "::warning file=content/docs/guides/x.mdx,title=code-sample-type-error::12 type errors in 4 samples, first at 88:21 Cannot find name 'useCodeScanner'. (TS2304)",
      "::warning file=content/docs/guides/y.mdx,line=12,col=40,title=code-sample-type-error::Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)",
      expect.stringMatching(
        /^::warning title=code-sample-type-error::… the code sample warnings of 1 page \(12\) are summed up/,
      ),
    ]);
    const report = createJsonReport({
      command: 'check',
      exitCode: 0,
      diagnostics: [...crowded, misspelt],
      duration: 0,
      timings: {},
    });
    expect(report.warnings).toHaveLength(13);
    expect(Object.keys(report.warnings[0]!)).not.toContain('block');
  });
});
