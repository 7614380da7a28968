import { Parser } from 'htmlparser2';
import { escapeHtml } from '../strings.js';

/** Why an SVG is refused: said in the message at the reference (or the logo's warning). */
export interface SvgRefusal {
  refuse: string;
}

/**
 * What a rebuild keeps: each caller's policy (the logo's allow-list in
 * og/sanitize-svg.ts, content images' deny-list in content-svg.ts).
 */
export interface SvgRules {
  maxDepth: number;
  maxElements: number;
  /** An element is kept (under the name given: the logo writes `a` as `g`), dropped with its children, or refuses the file. */
  element(name: string, attributes: Record<string, string>): { keep: string } | 'drop' | SvgRefusal;
  /** The attributes written for a kept element, each with its leading space, or why the file is refused. */
  attributes(name: string, attributes: Record<string, string>, isRoot: boolean): string | SvgRefusal;
  /** Whether a `<style>` sheet's text (entities decoded) is kept whole, or why the file is refused. */
  styleSheet(text: string): boolean | SvgRefusal;
  /** A `<!DOCTYPE>` or processing instruction (dropped in any case): undefined, or why the file is refused. */
  declaration(name: string, data: string): SvgRefusal | undefined;
}

export type RebuiltSvg =
  | { kind: 'svg'; svg: string }
  | { kind: 'not-svg'; why: string }
  | { kind: 'refused'; why: string };

/**
 * An SVG document parsed and written out again from the parsed elements, as
 * `rules` allow: no markup passes through as it came, so what a browser (or
 * resvg) reads is exactly the tree the rules saw. Comments, processing
 * instructions and `<!DOCTYPE>` (with its entities) are dropped, text and
 * attribute values are written escaped, a CDATA section becomes text.
 * `not-svg` when the root is not `<svg>`, there is more than one root, or
 * an element is never closed; `refused` when the rules say so, or the
 * document is nested deeper or holds more elements than the rules allow.
 */
export function rebuildSvg(text: string, rules: SvgRules): RebuiltSvg {
  let out = '';
  const stack: { name: string; kept: boolean; shown: string }[] = [];
  let dropping = 0;
  let elements = 0;
  let root = false;
  let ending = false;
  let result: RebuiltSvg | undefined;
  // A style sheet's text, judged whole when it closes (entities split it into pieces).
  let sheet = '';
  const stop = (outcome: RebuiltSvg) => {
    result ??= outcome;
    parser.pause();
  };
  const refused = (verdict: SvgRefusal) => stop({ kind: 'refused', why: verdict.refuse });
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (result) return;
        if (root && stack.length === 0) return stop({ kind: 'not-svg', why: 'it has more than one root element' });
        if (!root && name !== 'svg') return stop({ kind: 'not-svg', why: `its root element is <${name}>, not <svg>` });
        if (++elements > rules.maxElements)
          return stop({ kind: 'refused', why: `it has more than ${rules.maxElements} elements` });
        if (stack.length >= rules.maxDepth)
          return stop({ kind: 'refused', why: `its elements are nested more than ${rules.maxDepth} deep` });
        root = true;
        const verdict = dropping > 0 ? 'drop' : rules.element(name, attributes);
        if (verdict !== 'drop' && 'refuse' in verdict) return refused(verdict);
        const kept = verdict !== 'drop';
        stack.push({ name, kept, shown: kept ? verdict.keep : name });
        if (!kept) {
          dropping++;
          return;
        }
        const written = rules.attributes(name, attributes, stack.length === 1);
        if (typeof written !== 'string') return refused(written);
        out += `<${verdict.keep}${written}>`;
      },
      ontext(text) {
        const top = stack[stack.length - 1];
        if (result || !top?.kept || dropping > 0) return;
        if (isStyle(top.name)) sheet += text;
        else out += escapeHtml(text);
      },
      onclosetag() {
        if (result) return;
        // Still open when the text ended: not well-formed (a browser shows an error page instead).
        if (ending)
          return stop({ kind: 'not-svg', why: `its <${stack[stack.length - 1]?.name}> element is never closed` });
        const top = stack.pop();
        if (!top) return;
        if (!top.kept) return void dropping--;
        if (isStyle(top.name)) {
          const verdict = rules.styleSheet(sheet);
          if (typeof verdict !== 'boolean') return refused(verdict);
          if (verdict) out += escapeHtml(sheet);
          sheet = '';
        }
        out += `</${top.shown}>`;
      },
      onprocessinginstruction(name, data) {
        if (result) return;
        const verdict = rules.declaration(name.toLowerCase(), data);
        if (verdict) refused(verdict);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  ending = true;
  parser.end();
  if (result) return result;
  if (!root) return { kind: 'not-svg', why: 'it holds no <svg> element' };
  return { kind: 'svg', svg: out };
}

/** A style sheet element, with or without a namespace prefix. */
function isStyle(name: string): boolean {
  return localName(name).toLowerCase() === 'style';
}

/** An element's or attribute's name without its namespace prefix (`xlink:href` → `href`). */
export function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}
