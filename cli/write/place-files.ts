import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { isSameFile, stampOf } from './file-stamp.js';
import type { ManifestEntry } from './output-manifest.js';
import type { PreviousOutput } from './previous-output.js';
import type { StagedFolder } from './staged-folder.js';

/** How many files are linked or stamped at once. */
const BATCH = 64;

/**
 * Puts the files of one output in place. A file whose key and file on disk
 * are those the previous build recorded is taken from the previous output (a
 * hard link); any other is produced into the staged folder. The staged folder
 * is only made once some file must be produced: until then, unchanged files
 * are merely noted, so a build that changes nothing stages nothing.
 */
export class FilePlacer {
  /** Every file of this output: key and stamp, for the next build's manifest. */
  private readonly written = new Map<string, ManifestEntry>();
  /** Unchanged files noted while nothing needed producing: taken into the staged folder only once it is made. */
  private readonly pending = new Map<string, ManifestEntry>();
  /** Files taken from the previous output: linking and unlinking changed their ctime, so they are stamped again once swapped in. */
  private readonly taken = new Set<string>();
  /** The last operation on each output path still running: a later one waits for it, so the later file wins. */
  private readonly running = new Map<string, Promise<void>>();
  private staging: Promise<void> | undefined;

  constructor(
    private readonly folder: StagedFolder,
    private readonly target: string,
    private readonly previous?: PreviousOutput,
  ) {}

  /**
   * Puts one output file (relative to the out dir) as one operation of the
   * staged folder: `keyOf` names its contents (undefined: always produce it),
   * `produce` creates it at a path where no file exists.
   */
  put(out: string, keyOf: () => Promise<string | undefined>, produce: (file: string) => Promise<void>): Promise<void> {
    const prior = this.running.get(out);
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    this.running.set(out, mine);
    return this.folder.run(async () => {
      try {
        await prior;
        await this.putNow(out, keyOf, produce);
      } finally {
        if (this.running.get(out) === mine) this.running.delete(out);
        done();
      }
    });
  }

  /** True when nothing was staged and the out dir holds exactly the previous build's files: it already is this output. */
  isUnchanged(): boolean {
    return (
      !this.staging &&
      !!this.previous &&
      this.previous.size === this.written.size &&
      this.previous.holdsExactly(new Set(this.written.keys()))
    );
  }

  /** Makes the staged folder, with every unchanged file noted so far taken into it (once). */
  stage(): Promise<void> {
    return (this.staging ??= (async () => {
      await this.folder.make();
      for (const batch of batches([...this.pending])) {
        await Promise.all(
          batch.map(async ([out, entry]) => {
            if (!(await this.take(out, entry, await this.folder.place(out))))
              throw changedDuringBuild(this.target, out);
          }),
        );
      }
    })());
  }

  /**
   * The entries of the output once it is in place, with the files taken from
   * the previous output stamped again; one that is no longer the file taken
   * (replaced since) is left out, and the next build writes it.
   */
  async entries(): Promise<Map<string, ManifestEntry>> {
    for (const batch of batches([...this.taken])) {
      await Promise.all(
        batch.map(async (out) => {
          const stats = await lstat(path.join(this.target, out), { bigint: true }).catch(() => undefined);
          const entry = this.written.get(out)!;
          if (stats?.isFile() && stats.nlink === 1n && isSameFile(stats, entry.stamp))
            this.written.set(out, { key: entry.key, stamp: stampOf(stats) });
          else this.written.delete(out);
        }),
      );
    }
    return this.written;
  }

  private async putNow(
    out: string,
    keyOf: () => Promise<string | undefined>,
    produce: (file: string) => Promise<void>,
  ): Promise<void> {
    const key = await keyOf();
    const entry = key && this.previous ? await this.previous.match(out, key) : undefined;
    if (entry && !this.staging) {
      this.pending.set(out, entry);
      this.written.set(out, entry);
      return;
    }
    await this.stage();
    const file = await this.folder.place(out);
    if (entry && (await this.take(out, entry, file))) return;
    await exclusively(file, () => produce(file));
    if (key) this.written.set(out, { key, stamp: stampOf(await lstat(file, { bigint: true })) });
    else this.written.delete(out);
  }

  /** Takes the previous file of `out` into the staged folder; false when it changed meanwhile. */
  private async take(out: string, entry: ManifestEntry, file: string): Promise<boolean> {
    const how = await exclusively(file, () => this.previous!.takeInto(out, file, entry));
    if (!how) return false;
    if (how === 'linked') this.taken.add(out);
    this.written.set(
      out,
      how === 'linked' ? entry : { key: entry.key, stamp: stampOf(await lstat(file, { bigint: true })) },
    );
    return true;
  }
}

/**
 * Runs an operation that creates `file`, never through an existing one: when
 * two sources name the same output path, the later one replaces the file (the
 * name, never the bytes of a file that may be linked from the live output).
 */
async function exclusively<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    await rm(file, { force: true });
    return create();
  }
}

function batches<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

function changedDuringBuild(target: string, out: string): DocsgenError {
  return new DocsgenError(
    `${path.join(target, out)} changed while docsgen was building; the previous output was left as it was`,
    {
      hint: 'do not edit the out dir while a build runs; build again',
    },
  );
}
