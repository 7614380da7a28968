import path from 'node:path';
import type * as esbuild from 'esbuild';
import { DocsgenError } from '../errors.js';
import { plural } from '../strings.js';
import type { Diagnostic } from '../types.js';

/** The entry point of the stylesheet when the site has styles of its own: the theme's, then the site's (as the metafile names it). */
export const SITE_STYLES_ENTRY = 'docsgen-site-styles:styles';
const NAMESPACE = 'docsgen-site-styles';

/** The rule of a site stylesheet's errors (its syntax errors, an import or `url()` it names that is not there). */
export const CUSTOM_CSS_RULE = 'custom-css';

/**
 * Files a stylesheet's `url()` may name, emitted next to the bundle with
 * content-hashed names (fonts and images the site's custom CSS uses).
 */
export const STYLE_ASSET_LOADERS: Record<string, esbuild.Loader> = Object.fromEntries(
  ['.woff2', '.woff', '.ttf', '.otf', '.eot', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico'].map(
    (ext) => [ext, 'file' as const],
  ),
);

/**
 * Makes the stylesheet entry `SITE_STYLES_ENTRY`: a generated stylesheet that
 * imports the theme's `index.css`, then each of the site's files, so theirs
 * win on equal specificity and their `@import`s and `url()`s resolve from
 * their own folder. A root-relative `url(/img/x.png)` in a site file names a
 * file of the static folders, as in Docusaurus: it stays a URL, under the
 * base URL (the static copy publishes it, by the file rule).
 */
export function siteStylesPlugin(themeStyles: string, siteFiles: string[], baseUrl: string): esbuild.Plugin {
  const contents = [themeStyles, ...siteFiles].map((file) => `@import ${JSON.stringify(file)};`).join('\n');
  const themeDir = path.dirname(path.dirname(themeStyles));
  return {
    name: 'docsgen-site-styles',
    setup(build) {
      build.onResolve({ filter: /^docsgen-site-styles:/ }, (args) =>
        args.kind === 'entry-point' ? { path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE } : undefined,
      );
      build.onLoad({ filter: /./, namespace: NAMESPACE }, () => ({
        contents,
        loader: 'css',
        resolveDir: path.dirname(themeStyles),
      }));
      build.onResolve({ filter: /^\/[^/]/ }, (args) => {
        const fromSite = args.namespace === 'file' && !isInside(themeDir, args.importer);
        if (!fromSite || (args.kind !== 'url-token' && args.kind !== 'import-rule')) return undefined;
        return { path: baseUrl + args.path.slice(1), external: true };
      });
    },
  };
}

/**
 * The syntax errors esbuild found in the site's stylesheets (it reports them
 * as warnings and bundles what it could make of them): a stylesheet that
 * does not parse is an error at its file, line and column, never published.
 */
export function throwOnSiteStyleErrors(
  warnings: esbuild.Message[],
  dirs: { workingDir: string; themeDir: string; root?: string },
): void {
  const { workingDir, themeDir, root } = dirs;
  const diagnostics: Diagnostic[] = [];
  for (const warning of warnings) {
    if (warning.id !== 'css-syntax-error' || !warning.location) continue;
    const file = path.resolve(workingDir, warning.location.file);
    if (isInside(themeDir, file)) continue;
    diagnostics.push({
      severity: 'error',
      rule: CUSTOM_CSS_RULE,
      message: `CSS syntax error: ${warning.text}`,
      file: root ? path.relative(root, file) : file,
      line: warning.location.line,
      column: warning.location.column + 1,
    });
  }
  if (diagnostics.length === 0) return;
  throw new DocsgenError(`the site's custom CSS does not parse (${plural(diagnostics.length, 'syntax error')})`, {
    diagnostics,
    hint: 'fix the stylesheet at the place shown (theme.customCss names it)',
  });
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}
