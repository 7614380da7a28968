import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { cacheDirOf } from '../cache/cache-folder.js';
import { packageRoot } from '../package-root.js';
import type { renderRoute } from '../render/render-route.js';
import type { SidebarHtml } from '../render/sidebar-html.js';
import type { Diagnostic } from '../types.js';

export type RenderRoute = typeof renderRoute;

/** What dev renders pages with: the page renderer and the sidebar renderer, from the same theme sources. */
export interface Theme {
  render: RenderRoute;
  SidebarHtml: typeof SidebarHtml;
}

let generation = 0;

/**
 * Loads the theme again after a template edit. The theme is compiled into
 * `lib/` ahead of time, so Node's module cache cannot be asked to forget it:
 * instead the render layer (`cli/render/render-route.ts` with every template
 * it imports) is bundled afresh with esbuild into a temporary module next to
 * docsgen's `node_modules` (so `react` resolves to the same copy), imported,
 * and the file removed. Resolves to the new `renderRoute` and `SidebarHtml`,
 * or to the bundler's errors with their places.
 */
export async function loadTheme(): Promise<Theme | { diagnostics: Diagnostic[] }> {
  const root = packageRoot();
  const entries = ['cli/render/render-route.ts', 'cli/render/sidebar-html.ts'];
  if (!entries.every((entry) => existsSync(path.join(root, entry)))) {
    return {
      diagnostics: [
        {
          severity: 'error',
          rule: 'theme-reload',
          message: 'the theme sources are not available to reload; restart `docsgen dev` to see template changes',
        },
      ],
    };
  }
  let code: string;
  try {
    const result = await esbuild.build({
      stdin: {
        contents: `export { renderRoute } from './${entries[0]}';\nexport { SidebarHtml } from './${entries[1]}';\n`,
        resolveDir: root,
        loader: 'ts',
        sourcefile: 'theme.ts',
      },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      logLevel: 'silent',
      absWorkingDir: root,
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const errors = (error as esbuild.BuildFailure).errors ?? [];
    return {
      diagnostics: errors.map((e) => ({
        severity: 'error' as const,
        rule: 'theme',
        message: e.text,
        file: e.location ? path.relative(process.cwd(), path.resolve(root, e.location.file)) : undefined,
        line: e.location?.line,
        column: e.location ? e.location.column + 1 : undefined,
      })),
    };
  }
  const dir = path.join(cacheDirOf(root), 'dev-theme');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `render-${process.pid}-${++generation}.mjs`);
  await writeFile(file, code);
  try {
    const mod = (await import(pathToFileURL(file).href)) as {
      renderRoute: RenderRoute;
      SidebarHtml: typeof SidebarHtml;
    };
    return { render: mod.renderRoute, SidebarHtml: mod.SidebarHtml };
  } catch (error) {
    return {
      diagnostics: [
        { severity: 'error', rule: 'theme', message: `the theme threw while loading: ${(error as Error).message}` },
      ],
    };
  } finally {
    await rm(file, { force: true });
  }
}
