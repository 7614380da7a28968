import { SourceMap } from 'node:module';
import path from 'node:path';

/**
 * The name the bundled config has in stack traces (its `//# sourceURL`): it
 * is imported from a `data:` URL, which Node neither names readably nor maps
 * through a source map, so its frames are mapped here.
 */
export const BUNDLE_NAME = 'docsgen:config-bundle';

const FRAME = new RegExp(`${BUNDLE_NAME}:(\\d+):(\\d+)`, 'g');

/**
 * Rewrites the bundle's frames in a stack trace to `file:line:column` in the
 * config and the files it imports, through the bundle's source map, whose
 * sources are relative to `dir`.
 */
export function mapConfigStack(stack: string, map: string, dir: string): string {
  let sourceMap: SourceMap | undefined;
  return stack.replace(FRAME, (frame, line: string, column: string) => {
    sourceMap ??= new SourceMap(JSON.parse(map));
    const entry = sourceMap.findEntry(Number(line) - 1, Number(column) - 1) as {
      originalSource?: string;
      originalLine?: number;
      originalColumn?: number;
    };
    if (entry.originalSource === undefined || entry.originalLine === undefined || entry.originalColumn === undefined)
      return frame;
    const source = entry.originalSource.startsWith('file://')
      ? new URL(entry.originalSource).pathname
      : path.resolve(dir, entry.originalSource);
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** The line and column of the topmost frame of a (mapped) stack trace that is in the config file itself. */
export function placeInStack(stack: string, file: string): { line?: number; column?: number } {
  for (const frame of stack.split('\n').slice(1)) {
    const at = /\(?((?:file:\/\/)?\/.*|[A-Za-z]:\\.*):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (at && path.resolve(at[1].replace(/^file:\/\//, '')) === file)
      return { line: Number(at[2]), column: Number(at[3]) };
  }
  return {};
}
