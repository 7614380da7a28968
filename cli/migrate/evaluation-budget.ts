/**
 * How much a config file may expand to when read as data. Names are followed
 * to their values each time they are used, so a few lines of constants that
 * each use the one before four times (`const a1 = [a0, a0, a0, a0]`) expand to
 * 4^30 values: without a budget `migrate` would evaluate them for hours. Every
 * value evaluated and every character of text it holds is counted, as many
 * times as it is used; past the budget the reading stops with the place of the
 * name whose value grew too large.
 */

import type { Node } from 'estree';
import { SourceMap } from 'node:module';

/** Values (literals, lists, objects, names followed): a config has hundreds, a large sidebars file a few thousand. */
export const MAX_VALUES = 250_000;
/** Characters of text in the values: a config file is read only up to 1 MB, so 4 MB means names used many times over. */
export const MAX_CHARS = 4 * 1024 * 1024;
/** How deep a parsed value (a JSON sidebars file) may nest: a sidebar is a few levels deep. */
export const MAX_PARSED_DEPTH = 50;

/** The file's value expands past the budget: `node` is where (the outermost name being followed, or the value itself), when known. */
export class TooLargeError extends Error {
  /** Where `node` is in the file as written (1-based), once the reader has placed it. */
  line?: number;
  column?: number;

  constructor(
    readonly node: Node | undefined,
    readonly constant: string | undefined,
    reason: string,
  ) {
    super(`${constant ? `the value of '${constant}'` : 'this value'} is too large to read as data: ${reason}`);
    this.name = 'TooLargeError';
  }

  /** Sets `line` and `column` from the node: through esbuild's source map (`map`) when the file was TypeScript. */
  placeIn(map: string | undefined): void {
    const start = this.node?.loc?.start;
    if (!start) return;
    if (map === undefined) {
      this.line = start.line;
      this.column = start.column + 1;
      return;
    }
    const entry = new SourceMap(JSON.parse(map) as ConstructorParameters<typeof SourceMap>[0]).findEntry(
      start.line - 1,
      start.column,
    ) as { originalLine?: number; originalColumn?: number };
    if (entry.originalLine === undefined || entry.originalColumn === undefined) return;
    this.line = entry.originalLine + 1;
    this.column = entry.originalColumn + 1;
  }
}

export interface EvaluationBudget {
  /** Counts one value (and `chars` characters of text), throwing once the budget is spent. */
  spend(node: Node | undefined, chars?: number): void;
  /** Runs `follow` while `name` (an identifier) is being followed, so an overrun is reported at the outermost one. */
  following<T>(node: Node & { name: string }, follow: () => T): T;
}

export function createEvaluationBudget(maxValues = MAX_VALUES, maxChars = MAX_CHARS): EvaluationBudget {
  let values = 0;
  let chars = 0;
  const names: (Node & { name: string })[] = [];
  const limits = `it expands to more than ${maxValues.toLocaleString('en-US')} values or ${Math.round(maxChars / 1024 / 1024)} MB of text`;
  return {
    spend(node, text = 0) {
      values++;
      chars += text;
      if (values > maxValues || chars > maxChars) throw new TooLargeError(names[0] ?? node, names[0]?.name, limits);
    },
    following(node, follow) {
      names.push(node);
      try {
        return follow();
      } finally {
        names.pop();
      }
    },
  };
}

/** Counts a value parsed by other means (a JSON sidebars file) against a budget, with its nesting bounded too. */
export function spendOnParsed(value: unknown, budget: EvaluationBudget = createEvaluationBudget(), depth = 0): void {
  if (depth > MAX_PARSED_DEPTH)
    throw new TooLargeError(undefined, undefined, `it nests more than ${MAX_PARSED_DEPTH} levels deep`);
  budget.spend(undefined, typeof value === 'string' ? value.length : 0);
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    budget.spend(undefined, key.length);
    spendOnParsed(item, budget, depth + 1);
  }
}
