/**
 * Small pieces of Markdown the API pages' copies are written from: inline
 * code that its text cannot close, indented blocks, plain type text.
 */
import type { CodeToken } from '../../templates/shared/api-view-types.js';
import { longestRun, toFencedBlock } from '../markdown/fenced-block.js';

/** Inline code whose fence is longer than any run of backticks in `text`. */
export function toInlineCode(text: string): string {
  const fence = '`'.repeat(longestRun(text, '`') + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Code tokens as one line of inline code (a type broken over lines is joined), linked when it is one linked name. */
export function toInlineType(tokens: readonly CodeToken[]): string {
  const text = tokens
    .map((token) => token.text)
    .join('')
    .split('\n')
    .map((line) => line.trim())
    .join(' ');
  if (!text) return '';
  const code = toInlineCode(text);
  return tokens.length === 1 && tokens[0]!.href ? `[${code}](${tokens[0]!.href})` : code;
}

/** Code tokens as a fenced `ts` block. */
export function toCodeFence(tokens: readonly CodeToken[]): string {
  return toFencedBlock('ts', '', tokens.map((token) => token.text).join(''));
}

/** Plain text as Markdown text: the characters that would open markup, HTML or an entity are escaped. */
export function escapeMarkdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>&|#]/g, '\\$&');
}

/** `text` indented under a list item (blank lines stay blank). */
export function indent(text: string, by = '  '): string {
  return text
    .split('\n')
    .map((line) => (line ? by + line : line))
    .join('\n');
}

/** `text` as a blockquote. */
export function toBlockquote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}
