import { escapeHtml } from '../strings.js';
import type { LineLinks, TokenLink } from './code-links.js';
import type { StyledToken } from './paired-theme.js';

/** The `<pre>` of a highlighted block: its classes and inline style, and what marks its lines. */
export interface PreLook {
  preClass: string;
  preStyle: string;
  /** 1-based line numbers to mark. */
  highlightLines?: Set<number>;
  /** More classes of each line (0-based): the magic comments' (magic-comments.ts), checked class names from the config. */
  lineClasses?: readonly (readonly string[])[];
  showLineNumbers?: boolean;
}

/**
 * The `<pre>` shiki would build for these tokens, written as text directly: a page
 * has thousands of tokens, and building and serialising a tree for each costs more
 * than tokenising them. Links go around exactly their characters (lineHtml).
 */
export function preHtml(lines: StyledToken[][], look: PreLook, links?: LineLinks): string {
  let html = `<pre class="${look.preClass}${look.showLineNumbers ? ' line-numbers' : ''}" style="${look.preStyle}"><code>`;
  for (let i = 0; i < lines.length; i++) {
    if (i > 0) html += '\n';
    const extra = look.lineClasses?.[i]?.length ? ` ${escapeHtml(look.lineClasses[i].join(' '))}` : '';
    html += look.highlightLines?.has(i + 1) ? `<span class="line highlighted${extra}">` : `<span class="line${extra}">`;
    html += lineHtml(lines[i], links?.[i]);
    html += '</span>';
  }
  return html + '</code></pre>';
}

/**
 * One line's tokens as `<span style>` runs. A link may start or end inside a
 * token, or cover several: tokens are split at its ends, each piece keeping
 * its token's style, so the `<a>` wraps exactly its characters and every
 * character keeps its colour. `links` must be sorted and not overlap, each
 * within the line.
 */
export function lineHtml(tokens: readonly StyledToken[], links: readonly TokenLink[] = []): string {
  let html = '';
  let at = 0;
  let next = 0;
  let open: TokenLink | undefined;
  for (const token of tokens) {
    const start = at;
    const end = at + token.content.length;
    while (at < end) {
      if (open && open.end === at) {
        html += '</a>';
        open = undefined;
      }
      while (!open && next < links.length && links[next].start < at) next++;
      if (!open && next < links.length && links[next].start === at) {
        open = links[next++];
        html += anchorHtml(open);
      }
      const stop = Math.min(end, open ? open.end : next < links.length ? links[next].start : end);
      html += pieceHtml(token.content.slice(at - start, stop - start), token.style, links.length > 0);
      at = stop;
    }
  }
  return open ? `${html}</a>` : html;
}

function anchorHtml(link: TokenLink): string {
  const tip = link.tip ? ` aria-describedby="${escapeHtml(link.tip)}"` : '';
  return `<a class="code-ref" href="${escapeHtml(link.href)}"${tip}>`;
}

/** A piece of a token; blanks split off a linked word need no span of their own unless their style shows on blanks. */
function pieceHtml(text: string, style: string, split: boolean): string {
  if (split && /^[ \t]+$/.test(text) && !/background|decoration/.test(style)) return text;
  return `<span style="${style}">${escapeHtml(text)}</span>`;
}
