import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes sure a built page has its Markdown copy (`<route>.md`): when the build
 * wrote none, a stand-in with text of its own, so the page actions can be
 * checked against whatever the server answers for the page's `markdownHref`.
 * Returns whether it had to write the stand-in.
 */
export function ensureMarkdownCopy(dist: string, file: string): boolean {
  const target = path.join(dist, file);
  if (existsSync(target)) return false;
  writeFileSync(target, `# Stand-in for ${file}\n\nWritten by the test: "quotes", <angle brackets> & ünïcödé.\n`);
  return true;
}
