/**
 * Samples resolve packages as Node and TypeScript do from the site root, in
 * the layouts real repositories have: a monorepo whose site is in a
 * subfolder with its packages hoisted one level up, pnpm's store and links,
 * the library as a workspace package, a node_modules that is a link. In
 * each, a page whose one real mistake is a misspelt method gets exactly that
 * error, at its line, and its library names link to the API reference.
 */
import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSampleChecker } from '../../../cli/samples/sample-checker.js';
import { layOutPackages, LIBRARY, type PackageLayout } from '../../helpers/sample-packages.js';
import { tempDir } from '../../helpers/run-cli.js';
import { hrefOf, md, pageOf, tempCache } from './checker-fixture.js';

const bases: string[] = [];
afterAll(() => {
  for (const base of bases) rmSync(base, { recursive: true, force: true });
});

/** A camera screen using React Native's globals, with one misspelt method. */
const SCREEN = [
  '```tsx title="App.tsx"',
  "import { useRef } from 'react'",
  "import { View } from 'react-native'",
  "import { Camera, useCameraDevice } from 'react-native-vision-camera'",
  '',
  'export function App() {',
  '  const camera = useRef<Camera>(null)',
  "  const device = useCameraDevice('back')",
  '  const onPress = async () => {',
  '    const photo = await camera.current!.takePhotoo()',
  '    if (__DEV__) console.log(photo)',
  '    setTimeout(() => fetch(`https://example.com/upload`), 100)',
  '  }',
  '  if (device == null) return <View />',
  '  return <Camera ref={camera} device={device} isActive={true} photo={true} onTouchEnd={onPress} />',
  '}',
  '```',
];

/** Its line in the page below (a heading and a blank line above the block). */
const MISSPELT_LINE = 3 + SCREEN.findIndex((line) => line.includes('takePhotoo'));

const LAYOUTS: [PackageLayout, string][] = [
  ['hoisted', 'the site in a subfolder, its packages in the node_modules one level up'],
  ['pnpm', "pnpm's store, the site's packages linked into its node_modules"],
  ['workspace', 'the library a workspace package, linked into the hoisted node_modules'],
  ['symlinked-node-modules', "the site's node_modules a link to a folder elsewhere"],
];

describe('packages found as Node finds them', () => {
  it.each(LAYOUTS)('%s (%s): the only diagnostic is the misspelt method, at its line', async (layout) => {
    const base = realpathSync(tempDir('docsgen-layout-'));
    bases.push(base);
    const site = layOutPackages(base, layout);
    mkdirSync(path.join(site, 'content/code-setup'), { recursive: true });
    // A cache of its own: a result cached by another layout would hide this one's.
    const caches = tempCache();
    bases.push(caches.dir);
    const checker = createSampleChecker({
      root: site,
      packageName: LIBRARY,
      setupDir: path.join(site, 'content/code-setup'),
      timeoutMs: 120_000,
      cache: caches.cache(),
      hrefOf,
    });
    try {
      const results = await checker.check([pageOf('content/docs/guides/camera.mdx', md('# Camera', '', ...SCREEN))]);
      expect(results.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
        `content/docs/guides/camera.mdx:${MISSPELT_LINE}:41 Property 'takePhotoo' does not exist on type 'Camera'. Did you mean 'takePhoto'? (TS2551)`,
      ]);
      expect(results.exportRefs.Camera?.href).toBe('/docs/api/classes/Camera');
      const refs = Object.values(results.refs.get('content/docs/guides/camera')!)[0]!.refs;
      expect(refs.map((r) => r.href)).toContain('/docs/api/functions/useCameraDevice');
      expect(results.compilerStarted).toBe(true);
    } finally {
      await checker.close();
    }
  });
});
