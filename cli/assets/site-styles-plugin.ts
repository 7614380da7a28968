import { existsSync } from 'node:fs';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { DocsgenError } from '../errors.js';
import { checkContentFile } from '../files/content-folders.js';
import { plural } from '../strings.js';
import type { Diagnostic } from '../types.js';
import { readablePrimaryCss } from './readable-primary.js';
import { readSiteSheets } from './read-site-sheets.js';
import type { SiteStyles } from './site-styles.js';

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
 * their own folder; then the rules that keep their primary colour readable. A root-relative `url(/img/x.png)` in a site file names a
 * file of the static folders, as in Docusaurus: it stays a URL, under the
 * base URL (the static copy publishes it, by the file rule). `@site/x` names
 * the file x of the site root, as Docusaurus's alias does.
 */
export function siteStylesPlugin(themeStyles: string, site: SiteStyles, baseUrl: string): esbuild.Plugin {
  const imports = [themeStyles, ...site.files].map((file) => `@import ${JSON.stringify(file)};`);
  // Last: the shades that keep a primary colour too light (or dark) for text readable (readable-primary.ts).
  const contents = [...imports, readablePrimaryCss(readSiteSheets(site))].join('\n');
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
      // `@site/…`, Docusaurus's alias of the site root (`url(@site/static/img/bg.png)`): the file under the root, bundled
      // as a relative path to it is, by the same rules.
      build.onResolve({ filter: /^@site\// }, (args) => {
        if (args.namespace !== 'file' || isInside(themeDir, args.importer)) return undefined;
        if (args.kind !== 'url-token' && args.kind !== 'import-rule') return undefined;
        const root = site.content.rule.root;
        const file = path.resolve(root, withoutQuery(args.path.slice('@site/'.length)));
        if (!isInside(root, file)) return { errors: [{ text: `'${args.path}' leaves the site folder` }] };
        const why = whyNotContent(site, file);
        if (why) return { errors: [{ text: `'${args.path}' ${why}` }] };
        if (!existsSync(file)) return { errors: [{ text: `'${args.path}' is not a file of the site` }] };
        return { path: file };
      });
      build.onResolve({ filter: /^\.\.?[/\\]/ }, (args) => {
        if (args.namespace !== 'file' || isInside(themeDir, args.importer)) return undefined;
        const why = whyNotContent(site, path.resolve(args.resolveDir, withoutQuery(args.path)));
        return why ? { errors: [{ text: `'${args.path}' ${why}` }] } : undefined;
      });
    },
  };
}

/**
 * Why a file a site stylesheet names may not be bundled, when it may not: a
 * path into a content folder (`url(../../static/img/bg.png)`) is content a
 * pull request may have made a link, so, as the static folders' own copies,
 * it must lead into the content folders, and by the file rule.
 */
function whyNotContent(site: SiteStyles, file: string): string | undefined {
  if (!site.content.folders.some((dir) => isInside(dir, file))) return undefined;
  const check = checkContentFile(site.content, file);
  if (check.kind === 'ok' || check.kind === 'missing') return undefined;
  return 'is a file of a content folder that leads out of the content folders (a link): it is not bundled';
}

/** A `url()`'s file path, without its `?query` or `#fragment` (`font.woff2?v=4#iefix`). */
function withoutQuery(specifier: string): string {
  const end = [specifier.indexOf('?'), specifier.indexOf('#')].filter((at) => at !== -1);
  return end.length ? specifier.slice(0, Math.min(...end)) : specifier;
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
