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

  constructor(message: string, options: { exitCode?: number; diagnostics?: Diagnostic[]; hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DocsgenError';
    this.exitCode = options.exitCode ?? EXIT_USAGE;
    this.diagnostics = options.diagnostics ?? [];
    this.hint = options.hint;
  }
}

/** Error and its causes as `message\n  Caused by: ...` lines. */
export function describeErrorChain(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  let depth = 0;
  while (current && depth < 5) {
    const message = current instanceof Error ? current.message : String(current);
    lines.push(depth === 0 ? message : `  Caused by: ${message}`);
    current = current instanceof Error ? current.cause : undefined;
    depth++;
  }
  return lines.join('\n');
}
