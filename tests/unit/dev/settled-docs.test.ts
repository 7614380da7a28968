import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettledContent } from '../../../cli/dev/settled-docs.js';
import type { LoadContentResult } from '../../../cli/load/load-content.js';
import type { ContentFile } from '../../../cli/types.js';
import { tempDir } from '../../helpers/run-cli.js';

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);
/** A doc as loadContent gives it, holding `text`. */
const doc = (file: string, text: string) => ({ path: file, hash: hashOf(text), body: text }) as ContentFile;
const OPTIONS = { root: '/unused', docsDir: 'content/docs' } as Parameters<typeof loadSettledContent>[0];

/** A loader that returns, read after read, the given versions of one doc (as loadContent would have read them). */
function loaderOf(file: string, reads: string[]) {
  let calls = 0;
  const load = async (): Promise<LoadContentResult> => {
    const text = reads[Math.min(calls++, reads.length - 1)]!;
    return { files: [doc(file, text)], categories: new Map(), diagnostics: [] } as unknown as LoadContentResult;
  };
  return { load, calls: () => calls };
}

describe('dev reads a doc being saved only once it holds still', () => {
  const FULL = '# Guide\n\n' + 'A paragraph of the guide.\n\n'.repeat(800) + 'The last paragraph.\n';
  const START = FULL.slice(0, 4096);

  it('reads again a doc that was read while being written (only its start), and gets all of it', async () => {
    const file = path.join(tempDir(), 'guide.md');
    // On disk, the save has finished; the first read caught it half-way.
    writeFileSync(file, FULL);
    const loader = loaderOf(file, [START, FULL]);
    const loaded = await loadSettledContent(OPTIONS, [doc(file, '# Guide\n\nThe old version.\n')], loader.load);
    expect(loaded.files[0]!.body).toBe(FULL);
    expect(loader.calls()).toBe(2);
  });

  it('reads a doc once when it holds what was read, and does not compare docs that did not change', async () => {
    const file = path.join(tempDir(), 'guide.md');
    writeFileSync(file, FULL);
    const changed = loaderOf(file, [FULL]);
    expect((await loadSettledContent(OPTIONS, [doc(file, 'old')], changed.load)).files[0]!.body).toBe(FULL);
    expect(changed.calls()).toBe(1);
    // Unchanged since the last read: not read again even if the disk now differs (its change event will come).
    writeFileSync(file, 'something else');
    const unchanged = loaderOf(file, [FULL]);
    await loadSettledContent(OPTIONS, [doc(file, FULL)], unchanged.load);
    expect(unchanged.calls()).toBe(1);
  });

  it('gives up after a bound on a doc that never holds still, and keeps its previous version meanwhile', async () => {
    const file = path.join(tempDir(), 'guide.md');
    writeFileSync(file, FULL);
    // Every read sees a different start: an editor writing forever.
    const reads = Array.from({ length: 10_000 }, (_, i) => `${START}${i}`);
    const loader = loaderOf(file, reads);
    const loaded = await loadSettledContent(OPTIONS, [doc(file, 'the previous version')], loader.load);
    expect(loaded.files[0]!.body).toBe('the previous version');
    expect(loader.calls()).toBeGreaterThan(1);
    expect(loader.calls()).toBeLessThan(10_000);
  });

  it('checks what it read even when the first read was slower than the time a save has to settle (a busy machine)', async () => {
    const file = path.join(tempDir(), 'guide.md');
    writeFileSync(file, FULL);
    const loader = loaderOf(file, [START, FULL]);
    const slowFirst = async () => {
      if (loader.calls() === 0) await new Promise((resolve) => setTimeout(resolve, 400));
      return loader.load();
    };
    const loaded = await loadSettledContent(OPTIONS, [doc(file, 'old')], slowFirst);
    expect(loaded.files[0]!.body).toBe(FULL);
  });

  it('waits for content in a doc that was truncated (the first step of a save)', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'guide.md');
    writeFileSync(file, '');
    const loader = loaderOf(file, ['', FULL]);
    setTimeout(() => writeFileSync(file, FULL), 30);
    expect((await loadSettledContent(OPTIONS, [doc(file, 'old')], loader.load)).files[0]!.body).toBe(FULL);
  });
});
