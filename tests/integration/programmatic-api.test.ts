import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, repoRoot } from '../helpers/run-cli.js';

describe("import { build, loadConfig, defineConfig } from 'docsgen'", () => {
  it('builds a site and resolves to a result without exiting the process', async () => {
    // The package's own name resolves to the compiled lib/ through package.json "exports".
    const api = await import(path.join(repoRoot, 'lib/index.js'));
    expect(api.defineConfig({ title: 'x' })).toEqual({ title: 'x' });
    const root = copySite('broken-link');
    const result = await api.build({ root });
    expect(result).toMatchObject({ ok: false, errors: 1, warnings: 0 });
    expect(result.diagnostics[0]).toMatchObject({
      rule: 'broken-link',
      file: 'content/docs/guides/second.md',
      line: 5,
    });
    expect(Object.keys(result.timings)).toEqual(
      expect.arrayContaining(['config', 'content', 'markdown', 'routes', 'render', 'check links']),
    );
    const loaded = await api.loadConfig({ root });
    expect(loaded.config.title).toBe('Minimal');
    expect(JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).exports['.'].default).toBe(
      './lib/index.js',
    );
  });
});
