/**
 * On a site whose samples are type-checked, a cold build highlights the
 * guides' code on a thread of its own while the samples are checked
 * (cli/markdown/pre-highlight.ts), and the compile workers add the links.
 * These builds run the real CLI (its worker threads exist only in lib/); the
 * reference is the same site built in this test process, from the sources,
 * where no worker thread and no highlighting ahead exist.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { copySite, runCli } from '../helpers/run-cli.js';

const GUIDE = [
  '---',
  'title: Widgets',
  '---',
  '',
  'A checked sample, linked by the checker:',
  '',
  '```ts title="paint.ts"',
  "import { Widget } from 'fixture-lib'",
  "const widget = new Widget({ size: 'small' })",
  '```',
  '',
  'An unchecked one, its exported names linked by name, a shell line and a block of no known language:',
  '',
  '```js',
  "import { Widget } from 'fixture-lib'",
  'const widget = new Widget({})',
  '```',
  '',
  '```ts nocheck="a fragment"',
  'widget.render() // highlight-next-line',
  '```',
  '',
  '```bash',
  'npm install fixture-lib',
  '```',
  '',
  '```not-a-language',
  'plain text',
  '```',
  '',
].join('\n');

function site(): string {
  const root = copySite('minimal');
  installFixtureLib(root);
  const config = path.join(root, 'build.config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace('  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`));
  writeFileSync(path.join(root, 'content/docs/guides/widgets.md'), GUIDE);
  return root;
}

const page = (root: string, route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');

describe('highlighting the guides ahead of their samples', () => {
  it('runs beside the code samples on a cold build, changes nothing in the pages, and does not run on a warm build', async () => {
    const reference = site();
    const inProcess = await runCliInProcess(['build', '--root', reference]);
    expect(inProcess.code, inProcess.stderr).toBe(0);

    const root = site();
    const cold = runCli(['build', '--root', root, '--no-cache']);
    expect(cold.code, cold.stderr).toBe(0);
    expect(cold.stderr).toMatch(/^• highlight +\d+ ms/m);
    expect(cold.stderr).toMatch(/^• code samples +\d+ ms/m);
    for (const route of ['docs/guides/widgets', 'docs/guides'])
      expect(page(root, route), route).toBe(page(reference, route));
    // The checked sample's names link to the API pages, as without highlighting ahead.
    expect(page(root, 'docs/guides/widgets')).toMatch(/<a [^>]*href="\/docs\/api\/classes\/Widget"/);

    const warm = runCli(['build', '--root', root]);
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stderr).not.toMatch(/^[▸•] highlight /m);
  });
});
