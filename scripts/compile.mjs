// Compiles the generator (cli/ and the server side of templates/) into lib/ with esbuild.
// Most dependencies are bundled in (see EXTERNAL for those that are not); the browser bundle is built at site-build time.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Dependencies left out of lib/ and loaded from node_modules (see the build options below). */
const EXTERNAL = [
  'esbuild',
  'typescript',
  'typedoc',
  'chokidar',
  'shiki',
  '@shikijs/*',
  'sitemap',
  'playwright-core',
  // React's package picks its production or development build when loaded (NODE_ENV): bundled, both builds of
  // react-dom's server renderer (1.4 MB) were parsed by every build that renders; from node_modules, only the one used.
  // React and react-dom go together, so that the theme and the renderer share one React.
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  // The optional peer dependencies (cli/optional-packages.ts): a site installs them only if it uses their feature,
  // so lib/ must never hold them or import them before it knows they are there. satori and resvg are imported when
  // images are drawn; mermaid's files are copied and algoliasearch is bundled into the browser code, never imported.
  'satori',
  '@resvg/resvg-js',
  'mermaid',
  'algoliasearch',
];
/**
 * TypeScript (only the samples' worker imports it) is loaded with `require`: `import` of a CommonJS file makes Node
 * scan all of it for named exports first, about a second for TypeScript's 9 MB (measured). TypeDoc's own imports
 * of it get the same through module hooks (cli/api/typescript-hooks.ts).
 */
const typescriptByRequire = {
  name: 'typescript-by-require',
  setup(build) {
    const namespace = 'typescript-by-require';
    build.onResolve({ filter: /^typescript$/ }, (args) =>
      args.namespace === namespace ? { path: 'typescript', external: true } : { path: 'typescript', namespace },
    );
    build.onLoad({ filter: /.*/, namespace }, () => ({ contents: "module.exports = require('typescript');" }));
  },
};
// Start clean: old hashed chunks would otherwise pile up in lib/.
rmSync(path.join(root, 'lib'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'cli/main.ts',
    index: 'cli/index.ts',
    'compile-worker': 'cli/markdown/compile-worker.ts',
    'highlight-worker': 'cli/markdown/highlight-worker.ts',
    'render-worker': 'cli/render/render-worker.ts',
    'api-worker': 'cli/api/api-worker.ts',
    'typescript-hooks': 'cli/api/typescript-hooks.ts',
    'sample-worker': 'cli/samples/sample-worker.ts',
    'og-worker': 'cli/og/og-worker.ts',
  },
  outdir: 'lib',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies are bundled in (a build loads a few large files instead of about a thousand small ones: module
  // loading was a third of a small site's build), except those that find files of their own at run time (native
  // code, wasm, grammars, locales), are large and loaded only by some builds, or run their own processes.
  external: EXTERNAL,
  // Bundled CommonJS dependencies call require() for Node's modules; an ES module has none of its own.
  banner: {
    js: "import { createRequire as __docsgenRequire } from 'node:module'; const require = __docsgenRequire(import.meta.url);",
  },
  jsx: 'automatic',
  sourcemap: 'linked',
  // Stack traces map to the sources by path; the sources themselves are in the checkout (and node_modules).
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [typescriptByRequire],
});

/** A short hash of every file under the folders (names and contents). */
const hashFolders = (dirs) => {
  const hash = createHash('sha256');
  for (const dir of dirs) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      hash.update(path.relative(root, file)).update(readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16) + '\n';
};
// The code whose output is cached (the generator, the API page templates, and the theme's contract, whose search
// terms make the search index): part of every cache key, so changed code never reuses old output.
writeFileSync(path.join(root, 'lib/build-id.txt'), hashFolders(['cli', 'templates/theme/api', 'templates/shared']));
// And the whole theme: rendered pages are cached by it (cli/render/render-site.ts).
writeFileSync(path.join(root, 'lib/theme-id.txt'), hashFolders(['templates']));
