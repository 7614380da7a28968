import { describe, expect, it } from 'vitest';
import { formatGithub, formatText } from '../../cli/report/format-check-report.js';
import { createJsonReport, formatJson } from '../../cli/report/json-report.js';
import { createCodeFrame } from '../../cli/dev/code-frame.js';
import { toOverlayErrors } from '../../cli/dev/error-report.js';
import { formatDiagnostic } from '../../cli/diagnostics.js';
import { describeErrorChain } from '../../cli/errors.js';
import type { Diagnostic } from '../../cli/types.js';
import { showControlChars } from '../../cli/visible-text.js';

/** A file name that, printed raw, ends one line and starts a GitHub Actions annotation on the next. */
const FORGED = 'content/docs/guides/x\n::error file=a::pwned.md';
const ESC = '\x1b[2J';
/** Every character the formatters must never print raw (structural line breaks aside). */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const forged: Diagnostic = {
  severity: 'error',
  rule: 'broken-link',
  message: `broken link → /docs/a\r\n::warning::${ESC}gone \u202eevil\u2066`,
  file: FORGED,
  line: 3,
  column: 5,
  hint: 'fix it\n::notice::also forged',
};
const plainWarning: Diagnostic = {
  severity: 'warning',
  rule: 'broken-anchor',
  message: 'broken anchor → /docs/b#x: 100% sure',
  file: 'content/docs/guides/b.md',
  line: 1,
  column: 1,
};

/** Lines as GitHub Actions reads them: it trims leading blanks before looking for `::`. */
const commandLines = (output: string) => output.split(/\r?\n|\r/).filter((line) => line.trimStart().startsWith('::'));

describe('control characters in diagnostics are shown, never printed raw', () => {
  it('shows each control character visibly and leaves other text alone', () => {
    expect(showControlChars('a\nb\rc\td')).toBe('a\\nb\\rc\\td');
    expect(showControlChars(`${ESC}\x00\x7f\x9b`)).toBe('\\x1b[2J\\x00\\x7f\\x9b');
    expect(showControlChars('\u2028\u2029\u202a\u202e\u2066\u2069')).toBe('\\u2028\\u2029\\u202a\\u202e\\u2066\\u2069');
    expect(showControlChars('café 日本 😀 C:\\docs %0A')).toBe('café 日本 😀 C:\\docs %0A');
  });

  it('formatDiagnostic (build, check --format text, dev): one line and the hint line', () => {
    const text = formatDiagnostic(forged);
    expect(text).toBe(
      'content/docs/guides/x\\n::error file=a::pwned.md:3:5  broken link → /docs/a\\r\\n::warning::\\x1b[2Jgone \\u202eevil\\u2066  [broken-link]\n' +
        '    hint: fix it\\n::notice::also forged',
    );
    expect(text).not.toMatch(RAW_CONTROL);
    expect(commandLines(text)).toEqual([]);
  });

  it('a diagnostic without a file shows its route escaped', () => {
    expect(
      formatDiagnostic({ severity: 'error', rule: 'broken-link', message: 'm', route: '/docs/\x1b]0;title\x07' }),
    ).toBe('/docs/\\x1b]0;title\\x07  m  [broken-link]');
  });

  it('check --format text: the file heading and each entry, no forged line', () => {
    const text = formatText([forged, plainWarning], { pages: 3, seconds: 1 });
    expect(text.split('\n')).toContain('content/docs/guides/x\\n::error file=a::pwned.md');
    expect(text).not.toMatch(RAW_CONTROL);
    expect(commandLines(text)).toEqual([]);
    expect(text).toContain('✘ 1 error, 1 warning in 3 pages');
  });

  it('check --format github: one well-formed command per diagnostic, escaped as GitHub decodes it', () => {
    const text = formatGithub([forged, plainWarning]);
    expect(text.split('\n')).toEqual([
      '::warning file=content/docs/guides/b.md,line=1,col=1,title=broken-anchor::broken anchor → /docs/b#x: 100%25 sure',
      '::error file=content/docs/guides/x%0A%3A%3Aerror file=a%3A%3Apwned.md,line=3,col=5,title=broken-link::broken link → /docs/a%0D%0A::warning::\\x1b[2Jgone \\u202eevil\\u2066',
      '',
    ]);
    expect(text).not.toMatch(RAW_CONTROL);
  });

  it('check --format json: exact values once parsed, nothing raw in the text', () => {
    const text = formatJson(
      createJsonReport({
        command: 'check',
        exitCode: 1,
        diagnostics: [forged, { ...plainWarning, message: 'line\u2028separator and \u202eoverride and \x85next' }],
        duration: 0,
        timings: {},
      }),
    );
    expect(text).not.toMatch(RAW_CONTROL);
    const report = JSON.parse(text);
    expect(report.errors[0]).toMatchObject({ file: FORGED, message: forged.message });
    expect(report.warnings[0].message).toBe('line\u2028separator and \u202eoverride and \x85next');
    expect(text).toContain('line\\u2028separator and \\u202eoverride and \\u0085next');
  });

  it('an error chain (failures printed without a diagnostic) is escaped message by message', () => {
    const error = new Error(`could not read ${FORGED}`, { cause: new Error(`EACCES ${ESC}`) });
    expect(describeErrorChain(error, showControlChars)).toBe(
      'could not read content/docs/guides/x\\n::error file=a::pwned.md\n  Caused by: EACCES \\x1b[2J',
    );
  });

  it("dev: the code frame and the overlay's fields show control characters escaped", () => {
    const source = `# Title\n\nText ${ESC} [broken](/nowhere)\u202e\n`;
    // Column 11 is the `[` after the escape sequence: the caret stays under it in the escaped line.
    const frame = createCodeFrame(source, 3, 11);
    expect(frame.split('\n')).toEqual([
      '  1 | # Title',
      '  2 |',
      '> 3 | Text \\x1b[2J [broken](/nowhere)\\u202e',
      `    | ${' '.repeat(13)}^`,
      '  4 |',
    ]);
    const [overlay] = toOverlayErrors([forged], '/nonexistent-root');
    expect(overlay).toMatchObject({
      file: 'content/docs/guides/x\\n::error file=a::pwned.md',
      hint: 'fix it\\n::notice::also forged',
    });
    for (const value of Object.values(overlay!))
      if (typeof value === 'string') expect(value).not.toMatch(/[\n\x1b\u202e]/);
  });
});
