import path from 'node:path';
import * as esbuild from 'esbuild';
import { DocsgenError } from '../errors.js';
import { packageRoot } from '../package-root.js';

export interface ClientAssets {
  /** URLs (baseUrl applied) of the stylesheets and scripts every page loads. */
  css: string[];
  js: string[];
  /** Output path (relative to the out dir) → contents. */
  files: Map<string, Uint8Array>;
}

/**
 * Bundles the theme's browser code (`templates/client/`) and stylesheet
 * (`templates/styles/`) with esbuild: minified, content-hashed names so they
 * can be cached forever.
 */
export async function buildClientAssets(options: { baseUrl: string; templatesDir?: string }): Promise<ClientAssets> {
  const templates = options.templatesDir ?? path.join(packageRoot(), 'templates');
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      entryPoints: { main: path.join(templates, 'client/main.ts'), styles: path.join(templates, 'styles/index.css') },
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
      write: false,
      metafile: true,
      outdir: 'assets',
      entryNames: '[dir]/[name].[hash]',
      chunkNames: 'chunks/[name].[hash]',
      splitting: true,
      legalComments: 'none',
      logLevel: 'silent',
      absWorkingDir: templates,
    });
  } catch (error) {
    const first = (error as esbuild.BuildFailure).errors?.[0];
    throw new DocsgenError(`could not bundle the theme's client code: ${first?.text ?? (error as Error).message}`, {
      diagnostics: first?.location ? [{ severity: 'error', rule: 'theme-bundle', message: first.text, file: first.location.file, line: first.location.line, column: first.location.column + 1 }] : [],
      cause: error,
    });
  }
  const files = new Map<string, Uint8Array>();
  const css: string[] = [];
  const js: string[] = [];
  for (const file of result.outputFiles) {
    const rel = path.relative(templates, file.path).split(path.sep).join('/');
    files.set(rel, file.contents);
  }
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const url = options.baseUrl + out;
    if (out.endsWith('.css')) css.push(url);
    else if (out.endsWith('.js') && !meta.entryPoint.endsWith('.css')) js.push(url);
  }
  return { css, js, files };
}
