import type { Diagnostic } from './types.js';

/** Exit codes of the CLI: content problems fail with 1, usage/config/environment with 2. */
export const EXIT_CONTENT = 1;
export const EXIT_USAGE = 2;

/**
 * A failure we expected and can explain: printed without a stack trace.
 * `diagnostics` carry the places; `exitCode` tells the CLI how to end.
 */
export class DocsgenError extends Error {
  readonly exitCode: number;
  readonly diagnostics: Diagnostic[];
  readonly hint?: string;

  constructor(
    message: string,
    options: { exitCode?: number; diagnostics?: Diagnostic[]; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'DocsgenError';
    this.exitCode = options.exitCode ?? EXIT_USAGE;
    this.diagnostics = options.diagnostics ?? [];
    this.hint = options.hint;
  }
}

/**
 * Error and its causes as `message\n  Caused by: ...` lines. A cause that adds
 * nothing is left out: one whose message is already in the text, and the
 * cause of a DocsgenError with diagnostics (they already tell it, with places).
 * `show` is applied to each message (printing passes showControlChars).
 */
export function describeErrorChain(error: unknown, show: (text: string) => string = (text) => text): string {
  const lines: string[] = [];
  let current: unknown = error;
  let depth = 0;
  while (current && depth < 5) {
    const message = show(current instanceof Error ? current.message : String(current));
    if (depth === 0) lines.push(message);
    else if (!lines.some((line) => line.includes(message))) lines.push(`  Caused by: ${message}`);
    if (current instanceof DocsgenError && current.diagnostics.length > 0) break;
    current = current instanceof Error ? current.cause : undefined;
    depth++;
  }
  return lines.join('\n');
}
