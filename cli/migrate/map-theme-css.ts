/**
 * The classic preset's `theme` options: `customCss` (a path or a list, often
 * written `require.resolve('./src/css/custom.css')`, which the reader gives
 * as the path written) becomes docsgen's `theme.customCss`, relative to the
 * site folder. docsgen reads the Infima variables such a file sets.
 */

import { statSync } from 'node:fs';
import path from 'node:path';
import { preprocessorOf } from '../assets/site-styles.js';
import { checkSiteFile, type FileRule } from '../files/content-files.js';
import { isObject, shownName, type Data, type Note } from './map-values.js';

/** Maps `presets[i][1].theme` (at `at`) onto `config.theme`; what cannot be carried over is a note. */
export function mapThemeOptions(theme: unknown, config: Data, at: string, note: Note): void {
  if (!isObject(theme)) return;
  for (const key of Object.keys(theme))
    if (key !== 'customCss') note(`${at}.${key}`, 'docsgen reads only `customCss` of the theme options');
  const written = theme.customCss;
  if (written === undefined) return;
  const list = Array.isArray(written) ? written : [written];
  const paths: string[] = [];
  list.forEach((value, i) => {
    const where = Array.isArray(written) ? `${at}.customCss[${i}]` : `${at}.customCss`;
    if (typeof value !== 'string' || value === '') {
      note(where, "computed: write the stylesheet's path, relative to the site folder, in `theme.customCss`");
      return;
    }
    const relative = path.posix.normalize(value.split('\\').join('/'));
    if (path.posix.isAbsolute(relative) || relative === '..' || relative.startsWith('../'))
      note(where, `${shownName(value)} is outside the site folder: docsgen reads only the site's own stylesheets`);
    else paths.push(relative);
  });
  if (paths.length > 0) config.theme = { customCss: paths };
}

/**
 * Leaves out of the written config each `theme.customCss` path the build
 * would stop at, with a note: one that is not a file of the site, and one in
 * a folder of content (the static folders, the docs folder), whose files the
 * build never reads as the site's look (Docusaurus sites often keep a
 * stylesheet in `static/css/`).
 */
export function keepSiteStylesheets(config: Data, rule: FileRule, note: Note): void {
  const theme = config.theme;
  if (!isObject(theme) || !Array.isArray(theme.customCss)) return;
  const docs = isObject(config.docs) && typeof config.docs.path === 'string' ? config.docs.path : 'docs';
  const statics = Array.isArray(config.staticDirectories) ? config.staticDirectories.map(String) : ['public'];
  const contentDirs = [docs, 'content', 'versioned_docs', ...statics].map((dir) =>
    path.posix.normalize(dir.split('\\').join('/')).replace(/\/$/, ''),
  );
  const kept = theme.customCss.filter((file) => {
    const written = path.posix.normalize(String(file));
    const preprocessed = preprocessorOf(written);
    if (preprocessed) {
      note(
        'theme.customCss',
        `${shownName(file)} is not CSS (a preprocessor plugin compiled it): left out (compile it to a .css file, e.g. \`${preprocessed.compile(written, written.replace(/\.\w+$/, '.css'))}\`, and name that in \`theme.customCss\`)`,
      );
      return false;
    }
    const inside = contentDirs.find((dir) => written.startsWith(`${dir}/`));
    if (inside !== undefined) {
      note(
        'theme.customCss',
        `${shownName(file)} is in ${inside}/, whose files are content, not the site's look: left out (move it to src/css/ and name it in \`theme.customCss\`)`,
      );
      return false;
    }
    const check = checkSiteFile(rule, String(file));
    if (check.kind === 'ok' && statSync(check.real).isFile()) return true;
    note('theme.customCss', `${shownName(file)} is not a file of the site: left out`);
    return false;
  });
  if (kept.length > 0) theme.customCss = kept;
  else delete config.theme;
}
