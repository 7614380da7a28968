import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleKey, splitShown } from '../../../cli/samples/code-refs.js';
import { CompilerThread } from '../../../cli/samples/compiler-thread.js';
import { sampleWorkerScript } from '../../../cli/samples/worker-script.js';
import type { SampleChecker } from '../../../cli/samples/sample-checker.js';
import { LIBRARY, md, pageOf, REPO, repoChecker, tempCache } from './checker-fixture.js';

const caches = tempCache();
let checker: SampleChecker;
beforeAll(() => {
  checker = repoChecker(caches.cache());
});
afterAll(async () => {
  await checker.close();
  caches.remove();
});

/** Checks a page of one block: the results, the block's links and tips, and the shown lines they point into. */
async function checkBlock(file: string, source: string) {
  const page = pageOf(file, source);
  const results = await checker.check([page]);
  const block = page.blocks[0]!;
  const { refs, tips } = results.refs.get(page.id)![sampleKey(block.lang, block.meta, block.code)]!;
  return { results, refs, tips, shown: splitShown(block.code).shown.split('\n') };
}

/** The page of a pinned sample: a camera screen using a hook, a device property, a method and the component's props. */
const PINNED = md(
  '---',
  'title: Pinned',
  '---',
  '',
  '```tsx title="App.tsx"',
  "import { useRef } from 'react'",
  "import { Camera, useCameraDevice } from 'react-native-vision-camera'",
  '',
  'export function App() {',
  '  const camera = useRef<Camera>(null)',
  "  const device = useCameraDevice('back')",
  '  if (device == null) return null',
  '  const formats = device.formats',
  '  camera.current?.takePhoto()',
  '  return <Camera ref={camera} device={device} isActive={true} />',
  '}',
  '```',
);

describe('the sample checker', () => {
  it('reports a call of a method that does not exist at its Markdown line and column, with the TypeScript message and code', async () => {
    const page = pageOf(
      'content/docs/guides/photos.mdx',
      md(
        '# Photos',
        '',
        '<TabItem>',
        '',
        '  ```tsx',
        "  import { Camera } from 'react-native-vision-camera'",
        '  declare const camera: Camera',
        '  camera.takePicture()',
        '  ```',
        '',
        '</TabItem>',
      ),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'code-sample-type-error',
        message: "Property 'takePicture' does not exist on type 'Camera'. (TS2339)",
        file: 'content/docs/guides/photos.mdx',
        line: 8,
        column: 10,
        hint: 'fix the code, put what it needs above a `// ---cut---` line (compiled, not shown) or in a setup file (`setup=<name>`), or mark the block nocheck="reason"',
        // The block's opening fence, so reports can count the samples with problems.
        block: 5,
      },
    ]);
    expect(results.checked).toBe(1);
  });

  it('checks a fragment with a setup file and hidden lines, and places its links in the shown code', async () => {
    const source = md(
      '```tsx setup=camera',
      "const device = useCameraDevice('back')",
      '// ---cut---',
      'const formats = device?.formats',
      'camera.takePhoto()',
      '```',
    );
    const { results, refs, tips } = await checkBlock('content/docs/guides/fragment.mdx', source);
    expect(results.diagnostics).toEqual([]);
    expect(refs.map(({ line, start, end, href }) => ({ line, start, end, href }))).toEqual([
      { line: 0, start: 24, end: 31, href: '/docs/api/interfaces/CameraDevice#formats' },
      { line: 1, start: 7, end: 16, href: '/docs/api/classes/Camera#takephoto' },
    ]);
    expect(tips[refs[1]!.tip!]).toEqual({
      signature: '(method) Camera.takePhoto(options?: TakePhotoOptions): Promise<PhotoFile>',
      doc: "Take a single photo and write it's content to a temporary file.",
    });
  });

  it('does not compile an opted-out block, counts it, and wants a reason', async () => {
    const page = pageOf(
      'content/docs/guides/opt-out.mdx',
      md(
        '```ts nocheck="pseudo-code"',
        'this is not TypeScript at all',
        '```',
        '',
        '```ts nocheck',
        'neither is this',
        '```',
      ),
    );
    const results = await checker.check([page]);
    expect(results).toMatchObject({ checked: 0, optedOut: 2 });
    expect(results.refs.get(page.id)).toEqual({});
    expect(results.diagnostics).toEqual([
      {
        severity: 'error',
        rule: 'code-sample-type-error',
        message: 'this block opts out of type-checking without a reason',
        file: 'content/docs/guides/opt-out.mdx',
        line: 5,
        column: 1,
        hint: 'give the reason in the meta: nocheck="why this sample is not complete TypeScript"',
        block: 5,
      },
    ]);
  });

  it('lets a block import another block of the page by its title', async () => {
    const page = pageOf(
      'content/docs/guides/titled.mdx',
      md(
        '```tsx title="src/useFaceDetector.ts"',
        'export function useFaceDetector(): number {',
        '  return 1',
        '}',
        '```',
        '',
        '```tsx',
        "import { useFaceDetector } from './useFaceDetector'",
        'const faces: string = useFaceDetector()',
        '```',
      ),
    );
    const results = await checker.check([page]);
    // The import resolved: the error is about the hook's real return type.
    expect(results.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [9, 7, "Type 'number' is not assignable to type 'string'. (TS2322)"],
    ]);
    expect(results.checked).toBe(2);
  });

  it('checks a changed page again in the same project, without the blocks it no longer has (dev)', async () => {
    const user = md('```ts', "import { helper } from './helper'", 'export const n: number = helper', '```');
    const helper = md('```ts title="helper.ts"', 'export const helper = 1', '```');
    const first = await checker.check([pageOf('content/docs/guides/dev.mdx', md(helper, '', user))]);
    expect(first.diagnostics).toEqual([]);
    const second = await checker.check([pageOf('content/docs/guides/dev.mdx', user)]);
    expect(second.diagnostics.map((d) => d.message)).toEqual([
      "Cannot find module './helper' or its corresponding type declarations. (TS2307)",
    ]);
  });

  it('links a pinned sample to the right pages and anchors, with the signature and first sentence in each popup', async () => {
    const { results, refs, tips, shown } = await checkBlock('content/docs/guides/pinned.mdx', PINNED);
    expect(results.diagnostics).toEqual([]);
    const links = refs.map((r) => ({
      text: shown[r.line]!.slice(r.start, r.end),
      line: r.line,
      href: r.href,
      tip: tips[r.tip!],
    }));
    expect(links.map(({ text, line, href }) => `${line} ${text} ${href}`)).toEqual([
      '1 Camera /docs/api/classes/Camera',
      '1 useCameraDevice /docs/api/functions/useCameraDevice',
      '4 Camera /docs/api/classes/Camera',
      '5 useCameraDevice /docs/api/functions/useCameraDevice',
      '7 formats /docs/api/interfaces/CameraDevice#formats',
      '8 takePhoto /docs/api/classes/Camera#takephoto',
      '9 Camera /docs/api/classes/Camera',
      '9 device /docs/api/interfaces/CameraProps#device',
      '9 isActive /docs/api/interfaces/CameraProps#isactive',
    ]);
    const tipOf = (text: string) => links.find((l) => l.text === text)!.tip;
    expect(tipOf('useCameraDevice').signature).toContain(
      'useCameraDevice(position: CameraPosition, filter?: DeviceFilter): CameraDevice | undefined',
    );
    expect(tipOf('useCameraDevice').doc).toBe(
      'Get the best matching Camera device that best satisfies your requirements using a sorting filter.',
    );
    expect(tipOf('device')).toEqual({ signature: '(property) device: CameraDevice', doc: 'The Camera Device to use.' });
    expect(tipOf('formats')).toEqual({
      signature: '(property) CameraDevice.formats: CameraDeviceFormat[]',
      doc: 'All available formats for this camera device.',
    });
    expect(tipOf('Camera')).toEqual({ signature: 'class Camera', doc: 'A powerful `<Camera>` component.' });
    // Three `Camera`s, one popup.
    expect(tips.filter((t) => t.signature === 'class Camera')).toHaveLength(1);
  });

  it("links a member inherited from a base the library does not export to the page that lists it, but not React's members", async () => {
    const source = md(
      '```ts',
      "import type { Camera, PhotoFile } from 'react-native-vision-camera'",
      'declare const photo: PhotoFile',
      'declare const camera: Camera',
      'const where = photo.path',
      'camera.forceUpdate()',
      '```',
    );
    const { results, refs, shown } = await checkBlock('content/docs/guides/inherited.mdx', source);
    expect(results.diagnostics).toEqual([]);
    expect(refs.map((r) => `${shown[r.line]!.slice(r.start, r.end)} ${r.href}`)).toEqual([
      'Camera /docs/api/classes/Camera',
      'PhotoFile /docs/api/interfaces/PhotoFile',
      'PhotoFile /docs/api/interfaces/PhotoFile',
      'Camera /docs/api/classes/Camera',
      'path /docs/api/interfaces/PhotoFile#path',
    ]);
  });

  it('gives every export of the library an exact-name link and popup', async () => {
    const { exportRefs } = await checker.check([]);
    expect(exportRefs.Camera).toEqual({
      href: '/docs/api/classes/Camera',
      tip: { signature: 'class Camera', doc: 'A powerful `<Camera>` component.' },
    });
    expect(exportRefs.useCameraDevice!.href).toBe('/docs/api/functions/useCameraDevice');
    expect(exportRefs.CameraProps!.href).toBe('/docs/api/interfaces/CameraProps');
  });

  it('places an error of a setup file in the setup file, once', async () => {
    const page = pageOf(
      'content/docs/guides/broken-setup.mdx',
      md('```ts setup=broken', 'export {}', '```', '', '```ts setup=broken', 'export const a = 1', '```'),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics).toEqual([
      expect.objectContaining({
        file: 'tests/fixtures/samples/code-setup/broken.ts',
        line: 2,
        column: 7,
        message: "Type 'string' is not assignable to type 'number'. (TS2322)",
      }),
    ]);
  });

  it("compiles imports of a package the setup folder's .d.ts declares, and checks its use", async () => {
    const page = pageOf(
      'docs/declared.mdx',
      md(
        '```ts',
        "import { blur } from 'docsgen-fixture-untyped'",
        '',
        'const ok: string = blur(4)',
        "blur('4')",
        '```',
      ),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      "5:6 Argument of type 'string' is not assignable to parameter of type 'number'. (TS2345)",
    ]);
  });

  it("refuses what would change other pages' samples: a /// <reference>, declare global, declare module", async () => {
    const page = pageOf(
      'docs/globals.mdx',
      md(
        '```ts',
        '/// <reference types="node" />',
        'declare global {',
        '  var leaked: number',
        '}',
        "declare module 'react-native-vision-camera' {",
        '  interface Frame { leaked: number }',
        '}',
        '```',
      ),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics.map((d) => `${d.line} ${d.message.split(' (')[0]}`)).toEqual([
      '2 a sample cannot use a /// <reference> directive',
      '3 a sample cannot declare globals',
      '6 a sample cannot declare a module',
    ]);
  });

  it('reports a setup name that names no file, or is not a name, at the fence', async () => {
    const page = pageOf(
      'content/docs/guides/no-setup.mdx',
      md('```ts setup=missing', 'x', '```', '```ts setup=../../secret', 'x', '```'),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [
        1,
        1,
        'setup=missing names no setup file: tests/fixtures/samples/code-setup/missing.ts (or .tsx) does not exist',
      ],
      [4, 1, 'setup=../../secret is not a setup name'],
    ]);
  });

  it('reports the type errors of one page while another page has a syntax error', async () => {
    const broken = pageOf('content/docs/guides/syntax.mdx', md('```ts', 'const = ;', '```'));
    const typed = pageOf('content/docs/guides/typed.mdx', md('```ts', "const n: number = 'one'", '```'));
    const results = await checker.check([broken, typed]);
    expect(results.diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual([
      'content/docs/guides/syntax.mdx:2',
      'content/docs/guides/typed.mdx:2',
    ]);
  });

  it('does not let `// @ts-nocheck` or twoslash-style flags change the checking', async () => {
    const page = pageOf(
      'content/docs/guides/flags.mdx',
      md('```ts', '// @ts-nocheck', '// @noImplicitAny: false', '// @strict: false', 'export function f(a) {}', '```'),
    );
    const results = await checker.check([page]);
    expect(results.diagnostics.map((d) => [d.line, d.message])).toEqual([
      [5, "Parameter 'a' implicitly has an 'any' type. (TS7006)"],
    ]);
  });

  it('serves an unchanged check from the cache without starting the compiler, errors included', async () => {
    const pages = [
      pageOf('content/docs/guides/pinned.mdx', PINNED),
      pageOf('content/docs/guides/typed.mdx', md('```ts', "const n: number = 'one'", '```')),
    ];
    const first = await checker.check(pages);
    const warm = repoChecker(caches.cache());
    try {
      const second = await warm.check(pages);
      expect(second.compilerStarted).toBe(false);
      expect(second).toEqual({ ...first, compilerStarted: false });
      expect(second.diagnostics).toHaveLength(1);
    } finally {
      await warm.close();
    }
  });

  it('starts TypeScript before the first check only when that check will need it: with a cold cache, never with a warm one', async () => {
    const prestart = vi.spyOn(CompilerThread.prototype, 'prestart').mockImplementation(() => undefined);
    const cold = tempCache();
    try {
      repoChecker(cold.cache()).prestart();
      expect(prestart).toHaveBeenCalledTimes(1);
      // This file's checker has checked pages: the library's exports are in its cache.
      repoChecker(caches.cache()).prestart();
      expect(prestart).toHaveBeenCalledTimes(1);
    } finally {
      prestart.mockRestore();
      cold.remove();
    }
  });

  it('a thread closed while it is still starting early is stopped, not left running', async () => {
    const thread = new CompilerThread({ root: REPO, packageName: LIBRARY, environment: 'react-native' });
    thread.prestart();
    await thread.close();
    // Past the moment the thread would have been made: its script is ready.
    await sampleWorkerScript();
    await new Promise((resolve) => setImmediate(resolve));
    expect(thread.started).toBe(false);
  });
});
