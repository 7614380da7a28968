/**
 * A site that turns type-checked samples on for the first time, laid out as
 * most React Native libraries' docs are (the site in `website/`, its
 * packages in the repository's node_modules one level up), with the samples
 * upstream docs have: ones that use `console` and timers, a fragment without
 * its imports, and one real mistake, a misspelt method. With the defaults
 * the build passes and says what it found (the mistake at its line, the
 * fragment's errors summed up in one line for its page); with
 * `onCodeSampleErrors: 'throw'` it fails on them. Run with the CLI's main()
 * in the test process (in-process-cli.ts) on the real library (its packages
 * linked from this repository's node_modules). The first run is the site's:
 * its cache starts empty either way, and each build starts a compiler worker
 * of its own (compiler-thread.ts, bundled from the sources here), as a
 * process would.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonReport } from '../../cli/report/json-report.js';
import { snapshotTree } from '../helpers/bad-input.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { repoRoot, tempDir } from '../helpers/run-cli.js';
import { linkFolder, LIBRARY } from '../helpers/sample-packages.js';

const CAMERA = 'content/docs/guides/camera.mdx';
const FRAGMENTS = 'content/docs/guides/fragments.mdx';

/** A page of whole samples: one uses React Native's globals without an import, one has a misspelt method. */
const CAMERA_PAGE = [
  '# Taking photos',
  '',
  '```ts',
  "console.log('Camera ready')",
  "const timer = setTimeout(() => console.warn('still waiting'), 1000)",
  'clearTimeout(timer)',
  '```',
  '',
  '```tsx title="App.tsx"',
  "import { useRef } from 'react'",
  "import { Camera, useCameraDevice } from 'react-native-vision-camera'",
  '',
  'export function App() {',
  '  const camera = useRef<Camera>(null)',
  "  const device = useCameraDevice('back')",
  '  const onPress = async () => {',
  '    const photo = await camera.current?.takePhotoo()',
  '    console.log(photo)',
  '  }',
  '  if (device == null) return null',
  '  return <Camera ref={camera} device={device} isActive={true} photo={true} onTouchEnd={onPress} />',
  '}',
  '```',
  '',
];
const MISSPELT = { line: CAMERA_PAGE.findIndex((l) => l.includes('takePhotoo')) + 1, column: 41 };

/** A page with a fragment of a component body, as upstream writes them: no imports, a top-level return. */
const FRAGMENT_PAGE = [
  '# Formats',
  '',
  '```tsx',
  "const device = useCameraDevice('back')",
  'const format = useCameraFormat(device, [{ fps: 60 }])',
  'const photo = await camera.current.takePhoto()',
  '',
  'return <Camera device={device} format={format} isActive={true} />',
  '```',
  '',
];

let base: string;
let site: string;

beforeAll(async () => {
  base = tempDir('docsgen-first-run-');
  const repo = path.join(base, 'repo');
  site = path.join(repo, 'website');
  cpSync(path.join(repoRoot, 'tests/sites/minimal'), site, { recursive: true });
  for (const name of [LIBRARY, 'react-native', '@types/react', 'react'])
    linkFolder(path.join(repoRoot, 'node_modules', name), path.join(repo, 'node_modules', name));
  writeFileSync(path.join(site, CAMERA), CAMERA_PAGE.join('\n'));
  writeFileSync(path.join(site, FRAGMENTS), FRAGMENT_PAGE.join('\n'));
  writeConfig('');
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

/** The site's config: a plain one with an `api` section, plus `extra` lines. */
function writeConfig(extra: string): void {
  writeFileSync(
    path.join(site, 'build.config.ts'),
    `export default {\n  title: 'Camera',\n  url: 'https://example.com',\n  api: { package: '${LIBRARY}', sidebar: 'main' },\n${extra}  docs: { sidebars: { main: ['guides/intro', 'guides/second', 'guides/camera', 'guides/fragments'] } },\n};\n`,
  );
}

const misspelt = (label: string) =>
  `${label}  ${CAMERA}:${MISSPELT.line}:${MISSPELT.column}  Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)  [code-sample-type-error]`;
const summed = (label: string) =>
  `${label}  ${FRAGMENTS}  4 type errors in 1 sample, first at 4:16 Cannot find name 'useCameraDevice'. (TS2304)  [code-sample-type-error]`;

describe('a site that turns sample checking on, in a monorepo', () => {
  it('builds with the defaults: the misspelt method a warning at its line, the fragment one line for its page, and what to do', async () => {
    const built = await runCliInProcess(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    expect(built.stderr).toContain(misspelt('warning'));
    expect(built.stderr).toContain(summed('warning'));
    expect(built.stderr).toContain(
      '… the code sample warnings of 1 page (4) are summed up, one line a page: --verbose prints each, --format json lists every one.',
    );
    expect(built.stderr).not.toContain('Cannot find module');
    expect(built.stderr).not.toContain("'console'");
    expect(built.stderr).toMatch(
      /✔ \d+ pages written to .*, 0 errors, \d+ warnings, 3 code samples type-checked, 0 opted out/,
    );
    expect(readFileSync(path.join(site, 'dist/docs/guides/camera/index.html'), 'utf8')).toContain('takePhotoo');
  });

  it('lists every error with --format json, and prints each with --verbose', async () => {
    const json = await runCliInProcess(['check', '--root', site, '--format', 'json']);
    const report = JSON.parse(json.stdout) as JsonReport;
    const samples = report.warnings
      .filter((w) => w.rule === 'code-sample-type-error')
      .map((w) => `${w.file}:${w.line}:${w.column} ${w.message}`);
    expect(samples).toEqual([
      `${CAMERA}:${MISSPELT.line}:${MISSPELT.column} Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)`,
      `${FRAGMENTS}:4:16 Cannot find name 'useCameraDevice'. (TS2304)`,
      `${FRAGMENTS}:5:16 Cannot find name 'useCameraFormat'. (TS2304)`,
      `${FRAGMENTS}:6:21 Cannot find name 'camera'. (TS2304)`,
      `${FRAGMENTS}:8:1 A 'return' statement can only be used within a function body. (TS1108)`,
    ]);
    expect(report.errors).toEqual([]);

    const verbose = await runCliInProcess(['check', '--root', site, '--verbose']);
    expect(verbose.stdout).toContain(
      `${FRAGMENTS}:5:16  Cannot find name 'useCameraFormat'. (TS2304)  [code-sample-type-error]`,
    );
    expect(verbose.stdout).not.toContain('type errors in');
  });

  it("fails with onCodeSampleErrors: 'throw', at the same places, and leaves the previous output as it was", async () => {
    writeConfig("  onCodeSampleErrors: 'throw',\n");
    const before = snapshotTree(path.join(site, 'dist'));
    const built = await runCliInProcess(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(1);
    expect(built.stderr).toContain(misspelt('error'));
    expect(built.stderr).toContain(summed('error'));
    expect(built.stderr).not.toMatch(/\n\s+at /);
    expect(snapshotTree(path.join(site, 'dist'))).toEqual(before);
  });
});
