/**
 * stdout or stderr going away while `build` or `check` runs (issue 27): `docsgen build 2>&1 | head -1`, a CI step
 * that stops reading, `>/dev/full`. docsgen used to spin at full CPU, deaf to SIGTERM, writing its crash report into
 * the broken stream again and again. Now it stops (exit 2), leaves the out dir as an interrupted build does, and says
 * so in one plain line on stderr when stderr is still there; never "a bug in docsgen".
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildBaseSite, cloneSite, leftovers, snapshotTree } from '../helpers/bad-input.js';
import {
  docsgenCommand,
  killLeftovers,
  runPipeline,
  runWithLostOutput,
  type LostStream,
} from '../helpers/lost-output.js';

let base: string;
beforeAll(async () => {
  base = await buildBaseSite();
});
afterEach(killLeftovers);

/** A clone of the built base site with a new page, so a build that finished would change dist/. */
function changedSite(): { root: string; dist: Record<string, string> } {
  const root = cloneSite(base);
  writeFileSync(
    path.join(root, 'content/docs/guides/added.md'),
    '# Added\n\nA page the previous output does not have.\n',
  );
  return { root, dist: snapshotTree(path.join(root, 'dist')) };
}

/**
 * The same with 120 highlighted pages more: a pipeline's reader (head, grep) exits after its first line while the
 * run has seconds of work left, so the run meets the closed pipe mid-way however busy the machine is.
 */
function largeChangedSite(): { root: string; dist: Record<string, string> } {
  const site = changedSite();
  for (let i = 0; i < 120; i++) {
    writeFileSync(
      path.join(site.root, `content/docs/guides/page-${i}.md`),
      `# Page ${i}\n\n\`\`\`tsx\nconst value${i} = <View style={{ flex: ${i} }} />\n\`\`\`\n`,
    );
  }
  return site;
}

const PLAIN_LINE =
  /^error {2}(stdout|stderr) (was closed before docsgen finished \(EPIPE\)|could not be written \(ENOSPC: no space left on device\)); stopped, and a build that had not finished left the previous output as it was$/m;

describe('build when its output goes away', () => {
  it.each([
    ['text', 'stderr'],
    ['text', 'both'],
    ['json', 'stderr'],
    ['json', 'both'],
    ['github', 'stderr'],
  ] as [string, LostStream][])(
    '--format %s, %s closed: exit 2 at once, the previous output byte for byte, no temporary folder or lock',
    async (format, lose) => {
      const { root, dist } = changedSite();
      const run = await runWithLostOutput(['build', '--root', root, '--format', format], { lose, kind: 'closed' });
      expect(run.code).toBe(2);
      expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
      expect(leftovers(root)).toEqual([]);
      // An interrupted run prints nothing on stdout, not even in json.
      expect(run.stdout).toBe('');
    },
  );

  it.each(['json', 'github'])(
    '--format %s, stdout closed: exit 2 once the report cannot be written, one plain line on stderr, nothing left behind',
    async (format) => {
      const { root } = changedSite();
      const run = await runWithLostOutput(['build', '--root', root, '--format', format], {
        lose: 'stdout',
        kind: 'closed',
      });
      expect(run.code).toBe(2);
      // The report is written last, after the output is in place: that is when the closed pipe shows.
      expect(run.stderr).toMatch(PLAIN_LINE);
      expect(run.stderr.match(/^error/gm)).toHaveLength(1);
      expect(run.stderr).not.toContain('bug');
      expect(leftovers(root)).toEqual([]);
    },
  );

  it('--format text writes nothing on stdout, so a closed stdout changes nothing (exit 0)', async () => {
    const { root } = changedSite();
    const run = await runWithLostOutput(['build', '--root', root], { lose: 'stdout', kind: 'closed' });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('7 pages written');
  });

  it('`build 2>&1 | head -1` prints its first line and exits 2 with the previous output intact', async () => {
    const { root, dist } = largeChangedSite();
    const run = await runPipeline(`${docsgenCommand} build --root '${root}' 2>&1 | head -1`);
    expect(run).toEqual({ code: 2, output: '▸ config\n' });
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    expect(leftovers(root)).toEqual([]);
  });

  it('`build --format json >/dev/full` is an output error (exit 2, one plain line), not a bug', async () => {
    const { root } = changedSite();
    const run = await runWithLostOutput(['build', '--root', root, '--format', 'json'], {
      lose: 'stdout',
      kind: 'full',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error {2}stdout could not be written \(ENOSPC: no space left on device\); stopped/m);
    expect(run.stderr).not.toContain('bug');
    expect(leftovers(root)).toEqual([]);
  });

  it('`build 2>/dev/full` stops at its first line: exit 2, the previous output byte for byte', async () => {
    const { root, dist } = changedSite();
    const run = await runWithLostOutput(['build', '--root', root], { lose: 'stderr', kind: 'full' });
    expect(run.code).toBe(2);
    expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('check when its output goes away', () => {
  it.each([
    ['text', 'stdout'],
    ['text', 'stderr'],
    ['text', 'both'],
    ['json', 'stdout'],
    ['json', 'both'],
  ] as [string, LostStream][])(
    '--format %s, %s closed: exit 2, and one plain line while stderr is there',
    async (format, lose) => {
      const root = cloneSite(base);
      const run = await runWithLostOutput(['check', '--root', root, '--format', format], { lose, kind: 'closed' });
      expect(run.code).toBe(2);
      if (lose === 'stdout') {
        expect(run.stderr).toMatch(PLAIN_LINE);
        expect(run.stderr).not.toContain('bug');
      }
    },
  );

  it('`check 2>&1 | grep -q config` exits 2 once grep has its match', async () => {
    const run = await runPipeline(`${docsgenCommand} check --root '${largeChangedSite().root}' 2>&1 | grep -q config`);
    expect(run).toEqual({ code: 2, output: '' });
  });
});
