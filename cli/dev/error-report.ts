import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../types.js';
import { showControlChars as show } from '../visible-text.js';
import { createCodeFrame } from './code-frame.js';

/** One error as the browser overlay shows it. */
export interface OverlayError extends Pick<Diagnostic, 'rule' | 'message' | 'file' | 'line' | 'column' | 'hint'> {
  /** Numbered source lines around the place, with a caret. */
  frame?: string;
}

/**
 * Adds a code frame (read from the file now) to each error that has a line.
 * Text fields have their control characters shown escaped, as in the terminal:
 * a bidi override must not disguise a file name in the overlay either.
 */
export function toOverlayErrors(diagnostics: Diagnostic[], root: string): OverlayError[] {
  const sources = new Map<string, string | undefined>();
  return diagnostics.map((d) => {
    const error: OverlayError = {
      rule: show(d.rule),
      message: show(d.message),
      file: d.file && show(d.file),
      line: d.line,
      column: d.column,
      hint: d.hint && show(d.hint),
    };
    if (d.file && d.line) {
      const absolute = path.resolve(root, d.file);
      if (!sources.has(absolute)) sources.set(absolute, readSource(absolute));
      const source = sources.get(absolute);
      if (source !== undefined) error.frame = createCodeFrame(source, d.line, d.column ?? 1) || undefined;
    }
    return error;
  });
}

function readSource(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A stable key of an error list, to tell whether the overlay must change. */
export function errorsKey(errors: OverlayError[]): string {
  return JSON.stringify(errors.map((e) => [e.file, e.line, e.column, e.rule, e.message]));
}
