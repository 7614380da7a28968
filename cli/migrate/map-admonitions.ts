/**
 * The docs plugin's `admonitions` option of a Docusaurus config mapped onto
 * `markdown.admonitions`: the keywords a site added (`:::release`, drawn by a
 * swizzled theme) are carried over, so its pages build without a warning at
 * each one; what docsgen cannot follow is a note.
 */

import { isAdmonitionKeyword } from '../config/markdown-schema.js';
import { isAdmonitionType } from '../markdown/plugins/admonition-node.js';

type Data = Record<string, unknown>;

/** Reads `admonitions` (`{keywords, extendDefaults, tag}` or `false`) at `at`; adds `markdown.admonitions.keywords` to `config`. */
export function mapAdmonitions(
  admonitions: unknown,
  config: Data,
  at: string,
  note: (path: string, message: string) => void,
): void {
  if (admonitions === undefined || admonitions === true) return;
  if (typeof admonitions !== 'object' || admonitions === null || Array.isArray(admonitions)) {
    note(
      at,
      admonitions === false
        ? 'admonitions are always on in docsgen: `:::note` blocks are drawn as admonitions'
        : 'not read: write `{keywords: [...]}`',
    );
    return;
  }
  const { keywords, tag, extendDefaults, ...rest } = admonitions as Data;
  if (tag !== undefined && tag !== ':::') note(`${at}.tag`, 'admonitions are always fenced with `:::` in docsgen');
  if (extendDefaults === false)
    note(`${at}.extendDefaults`, "the theme's types (note, tip, info, warning, danger, caution) stay available");
  for (const key of Object.keys(rest)) note(`${at}.${key}`, 'not supported');
  if (!Array.isArray(keywords)) return;
  const added: string[] = [];
  keywords.forEach((keyword: unknown, i) => {
    if (typeof keyword !== 'string' || !isAdmonitionKeyword(keyword))
      note(
        `${at}.keywords[${i}]`,
        'left out: a keyword is a word of letters, digits, `-` and `_` starting with a letter',
      );
    else if (!isAdmonitionType(keyword) && !added.includes(keyword)) added.push(keyword);
  });
  if (!added.length) return;
  config.markdown = { ...(config.markdown as Data | undefined), admonitions: { keywords: added } };
}
