import { watch, type FSWatcher } from 'chokidar';
import { lstatSync, watch as fsWatch } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { checkSiteFile, type FileRule } from '../files/site-files.js';

export interface SiteWatcher {
  close(): Promise<void>;
}

const IGNORED =
  /(?:^|[/\\])(?:node_modules|\.git|\.DS_Store)(?:[/\\]|$)|(?:~|\.swp|\.swx|\.tmp|\.crswap)$|(?:^|[/\\])4913$|(?:^|[/\\])\.#/;

export interface WatchOptions {
  delay?: number;
  /** Folders holding content that may be untrusted (the docs folder, `public/`), and the file rule they go by. */
  content?: { rule: FileRule; dirs: string[] };
}

/**
 * Watches the given files and folders with chokidar and calls `onChange`
 * with the absolute paths changed in one burst (editors often write a file
 * in several steps). Resolves once the initial scan is done, so an edit
 * made right after is seen. chokidar follows symlinks; in content folders a
 * link the file rule refuses (`public -> /`, `public/x -> ../.git`) is not
 * followed, so dev never watches (or walks) anything out of the site.
 */
export async function watchSite(
  paths: string[],
  onChange: (files: string[]) => void,
  options: WatchOptions = {},
): Promise<SiteWatcher> {
  const delay = options.delay ?? 10;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const roots = paths.map((p) => path.resolve(p));
  const refused = refusedLinks(options.content);
  // Judge only the part below the watched folder: the folder itself may sit under a node_modules.
  const ignored = (file: string) => {
    const root = roots.find((r) => file === r || file.startsWith(r + path.sep));
    return IGNORED.test(root ? file.slice(root.length) : file) || refused.test(file);
  };
  const watcher: FSWatcher = watch(paths, { ignoreInitial: true, ignored });
  // A refused link is not watched, so its removal (the fix) is seen in the raw events of its folder.
  watcher.on('raw', (_event, name, details) => {
    const folder = (details as { watchedPath?: string } | undefined)?.watchedPath;
    if (typeof name !== 'string' || !folder) return;
    const file = path.resolve(folder, name);
    if (refused.forget(file)) record(file);
  });
  const record = (file: string) => {
    pending.add(path.resolve(file));
    timer ??= setTimeout(() => {
      timer = undefined;
      const files = [...pending];
      pending.clear();
      onChange(files);
    }, delay);
  };
  for (const event of ['add', 'unlink', 'unlinkDir'] as const) watcher.on(event, record);
  // chokidar drops a second change to the same file within 50 ms; look again
  // once that window has passed, so the last write of a quick burst is seen.
  const followUps = new Set<NodeJS.Timeout>();
  watcher.on('change', (file, stats) => {
    record(file);
    const seen = stats?.mtimeMs;
    const followUp = setTimeout(async () => {
      followUps.delete(followUp);
      const now = await stat(file).catch(() => undefined);
      if (now && now.mtimeMs !== seen) record(file);
    }, 60);
    followUps.add(followUp);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', () => resolve());
    watcher.once('error', reject);
  });
  // A refused content folder (`public -> /etc`) is not watched: its parent folder tells when it is replaced.
  const folderWatchers = refused.tops.map((top) =>
    fsWatch(path.dirname(top), (_event, name) => {
      if (name !== path.basename(top)) return;
      record(top);
      void watcher.add(top);
    }).on('error', () => undefined),
  );
  return {
    async close() {
      for (const folderWatcher of folderWatchers) folderWatcher.close();
      if (timer) clearTimeout(timer);
      for (const followUp of followUps) clearTimeout(followUp);
      await watcher.close();
    },
  };
}

/**
 * Which paths in content folders are links (or, for the folders themselves,
 * real paths) the file rule refuses; remembered, so that their removal can
 * be reported although chokidar never watched them.
 */
function refusedLinks(content: WatchOptions['content']) {
  const seen = new Set<string>();
  const dirs = (content?.dirs ?? []).map((dir) => path.resolve(dir));
  const isRefused = (file: string) => content !== undefined && checkSiteFile(content.rule, file).kind === 'refused';
  return {
    /** The content folders that are refused as a whole. */
    tops: dirs.filter(isRefused),
    test(file: string): boolean {
      if (!content) return false;
      const dir = dirs.find((d) => file === d || file.startsWith(d + path.sep));
      if (!dir) return false;
      // Below an allowed folder only a link can lead elsewhere; the folders themselves are judged at their real path.
      if (file !== dir && !lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return false;
      if (!isRefused(file)) return false;
      seen.add(file);
      return true;
    },
    forget(file: string): boolean {
      return seen.delete(file);
    },
  };
}
