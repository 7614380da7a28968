import path from 'node:path';
import type * as esbuild from 'esbuild';
import { realpathSync } from 'node:fs';
import { encodeRoutePath } from '../route-text.js';

/** The image files a React page may import, by extension (what Docusaurus's webpack gives a URL or, for SVG, a component). */
const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;

/**
 * What React pages import beyond modules, as Docusaurus's webpack resolves it: `@site/…` from the site root, a
 * CSS module's root-relative `url(/…)` (a URL of the static folders), and images. An image must be a file of a static folder, where the build publishes it as it is: the import is its URL
 * (`import shot from '@site/static/img/shot.png'`, `require('…').default`), and an SVG's is a component drawing it
 * with `<img>` (`import Logo from '@site/static/img/logo.svg'`; never inlined: a static file is content, and an SVG
 * shown by `<img>` runs no script). An image elsewhere is a bundle error at the import.
 */
export function pageImportPlugins(options: { root: string; staticDirs: string[]; baseUrl: string }): esbuild.Plugin[] {
  const staticDirs = options.staticDirs.map((dir) => ({ dir, real: realOrSelf(dir) }));
  const site: esbuild.Plugin = {
    name: 'docsgen-site-alias',
    setup(build) {
      build.onResolve({ filter: /^@site\// }, (args) =>
        build.resolve(`./${args.path.slice('@site/'.length)}`, { resolveDir: options.root, kind: args.kind }),
      );
      // A root-relative `url(/img/bg.png)` in a page's CSS module names a file of the static folders, as in
      // Docusaurus: it stays a URL of the site, under the base URL.
      build.onResolve({ filter: /^\/[^/]/ }, (args) =>
        args.kind === 'url-token' || args.kind === 'import-rule'
          ? { path: options.baseUrl + args.path.slice(1), external: true }
          : undefined,
      );
    },
  };
  const images: esbuild.Plugin = {
    name: 'docsgen-page-images',
    setup(build) {
      build.onLoad({ filter: IMAGE }, (args) => {
        const real = realOrSelf(args.path);
        const folder = staticDirs.find(({ real: dir }) => real.startsWith(dir + path.sep));
        if (!folder)
          return {
            errors: [
              {
                text: `the image ${path.relative(options.root, args.path)} is not in a static folder (${staticDirs.map((d) => path.relative(options.root, d.dir)).join(', ')}): only their files are published`,
              },
            ],
          };
        const url = options.baseUrl + encodeRoutePath(path.relative(folder.real, real).split(path.sep).join('/'));
        const contents = /\.svg$/i.test(args.path)
          ? `import { createElement } from 'react';
const src = ${JSON.stringify(url)};
export default function Svg({ title, ...props }) { return createElement('img', { src, alt: title ?? '', ...props }); }
export const ReactComponent = Svg;`
          : `export default ${JSON.stringify(url)};`;
        return { contents, loader: 'js', resolveDir: path.dirname(args.path) };
      });
    },
  };
  return [site, images];
}

function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
