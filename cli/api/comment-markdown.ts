/**
 * Turns TSDoc comment parts into Markdown with final link hrefs, and into
 * plain-text summaries.
 */
import { trimChar } from '../url-parts.js';
import type { ApiComment, ApiCommentPart, ApiSource } from '../api-model.js';
import { getSiteFile, type PageContext } from './page-context.js';

/** Markdown of comment parts; unresolvable `{@link}`s become code text plus a warning. */
export function toMarkdown(parts: readonly ApiCommentPart[], pc: PageContext, source?: ApiSource): string {
  return parts.map((part) => convertPart(part, pc, source)).join('');
}

function convertPart(part: ApiCommentPart, pc: PageContext, source: ApiSource | undefined): string {
  if (part.kind !== 'link') return part.text;
  const label = part.code ? toInlineCode(part.text) : escapeLinkText(part.text);
  if (part.url) return `[${label}](${part.url})`;
  const href = part.target ? pc.href(part.target) : undefined;
  if (href) return `[${label}](${href})`;
  reportUnresolvedLink(part.name ?? part.text, pc, source);
  return toInlineCode(part.text);
}

function reportUnresolvedLink(text: string, pc: PageContext, source: ApiSource | undefined): void {
  const file = getSiteFile(pc.model, source);
  pc.diagnostics.push({
    severity: 'warning',
    rule: 'api-unresolved-link',
    message: `Unresolved {@link ${text}}: no API page documents it`,
    ...(file ? { file } : {}),
    ...(source ? { line: source.line } : {}),
    route: pc.route,
    target: text,
    hint: 'Link to an exported symbol (e.g. {@link Camera.takePhoto}) or write the name as `code`',
  });
}

function toInlineCode(text: string): string {
  const fence = text.includes('`') ? '`` ' : '`';
  return `${fence}${text}${fence.split('').reverse().join('')}`;
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

/**
 * One-line plain-text summary: the first paragraph of the summary, without
 * Markdown syntax, cut at the first sentence end when it is long.
 */
export function getPlainSummary(comment: ApiComment | undefined): string | undefined {
  if (!comment) return undefined;
  const text = comment.summary.map((p) => (p.kind === 'code' ? trimChar(p.text, '`') : p.text)).join('');
  const paragraph = text.split(/\n\s*\n/).find((p) => p.trim() && !p.trim().startsWith('```')) ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    // Blanks before a marker stay on their line (`\s*` across lines backtracked); they collapse below anyway.
    .replace(/^[^\S\r\n\u2028\u2029]*(#{1,6}|[-*+]|\d+\.)\s+/gm, '')
    .replace(/(\*\*|__|\*|_)(\S[^*_]*?)\1/g, '$2')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return undefined;
  const sentence = /^(.{20,}?[.!?])(\s|$)/.exec(plain);
  return plain.length > 160 && sentence ? sentence[1] : plain;
}
