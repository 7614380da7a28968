import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { buildBaseSite, expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';

const SIDEBARS = "docs: { sidebars: { main: ['guides/intro', 'guides/second'] } }";
/** A case whose step is replacing build.config.ts with this source. */
const config = (name: string, source: string, lines: string[]): BadInputCase => ({
  name,
  apply: (root) => writeFileSync(path.join(root, 'build.config.ts'), source),
  code: 2,
  lines,
});
/** The minimal config with these extra keys. */
const withKeys = (keys: string) =>
  `export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  ${keys}\n  ${SIDEBARS},\n};\n`;

const cases: BadInputCase[] = [
  config('a syntax error', "export default {\n  title: 'Minimal'\n  url: 'https://example.com',\n};\n", [
    'error  build.config.ts:3:3  Expected "}" but found "url"  [config-syntax]',
    'error  could not read the config file build.config.ts\n    hint: fix the syntax error above',
  ]),
  config(
    'a thrown exception',
    "const ready = false;\nif (!ready) throw new Error('config not ready');\nexport default {};\n",
    [
      'error  build.config.ts:2:19  the config threw Error: config not ready  [config-threw]',
      'error  the config file build.config.ts threw while loading\n    hint: the config must evaluate without errors; fix the code that throws',
    ],
  ),
  config('no default export', "export const config = { title: 'Minimal', url: 'https://example.com' };\n", [
    'error  the config file build.config.ts has no default export\n    hint: end it with `export default defineConfig({ ... })` or `export default { ... }`',
  ]),
  config('an unknown key', withKeys("colour: 'red',"), [
    "error  build.config.ts:4:3  (root): unknown key 'colour'  [invalid-config]",
    "error  invalid config in build.config.ts\n    hint: see the config reference in docsgen's documentation (docs/reference/config)",
  ]),
  config('a key of the wrong type', withKeys('noIndex: "yes",'), [
    'error  build.config.ts:4:3  noIndex: expected boolean, received string  [invalid-config]',
  ]),
  config('a baseUrl without a leading slash (rejected, saying what to write)', withKeys("baseUrl: 'docs/',"), [
    "error  build.config.ts:4:3  baseUrl: must start and end with '/': write '/docs/'  [invalid-config]",
  ]),
  config('a baseUrl without a trailing slash (rejected, saying what to write)', withKeys("baseUrl: '/docs',"), [
    "error  build.config.ts:4:3  baseUrl: must start and end with '/': write '/docs/'  [invalid-config]",
  ]),
  config(
    'a docs.versions key that names no version (the docs folder is current; the others come from versions.json)',
    "export default {\n  title: 'Minimal',\n  url: 'https://example.com',\n  docs: {\n    sidebars: { main: ['guides/intro', 'guides/second'] },\n    versions: { current: { label: 'Next' }, '3.x': { label: 'v3', path: 'v3' } },\n  },\n};\n",
    [
      "error  build.config.ts:6:45  docs.versions.3.x: '3.x' is not a version  [invalid-config]",
      "    hint: the versions are 'current' (the docs folder is 'current'; the others come from versions.json)",
    ],
  ),
  config(
    'a highlight language shiki does not know (a config error listing the known ones, not a crash at the first page)',
    withKeys("highlight: { additionalLanguages: ['kotlin', 'reason'] },"),
    [
      "error  build.config.ts:4:16  highlight.additionalLanguages.1: unknown language 'reason'  [invalid-config]",
      '    hint: use one of the languages shiki knows (an id or an alias): abap, actionscript-3, ada,',
    ],
  ),
  config(
    'a highlight theme shiki does not know',
    withKeys("highlight: { themes: { light: 'github-light', dark: 'solarized-night' } },"),
    [
      "highlight.themes.dark: unknown theme 'solarized-night'  [invalid-config]",
      "    hint: use one of shiki's themes: ",
    ],
  ),
];

describe.concurrent('bad config: exit 2, pinned message, previous dist/ and sources intact', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildBaseSite();
  });

  it.each(cases)('$name', (c) => expectBuildOutcome(base, c));
});
