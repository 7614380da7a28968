/**
 * What a code block shows that is not the author's code (the safety net,
 * rehype-source-as-text.ts): nothing at all (a block a Docusaurus plugin was
 * to fill), or a magic comment left in the code (`// highlight-next-line` in
 * a bash block, where `//` is no comment; any magic comment in a block whose
 * meta marks lines with `{…}`). Read before highlighting, from the block as
 * rehype-code-blocks.ts will show it.
 */
import type { Element } from 'hast';
import { toString as textOf } from 'hast-util-to-string';
import type { MagicComment } from '../../config/markdown-schema.js';
import { commentSyntaxesOf, directivesOf, FALLBACK, readDirective } from '../magic-comments.js';
import { clip } from '../source-signs.js';
import { shownCode } from './rehype-code-blocks.js';

/** A leak in a code block: its line counted from the block's opening fence (0), the warning, how to fix it. */
export interface CodeBlockLeak {
  lineInBlock: number;
  message: string;
  hint: string;
}

/**
 * Blocks whose code may hold a magic comment as an example: Markdown
 * showing a fence, and mermaid, which has none.
 */
const EXAMPLE_LANGUAGES = new Set(['md', 'markdown', 'mdx', 'mermaid']);

/** The first leak of a `<pre>` block, if any. */
export function findCodeBlockLeak(pre: Element, magicComments: readonly MagicComment[]): CodeBlockLeak | undefined {
  const code = pre.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
  const written = textOf(code ?? pre).replace(/\n$/, '');
  if (written.trim() === '') {
    return {
      lineInBlock: 0,
      message: 'an empty code block is shown: the page has a code box with nothing in it',
      hint: 'write the block\'s code or remove the block; if a Docusaurus remark plugin filled it from its meta, write what the plugin made into the block (docsgen reads `file=` itself: see "Moving from Docusaurus" in docsgen\'s documentation, docs/guides/moving-from-docusaurus)',
    };
  }
  if (!code) return undefined;
  const classes = (code.properties.className as string[] | undefined) ?? [];
  const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
  return EXAMPLE_LANGUAGES.has(lang.toLowerCase())
    ? undefined
    : findLeftoverMagicComment(code, written, lang, magicComments);
}

/**
 * A line the reader sees that is nothing but a comment naming a magic
 * comment, in the block language's comment syntax or in one of the common
 * ones: rehype-code-blocks.ts did not remove it, so it is shown.
 */
function findLeftoverMagicComment(
  code: Element,
  written: string,
  lang: string,
  magicComments: readonly MagicComment[],
): CodeBlockLeak | undefined {
  const directives = directivesOf(magicComments);
  // Most blocks name no directive: no line scan for them.
  if (![...directives.keys()].some((name) => written.includes(name))) return undefined;
  const meta = String((code.data as { meta?: string } | undefined)?.meta ?? code.properties.metastring ?? '');
  const { shown, hiddenAbove, magic } = shownCode(written, lang, meta, magicComments);
  const own = commentSyntaxesOf(lang);
  const syntaxes = [...own, ...FALLBACK.filter((syntax) => !own.includes(syntax))];
  const lines = shown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (magic?.keptLine?.[i] === -1 || !readDirective(lines[i], syntaxes, directives)) continue;
    const comment = clip(lines[i].trim());
    const hint = magic
      ? `in a ${lang || 'plain text'} block, a magic comment is read only as ${own.map((s) => (s.close ? `\`${s.open} … ${s.close}\`` : `\`${s.open} …\``)).join(' or ')}: write it so, or remove the line`
      : 'this block marks its lines with `{…}` in its meta, so, as in Docusaurus, its magic comments are not read: use one or the other';
    return {
      lineInBlock: 1 + hiddenAbove + i,
      message: `the magic comment '${comment}' is shown in the code: it marks no line`,
      hint,
    };
  }
  return undefined;
}
