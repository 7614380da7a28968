import type { CodeBlockRequest } from './component-renderer.js';

/** Makes a code block's HTML as content's fenced blocks are made (compile-docs.ts gives the Markdown pipeline). */
export type HighlightCodeBlock = (block: CodeBlockRequest) => Promise<string>;

/**
 * Puts each code block a render asked for (`@theme/CodeBlock`) into its
 * slot, `<TAG data-i="N"></TAG>`: a plain scan, the tag is random per
 * renderer so neither content nor a prop can spell it. Without a highlighter
 * the code is shown as escaped text in a plain block.
 */
export async function fillCodeBlocks(
  html: string,
  tag: string,
  blocks: CodeBlockRequest[],
  highlight: HighlightCodeBlock,
): Promise<string> {
  if (blocks.length === 0) return html;
  let out = html;
  for (let i = 0; i < blocks.length; i++) {
    const slot = `<${tag} data-i="${i}"></${tag}>`;
    if (!out.includes(slot)) continue;
    out = out.split(slot).join(await highlight(blocks[i]));
  }
  return out;
}

/** The fenced block's info string for a request: its language, then `title="…"` and `showLineNumbers`. */
export function fenceMeta(block: CodeBlockRequest): string {
  const parts: string[] = [];
  // The title is written between double quotes: one inside it would end it.
  if (block.title) parts.push(`title="${block.title.replace(/"/g, "'").replace(/[\r\n]+/g, ' ')}"`);
  if (block.showLineNumbers) parts.push('showLineNumbers');
  return parts.join(' ');
}
