import type { MarkdownFormat } from '../config/markdown-schema.js';

/**
 * How one doc is compiled: its front matter's `format` if it has one, else
 * the site's `markdown.format`; `'detect'` (from either) goes by the
 * extension, `.mdx` as MDX and `.md` as CommonMark, as Docusaurus does.
 */
export function decideDocFormat(
  docPath: string,
  frontMatterFormat: MarkdownFormat | undefined,
  siteFormat: MarkdownFormat,
): 'md' | 'mdx' {
  const format = frontMatterFormat ?? siteFormat;
  if (format !== 'detect') return format;
  return docPath.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md';
}
