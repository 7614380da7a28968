import path from 'node:path';
import * as esbuild from 'esbuild';
import { hashOf } from '../cache/disk-cache.js';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import type { Diagnostic } from '../types.js';
import type { ComponentModule } from './component-modules.js';
import { docusaurusShimsPlugin, NO_COUNTERPART, shimsDir } from './docusaurus-shims.js';
import { siteModulePlugins } from './site-module-plugins.js';

/** The site's components bundled into one CommonJS module, held in memory. */
export interface ComponentBundle {
  code: string;
  /** Digest of the bundle: it changes whenever a component module, or anything it imports, does. */
  hash: string;
  /** Absolute paths of the files the bundle was made from (dev watches them), `node_modules/` left out. */
  inputs: string[];
  /** The registered names, in the config's order. */
  names: string[];
  /** The CSS the modules import (with `css`: React pages' `import styles from './x.module.css'`), bundled. */
  css?: string;
}

/**
 * React and its renderer are docsgen's own, given to the bundle when it runs
 * (component-worker-source.ts): a second copy from the site's node_modules
 * would break hooks, whose state lives in the React module that renders.
 */
export const SHARED_MODULES = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/server'];

/**
 * Bundles every registered component module with esbuild into one CommonJS
 * module whose `components` export maps each name to its module's default
 * export. Nothing is written: the code runs from memory on the component
 * thread. A module esbuild cannot bundle (a syntax error, an import it cannot
 * resolve, a missing default export) is a config error at its place.
 */
export async function bundleComponents(
  root: string,
  modules: ComponentModule[],
  options: {
    /** What messages call the generated entry. */
    entryName?: string;
    /** Bundle the CSS the modules import (CSS modules get their scoped class names), returned as `css`. */
    css?: boolean;
    /** More esbuild plugins, after docsgen's own modules (React pages' imports of images: page-imports.ts). */
    plugins?: esbuild.Plugin[];
    /** The site's values the Docusaurus shims read (docusaurus-shims.ts `siteDefine`). */
    define?: Record<string, string>;
  } = {},
): Promise<ComponentBundle> {
  const entry = [
    ...modules.map((m, i) => `import C${i} from ${JSON.stringify(m.file)};`),
    `export const components = { ${modules.map((m, i) => `${JSON.stringify(m.name)}: C${i}`).join(', ')} };`,
  ].join('\n');
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      stdin: {
        contents: entry,
        resolveDir: root,
        loader: 'js',
        sourcefile: options.entryName ?? 'docsgen-components.js',
      },
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      // Docusaurus compiles a site's .js files with JSX (src/components/X.js holding <div>): so does docsgen.
      loader: { '.js': 'jsx', ...(options.css ? { '.css': 'css', '.module.css': 'local-css' } : {}) },
      // A folder for the names of the outputs (the bundle and its CSS): nothing is written there.
      ...(options.css ? { outdir: path.join(root, '.docsgen-bundle') } : {}),
      logLevel: 'silent',
      external: [...SHARED_MODULES, 'react/*', 'react-dom/*'],
      define: { 'process.env.NODE_ENV': '"production"', ...options.define },
      // `@theme/*` and `@docusaurus/*` are docsgen's own (site-module-plugins.ts for pages' Layout and Head, then
      // templates/docusaurus/); any other is an error at its import.
      plugins: [...siteModulePlugins(), docusaurusShimsPlugin(), ...(options.plugins ?? [])],
    });
  } catch (error) {
    throw bundleError(root, error);
  }
  const code = result.outputFiles.find((file) => !file.path.endsWith('.css'))!.text;
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'))?.text;
  const inputs = Object.keys(result.metafile.inputs)
    .filter((input) => !input.includes('node_modules/') && !input.startsWith('<'))
    .map((input) => path.resolve(root, input))
    .filter((input) => !input.startsWith(shimsDir()));
  return {
    code,
    hash: hashOf(code, css ?? null),
    inputs,
    names: modules.map((m) => m.name),
    ...(css ? { css } : {}),
  };
}

/** esbuild's errors as config diagnostics, in the component module they are in. */
export function bundleError(root: string, error: unknown): DocsgenError {
  const failure = error as { errors?: esbuild.Message[] };
  if (!failure.errors) throw error;
  const diagnostics: Diagnostic[] = failure.errors.map((message) => ({
    severity: 'error',
    rule: 'component-bundle',
    message: message.text,
    file: message.location ? path.relative(root, path.resolve(root, message.location.file)) : 'build.config.ts',
    line: message.location?.line,
    column: message.location ? message.location.column + 1 : undefined,
  }));
  const css = failure.errors.some((m) => /\.css\b/.test(m.text));
  const docusaurus = failure.errors.some((m) => m.text.includes(NO_COUNTERPART));
  return new DocsgenError('the site components (`components` in the config) could not be bundled', {
    exitCode: EXIT_USAGE,
    diagnostics,
    hint: css
      ? "components render to HTML only: style them with the site's stylesheet instead of importing CSS from the component"
      : docusaurus
        ? 'import one of the modules docsgen provides, or write that part in the component itself (the components guide lists them)'
        : 'fix the component module: it must build with esbuild and `export default` a React component',
  });
}
