import { watch, type FSWatcher } from 'chokidar';
import { stat } from 'node:fs/promises';
import path from 'node:path';

export interface SiteWatcher {
  close(): Promise<void>;
}

const IGNORED = /(?:^|[/\\])(?:node_modules|\.git|\.DS_Store)(?:[/\\]|$)|(?:~|\.swp|\.swx|\.tmp|\.crswap)$|(?:^|[/\\])4913$|(?:^|[/\\])\.#/;

/**
 * Watches the given files and folders with chokidar and calls `onChange`
 * with the absolute paths changed in one burst (editors often write a file
 * in several steps). Resolves once the initial scan is done, so an edit
 * made right after is seen.
 */
export async function watchSite(paths: string[], onChange: (files: string[]) => void, options: { delay?: number } = {}): Promise<SiteWatcher> {
  const delay = options.delay ?? 10;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const roots = paths.map((p) => path.resolve(p));
  // Judge only the part below the watched folder: the folder itself may sit under a node_modules.
  const ignored = (file: string) => {
    const root = roots.find((r) => file === r || file.startsWith(r + path.sep));
    return IGNORED.test(root ? file.slice(root.length) : file);
  };
  const watcher: FSWatcher = watch(paths, { ignoreInitial: true, ignored });
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
  return {
    async close() {
      if (timer) clearTimeout(timer);
      for (const followUp of followUps) clearTimeout(followUp);
      await watcher.close();
    },
  };
}
