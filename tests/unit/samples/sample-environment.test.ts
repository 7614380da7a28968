/**
 * The globals samples compile with (`codeSamples.environment`): React
 * Native's by default (from its own declarations: console, timers, fetch,
 * __DEV__; no DOM, so a forgotten import never resolves to a browser
 * global), or a web page's with 'dom'. The library here is fixture-lib,
 * which imports nothing of React Native: what a sample has comes from the
 * environment alone.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSampleChecker } from '../../../cli/samples/sample-checker.js';
import { FIXTURE_ROOT } from '../api/fixture.js';
import { hrefOf, md, pageOf, tempCache } from './checker-fixture.js';

/** A fragment without imports that uses what React Native code has. */
const NATIVE = ['```ts', "console.log('starting')", 'const timer = setTimeout(() => undefined, 100)', 'clearTimeout(timer)', 'if (__DEV__) requestAnimationFrame(() => undefined)', "fetch('https://example.com').then((response) => response.json())", '```'];
/** One that uses the browser's. */
const BROWSER = ['```ts', "document.title = 'Camera'", 'window.addEventListener("resize", () => console.log(window.innerWidth))', '```'];

const messagesOf = async (environment: 'react-native' | 'dom' | undefined, lines: string[]) => {
  const caches = tempCache();
  const options = { root: FIXTURE_ROOT, packageName: 'fixture-lib', setupDir: path.join(FIXTURE_ROOT, 'content/code-setup'), timeoutMs: 120_000, cache: caches.cache(), hrefOf };
  const checker = createSampleChecker(environment ? { ...options, environment } : options);
  try {
    const results = await checker.check([pageOf('content/docs/guides/env.mdx', md(...lines))]);
    return results.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
  } finally {
    await checker.close();
    caches.remove();
  }
};

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

  it('gives a sample importing the library the same globals as one that imports nothing', async () => {
    expect(await messagesOf(undefined, ['```ts', "import { createWidget } from 'fixture-lib'", "console.log(createWidget('large'), __DEV__)", '```'])).toEqual([]);
  });
});
