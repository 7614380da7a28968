import path from 'node:path';
import { clearCache } from '../cache/clear-cache.js';
import { resolveSiteRoot } from '../files/site-root.js';
import { colorsFor } from '../report/colors.js';
import { plural } from '../strings.js';
import { showControlChars } from '../visible-text.js';

/**
 * `docsgen clear`: removes the site's caches and prints what went, one line
 * per kind of entry, on stdout. Exit 0, also when there was nothing to
 * remove; refusals (a symlinked cache folder) throw a DocsgenError (exit 2).
 */
export function runClear(options: { root?: string }): number {
  const root = resolveSiteRoot(options.root);
  const cleared = clearCache(root);
  const c = colorsFor(process.stdout);
  // Named from the current folder when it is inside it, else in full.
  const relative = path.relative(process.cwd(), cleared.dir);
  const shown = showControlChars(relative.startsWith('..') || path.isAbsolute(relative) ? cleared.dir : relative);
  if (cleared.entries.length === 0) {
    process.stdout.write(`${c.green('✔')} nothing to clear: ${shown} is empty or does not exist\n`);
    return 0;
  }
  const width = Math.max(...cleared.entries.map((e) => e.name.length));
  for (const entry of cleared.entries) {
    process.stdout.write(
      `  ${showControlChars(entry.name.padEnd(width))}  ${c.dim(`${plural(entry.files, 'file')}, ${formatBytes(entry.bytes)}`)}\n`,
    );
  }
  process.stdout.write(
    `${c.green('✔')} removed ${shown}: ${plural(cleared.files, 'file')}, ${formatBytes(cleared.bytes)}\n`,
  );
  return 0;
}

/** `512 B`, `3.4 KB`, `12.0 MB` (powers of 1000, as disks are sold and `du --si` counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
