import type { CodeTip } from '../samples/code-refs.js';
import { escapeHtml } from '../strings.js';

/**
 * The tips (type signature and first doc sentence) of one page's code links.
 * Each distinct tip is written once per page, hidden, after the block that
 * first uses it; every link showing it points at it with `aria-describedby`,
 * which is also what a screen reader reads. Ids count up on the page from a
 * prefix: `t.0`, `t.1`... A heading's slug never has a `.`, so no heading
 * takes one of these ids.
 */
export class PageTips {
  private readonly ids = new Map<string, string>();
  private fresh: { id: string; tip: CodeTip }[] = [];

  constructor(private readonly prefix: string) {}

  /** The id of the element showing this tip (undefined for no tip, or one without a signature). */
  idOf(tip: CodeTip | undefined): string | undefined {
    if (!tip || typeof tip.signature !== 'string' || !tip.signature) return undefined;
    const doc = typeof tip.doc === 'string' ? tip.doc : '';
    const key = `${tip.signature}\0${doc}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = `${this.prefix}${this.ids.size}`;
      this.ids.set(key, id);
      this.fresh.push({ id, tip: { signature: tip.signature, doc } });
    }
    return id;
  }

  /** The tips first used since the last call, as the hidden markup that follows a block ('' for none). */
  takeHtml(): string {
    if (!this.fresh.length) return '';
    const html = this.fresh.map(({ id, tip }) => tipHtml(id, tip)).join('');
    this.fresh = [];
    return `<div class="code-tips" hidden>${html}</div>`;
  }
}

/** One tip: the signature as code, the doc sentence as text whose backticked parts are code. Everything escaped. */
function tipHtml(id: string, { signature, doc }: CodeTip): string {
  const text = doc ? `<p>${inlineCodeHtml(doc)}</p>` : '';
  return `<div role="tooltip" id="${escapeHtml(id)}"><code>${escapeHtml(signature)}</code>${text}</div>`;
}

/** `Takes a \`PhotoFile\`` → `Takes a <code>PhotoFile</code>`; an unpaired backtick stays a backtick. */
export function inlineCodeHtml(text: string): string {
  const parts = text.split('`');
  if (parts.length % 2 === 0) parts.splice(-2, 2, `${parts[parts.length - 2]}\`${parts[parts.length - 1]}`);
  return parts.map((part, i) => (i % 2 ? `<code>${escapeHtml(part)}</code>` : escapeHtml(part))).join('');
}
