import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import {
  sampleKey,
  splitShown,
  type BlockRefs,
  type CodeRef,
  type CodeTip,
  type ExportRefs,
} from '../../cli/samples/code-refs.js';
import { compile } from '../helpers/compile.js';
import { copySite, runCli } from '../helpers/run-cli.js';

const API = '/docs/guides/api';

/** The tips the fixture's sample shows, as a checker would give them. */
export const TIPS = {
  device: {
    signature: 'function useCameraDevice(position: CameraPosition, filter?: DeviceFilter): CameraDevice | undefined',
    doc: 'Get the best matching Camera device that satisfies your requirements, or `undefined` if there is none.',
  },
  camera: { signature: 'class Camera', doc: 'The `<Camera>` component: the preview, and photos and videos.' },
  takePhoto: {
    signature: '(method) Camera.takePhoto(options?: TakePhotoOptions): Promise<PhotoFile>',
    doc: 'Takes a single photo and writes it to a temporary file.',
  },
  path: { signature: '(property) PhotoFile.path: string' },
} satisfies Record<string, CodeTip>;

/** The sample of tests/sites/code-tips' guide (its first code block), as written and as shown. */
export function readSample(root: string): { source: string; written: string; shown: string } {
  const source = readFileSync(path.join(root, 'content/docs/guides/intro.mdx'), 'utf8');
  const written = /```tsx title="App.tsx"\n([\s\S]*?)\n```/.exec(source)![1];
  return { source, written, shown: splitShown(written).shown };
}

/** A ref to the `nth` (0-based) `word` of a shown line. */
function refTo(shown: string, line: number, word: string, href: string, tip: number, nth = 0): CodeRef {
  const text = shown.split('\n')[line];
  let start = -1;
  for (let i = 0; i <= nth; i++) start = text.indexOf(word, start + 1);
  if (start < 0) throw new Error(`no ${word} on line ${line}: ${text}`);
  return { line, start, end: start + word.length, href, tip };
}

/** What a checker would find in the sample: where its API names are and what they link to. */
export function sampleRefs(shown: string): BlockRefs {
  return {
    refs: [
      refTo(shown, 1, 'useCameraDevice', `${API}#usecameradevice`, 0),
      refTo(shown, 2, 'Camera', `${API}#camera`, 1),
      refTo(shown, 4, 'takePhoto', `${API}#takephoto`, 2),
      refTo(shown, 5, 'path', `${API}#takephoto`, 3),
      refTo(shown, 8, 'Camera', `${API}#camera`, 1),
    ],
    tips: [TIPS.device, TIPS.camera, TIPS.takePhoto, TIPS.path],
  };
}

export const EXPORT_REFS: ExportRefs = {
  Camera: { href: `${API}#camera`, tip: TIPS.camera },
  useCameraDevice: { href: `${API}#usecameradevice`, tip: TIPS.device },
};

/**
 * Builds tests/sites/code-tips with the real CLI, then gives its guide the
 * links and tips a checker would: the guide is compiled again in this
 * process with `samples` (compileMarkdown's option the build passes them
 * through), and its article replaces the one the build wrote. Until the
 * build runs the checker, this is how a page with links gets the real theme.
 */
export async function buildCodeTipsSite(): Promise<{ root: string; dist: string }> {
  const root = copySite('code-tips');
  const built = runCli(['build', '--root', root]);
  expect(built.code, built.stderr + built.stdout).toBe(0);
  const dist = path.join(root, 'dist');
  const pageFile = path.join(dist, 'docs/guides/index.html');
  const page = readFileSync(pageFile, 'utf8');
  const { source, written, shown } = readSample(root);
  const plain = await compile(source, 'mdx');
  const linked = await compile(source, 'mdx', undefined, {
    samples: {
      sampleRefs: { [sampleKey('tsx', 'title="App.tsx"', written)]: sampleRefs(shown) },
      exportRefs: EXPORT_REFS,
    },
  });
  expect(linked.diagnostics).toEqual([]);
  expect(page.split(plain.html).length, 'the build wrote the guide as compileMarkdown does').toBe(2);
  writeFileSync(
    pageFile,
    page.replace(plain.html, () => linked.html),
  );
  return { root, dist };
}
