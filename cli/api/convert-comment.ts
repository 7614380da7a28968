/**
 * Converts TypeDoc comments to the model's `ApiComment`, resolving inline
 * `{@link}` tags to page targets.
 */
import type { Comment, CommentDisplayPart } from 'typedoc';
import type { ApiComment, ApiCommentPart } from '../api-model.js';
import { findTarget } from './reflection-target.js';

const LINK_TAGS = new Set(['@link', '@linkcode', '@linkplain']);

/** Converts a TypeDoc comment; returns undefined when there is none. */
export function convertComment(comment: Comment | undefined): ApiComment | undefined {
  if (!comment) return undefined;
  return {
    summary: convertParts(comment.summary),
    blockTags: comment.blockTags.map((tag) => ({
      tag: tag.tag,
      ...(tag.name ? { name: tag.name } : {}),
      content: convertParts(tag.content),
    })),
    modifiers: [...comment.modifierTags],
  };
}

/** Converts display parts, turning link tags into `link` parts. */
export function convertParts(parts: readonly CommentDisplayPart[]): ApiCommentPart[] {
  return parts.map(convertPart);
}

function convertPart(part: CommentDisplayPart): ApiCommentPart {
  switch (part.kind) {
    case 'text':
    case 'code':
      return { kind: part.kind, text: part.text };
    case 'relative-link':
      return { kind: 'text', text: part.text };
    case 'inline-tag': {
      if (!LINK_TAGS.has(part.tag)) return { kind: 'text', text: part.text };
      const code = part.tag === '@linkcode';
      // Unresolved tags keep their raw `Target | label` text.
      const [written = '', label] = part.text.split('|').map((x) => x.trim());
      const text = part.tsLinkText?.trim() || label || written;
      if (typeof part.target === 'string') return { kind: 'link', text, code, url: part.target };
      const target = part.target && 'isProject' in part.target ? findTarget(part.target) : undefined;
      return target ? { kind: 'link', text, code, target } : { kind: 'link', text, code, name: written };
    }
  }
}
