import { expect } from 'vitest';
import { applyCase, expectNothingLost, runCase, runCaseCli, type BadInputCase } from './bad-input.js';

/**
 * The `check` half of a catalogue case: `docsgen check` on the same bad input
 * must agree with `build` (same exit code, the same diagnostics with their
 * places, as `check` prints them: `file:line:column  message  [rule]` and the
 * hint) and, like any check, change nothing: no source, no dist/, no
 * temporary folder or lock. `after` checks what else must not have happened.
 */
export async function expectCheckOutcome(base: string, c: BadInputCase, after?: (root: string) => void): Promise<void> {
  const applied = applyCase(base, c);
  const { code, stdout, stderr } = await runCase(c, () =>
    runCaseCli(c, ['check', '--root', applied.root, ...applied.args]),
  );
  expect(stdout + stderr).not.toMatch(/\n\s+at /);
  // Build prints `error  place  message`; check groups by file and prints `error    place  message`.
  const diagnosticLines = (typeof c.lines === 'function' ? c.lines(applied.root) : c.lines).filter((line) =>
    /^(error|warning|\s+hint:)/.test(line),
  );
  for (const line of diagnosticLines) expect(stdout).toContain(line.replace(/^(error|warning)\s+/, '').trim());
  for (const text of c.absent ?? []) expect(stdout).not.toContain(text);
  expect(code, stdout + stderr).toBe(c.code);
  expectNothingLost(applied, { dist: true });
  after?.(applied.root);
}
