/**
 * The globals samples compile with (`codeSamples.environment`): React
 * Native's by default (from its own declarations: console, timers, fetch,
 * __DEV__; no DOM, so a forgotten import never resolves to a browser
 * global), or a web page's with 'dom'. The library here is fixture-lib,
 * which imports nothing of React Native: what a sample has comes from the
 * environment alone.
 */
import { cpSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSampleChecker } from '../../../cli/samples/sample-checker.js';
import { FIXTURE_ROOT } from '../api/fixture.js';
import { tempDir } from '../../helpers/run-cli.js';
import { hrefOf, md, pageOf, tempCache } from './checker-fixture.js';

/** A fragment without imports that uses what React Native code has. */
const NATIVE = [
  '```ts',
  "console.log('starting')",
  'const timer = setTimeout(() => undefined, 100)',
  'clearTimeout(timer)',
  'if (__DEV__) requestAnimationFrame(() => undefined)',
  "fetch('https://example.com').then((response) => response.json())",
  '```',
];
/** One that uses the browser's. */
const BROWSER = [
  '```ts',
  "document.title = 'Camera'",
  'window.addEventListener("resize", () => console.log(window.innerWidth))',
  '```',
];

const diagnosticsOf = async (environment: 'react-native' | 'dom' | undefined, lines: string[], root = FIXTURE_ROOT) => {
  const caches = tempCache();
  const options = {
    root,
    packageName: 'fixture-lib',
    setupDir: path.join(root, 'content/code-setup'),
    timeoutMs: 120_000,
    cache: caches.cache(),
    hrefOf,
  };
  const checker = createSampleChecker(environment ? { ...options, environment } : options);
  try {
    return (await checker.check([pageOf('content/docs/guides/env.mdx', md(...lines))])).diagnostics;
  } finally {
    await checker.close();
    caches.remove();
  }
};
const messagesOf = async (environment: 'react-native' | 'dom' | undefined, lines: string[]) =>
  (await diagnosticsOf(environment, lines)).map((d) => `${d.line}:${d.column} ${d.message}`);

describe('the environment samples compile in', () => {
  it("is React Native's by default: its globals without an import, and no DOM", async () => {
    expect(await messagesOf(undefined, [...NATIVE, '', ...BROWSER])).toEqual([
      "10:1 Cannot find name 'document'. Do you need to change your target library? Try changing the 'lib' compiler option to include 'dom'. (TS2584)",
      "11:1 Cannot find name 'window'. (TS2304)",
      "11:53 Cannot find name 'window'. (TS2304)",
    ]);
  });

  it("is a web page's with environment 'dom': the browser's globals, and none of React Native's", async () => {
    expect(await messagesOf('dom', [...BROWSER, '', ...NATIVE])).toEqual(["10:5 Cannot find name '__DEV__'. (TS2304)"]);
  });

  it("says where a sample's globals come from when one is missing (react-native not installed): TypeScript's own hint names a compiler option no sample can set", async () => {
    const site = realpathSync(tempDir('docsgen-no-react-native-'));
    cpSync(path.join(FIXTURE_ROOT, 'node_modules/fixture-lib'), path.join(site, 'node_modules/fixture-lib'), {
      recursive: true,
    });
    try {
      const [missing, ...rest] = await diagnosticsOf(undefined, ['```ts', "console.log('starting')", '```'], site);
      expect(rest).toEqual([]);
      expect(missing).toMatchObject({
        line: 2,
        column: 1,
        message: expect.stringMatching(/^Cannot find name 'console'\. .*\(TS2584\)$/),
      });
      expect(missing!.hint).toBe(
        "a sample's globals come from codeSamples.environment: 'react-native' (the default) has React Native's, from the react-native package installed where Node finds it from the site root; 'dom' has the browser's (document, window)",
      );
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('gives a sample importing the library the same globals as one that imports nothing', async () => {
    expect(
      await messagesOf(undefined, [
        '```ts',
        "import { createWidget } from 'fixture-lib'",
        "console.log(createWidget('large'), __DEV__)",
        '```',
      ]),
    ).toEqual([]);
  });
});
