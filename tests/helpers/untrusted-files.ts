import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { cloneSite, runCaseCli, snapshotSources, type BadInputCase } from './bad-input.js';
import { tempDir } from './run-cli.js';

/** A folder outside every site root holding `secret.txt` (and `secret.md`), whose bytes must never reach an output or a response. */
export interface Secret {
  dir: string;
  token: string;
}

/** Makes a fresh folder outside the site with a secret no build may read. */
export function makeSecret(): Secret {
  const dir = tempDir('docsgen-outside-');
  const token = `docsgen-secret-${randomBytes(8).toString('hex')}`;
  writeFileSync(path.join(dir, 'secret.txt'), `${token}\n`);
  writeFileSync(path.join(dir, 'secret.md'), `# Secret\n\n${token}\n`);
  return { dir, token };
}

/**
 * Asserts that no file under `dir` holds the token and that the folder holds
 * no symlink at all (a deployed link could publish anything). Links are
 * never followed.
 */
export function expectTokenNowhere(dir: string, token: string): void {
  const needle = Buffer.from(token);
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const stats = lstatSync(full);
      expect(stats.isSymbolicLink(), `${full} is a symlink`).toBe(false);
      if (stats.isDirectory()) walk(full);
      else expect(readFileSync(full).includes(needle), `${full} holds the secret`).toBe(false);
    }
  };
  walk(dir);
}

/**
 * `docsgen check` on a copy of the base site with the bad input (in the test
 * process unless the case needs one of its own: runCaseCli): the exit
 * code, each pinned `error  …` line of the build as check prints it (or the
 * case's own lines), no stack trace, no source file changed.
 */
export async function expectCheckOutcome(
  base: string,
  c: BadInputCase & { checkLines?: (root: string) => string[] },
): Promise<string> {
  const root = cloneSite(base);
  const args = (c.apply(root) ?? []).filter((arg, i, all) => arg !== '--out-dir' && all[i - 1] !== '--out-dir');
  const sources = snapshotSources(root);
  const { code, stdout, stderr } = await runCaseCli(c, ['check', '--root', root, ...args]);
  const output = stdout + stderr;
  expect(output).not.toMatch(/\n\s+at /);
  const lines = c.checkLines
    ? c.checkLines(root)
    : (typeof c.lines === 'function' ? c.lines(root) : c.lines)
        .filter((line) => line.startsWith('error  '))
        .map((line) => asCheckLine(line, c.code));
  for (const line of lines) expect(output).toContain(line);
  expect(code, output).toBe(c.code);
  expect(snapshotSources(root)).toEqual(sources);
  return output;
}

/** A diagnostic line as `build` prints it, as `check` prints it: indented under its file (content), or as is on stderr (config). */
function asCheckLine(line: string, code: number): string {
  return code === 2 ? line : `  error    ${line.slice('error  '.length)}`;
}

/**
 * The first `errors` event dev's live-reload stream sends (at once when the
 * overlay has errors): the overlay's error list.
 */
export function overlayErrors(
  url: string,
  timeout = 60_000,
): Promise<{ rule: string; file?: string; message: string }[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (req.destroy(), reject(new Error(`no errors event within ${timeout} ms`))), timeout);
    const req = http.get(new URL('/__docsgen/events', url), (res) => {
      let buffer = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        const match = /^event: errors\ndata: (.*)$/m.exec(buffer);
        if (!match) return;
        clearTimeout(timer);
        req.destroy();
        resolve(JSON.parse(match[1]).errors);
      });
    });
    req.on('error', () => undefined);
  });
}
