import type { Root, RootContent } from 'mdast';
import type { LinkRef } from '../../types.js';
import { absolutizeUrls } from './copy-urls.js';
import { stringifyMarkdown } from './stringify-copy.js';

export interface PageCopyInput {
  /** The page's clean tree (clean-tree.ts). */
  tree: Root;
  /** The page's links as rehype-links.ts resolved them. */
  links: readonly LinkRef[];
  /** The page's absolute URL (`https://site/docs/guides/x`): relative URLs and `#id` resolve against it. */
  pageUrl: string;
  /** The page's title, written as `# Title` unless the page starts with its own h1. */
  title?: string;
  /** The front matter's description, quoted under the title. */
  description?: string;
}

/** A compiled page's Markdown copy: its title (and description), then its content, every URL absolute. */
export function writePageCopy(input: PageCopyInput): string {
  const { tree } = input;
  absolutizeUrls(tree, input.links, input.pageUrl);
  const head: RootContent[] = [];
  const first = tree.children[0];
  if (input.title && !(first?.type === 'heading' && first.depth === 1))
    head.push({ type: 'heading', depth: 1, children: [{ type: 'text', value: input.title }] });
  if (input.description)
    head.push({
      type: 'blockquote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: input.description }] }],
    });
  if (head.length) {
    // After the page's own h1, if it has one.
    const at = first?.type === 'heading' && first.depth === 1 ? 1 : 0;
    tree.children.splice(at, 0, ...head);
  }
  return stringifyMarkdown(tree);
}
