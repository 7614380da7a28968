import type { Root } from 'mdast';
import type { VFile } from 'vfile';
import { cleanTree, type CleanTreeOptions } from '../copy/clean-tree.js';

declare module 'vfile' {
  interface DataMap {
    /** Set by compileMarkdown for a page that gets a Markdown copy (not for API fragments). */
    wantsCopy: boolean;
    /** The page's clean Markdown tree, made before remark-rehype (clean-tree.ts). */
    copyTree: Root;
  }
}

/**
 * Keeps the page's Markdown as plain CommonMark + GFM for its copy: placed
 * after every plugin that expands MDX (partials, imports, theme components,
 * npm2yarn, admonitions) and before remark-rehype, so the copy says what the
 * page says. The page's own tree is not changed.
 */
export function remarkMarkdownCopy(options: CleanTreeOptions) {
  return (tree: Root, file: VFile) => {
    if (file.data.wantsCopy) file.data.copyTree = cleanTree(tree, options);
  };
}
