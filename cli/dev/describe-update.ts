import type { DevUpdate } from './dev-site.js';

/** What an update did, as the dev terminal says it: `removed /docs/old; reloaded every page`. */
export function describeUpdate(update: DevUpdate): string {
  const what = update.css
    ? 'stylesheet swapped'
    : update.reload === 'all'
      ? 'reloaded every page'
      : update.reload.length
        ? `reloaded ${update.reload.join(', ')}`
        : 'no page changed';
  const pages = [listPages('added', update.added), listPages('removed', update.removed)].filter(Boolean);
  return [...pages, what].join('; ');
}

/** `added /a`, `added /a, /b and /c`, `added /a, /b, /c and 4 more`; empty when there is none. */
function listPages(verb: string, paths: string[]): string {
  if (paths.length === 0) return '';
  if (paths.length === 1) return `${verb} ${paths[0]}`;
  const shown = paths.slice(0, 3);
  const rest = paths.length - shown.length;
  return rest > 0
    ? `${verb} ${shown.join(', ')} and ${rest} more`
    : `${verb} ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}
