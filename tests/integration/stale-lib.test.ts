import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyDocsgen, runDocsgenCopy } from '../helpers/docsgen-copy.js';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { copySite } from '../helpers/run-cli.js';

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
    installFixtureLib(root);
    edit(path.join(root, 'build.config.ts'), '  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`);
    const page = (route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');

    const first = runDocsgenCopy(docsgen, ['build', '--root', root]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toContain('compiling');
    expect(page('docs/api/classes/Widget')).toContain('Defined in');

    edit(path.join(docsgen, 'templates/theme/api/ApiSourceLink.tsx'), "Defined in{' '}", "Declared in{' '}");
    const second = runDocsgenCopy(docsgen, ['build', '--root', root]);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('• docsgen sources changed since lib/ was compiled: compiling');
    expect(page('docs/api/classes/Widget')).toContain('Declared in');
    expect(page('docs/api/classes/Widget')).not.toContain('Defined in');
  });
});
