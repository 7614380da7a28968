import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, repoRoot } from '../helpers/run-cli.js';

/** A private copy of docsgen (sources and compiled lib/), so its templates can be edited without touching this checkout. */
function copyDocsgen(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docsgen-copy-'));
  for (const part of ['bin', 'cli', 'templates', 'scripts', 'lib', 'package.json']) cpSync(path.join(repoRoot, part), path.join(dir, part), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function run(docsgen: string, args: string[]) {
  const result = spawnSync(process.execPath, [path.join(docsgen, 'bin/docsgen.mjs'), ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: result.status, stderr: result.stderr };
}

/** Replaces text in a file (its modification time becomes now, after lib/ was compiled). */
function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe('a template edited in a checkout of docsgen', () => {
  it('shows up in the next warm build, cached API pages included', () => {
    const docsgen = copyDocsgen();
    const root = copySite('minimal');
    cpSync(path.join(repoRoot, 'tests/fixtures/api/site/node_modules/fixture-lib'), path.join(root, 'node_modules/fixture-lib'), { recursive: true });
    edit(path.join(root, 'build.config.ts'), '  docs:', "  api: { package: 'fixture-lib', sidebar: 'main' },\n  docs:");
    const page = (route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');

    const first = run(docsgen, ['build', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('compiling');
    expect(page('docs/api/classes/Widget')).toContain('Defined in');

    edit(path.join(docsgen, 'templates/api/ApiSourceLink.tsx'), "Defined in{' '}", "Declared in{' '}");
    const second = run(docsgen, ['build', '--root', root]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('• docsgen sources changed since lib/ was compiled: compiling');
    expect(page('docs/api/classes/Widget')).toContain('Declared in');
    expect(page('docs/api/classes/Widget')).not.toContain('Defined in');
  }, 60_000);
});
