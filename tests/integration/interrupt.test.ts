import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cloneSite, leftovers, snapshotSources, snapshotTree } from '../helpers/bad-input.js';
import { copySite, repoRoot, runCli } from '../helpers/run-cli.js';

describe('interrupting a build', () => {
  // The previous output every case must leave byte for byte: built once (each case stops its own copy of it, and the
  // build it stops is --no-cache, so no case needs a cache of its own).
  let base: string;
  beforeAll(() => {
    base = copySite('minimal');
    const { code, stderr } = runCli(['build', '--root', base]);
    if (code !== 0) throw new Error(`the base site did not build:\n${stderr}`);
  });

  // Stages are printed as they end: after "content" the pages are compiling; after "routes" they are being written out.
  it.each([
    ['SIGTERM', 143, 'content'],
    ['SIGINT', 130, 'content'],
    ['SIGTERM', 143, 'routes'],
    ['SIGINT', 130, 'routes'],
    // A closed terminal: handled like SIGTERM (it used to end the build at once, its lock left behind).
    ['SIGHUP', 129, 'content'],
  ] as const)(
    '%s (exit %s) after the %s stage leaves the previous output byte for byte, the sources, no temporary folder and no lock',
    async (signal, expected, stage) => {
      const root = cloneSite(base);
      // Enough highlighted pages that the next build is still running when the signal arrives.
      for (let i = 0; i < 120; i++) {
        writeFileSync(
          path.join(root, `content/docs/guides/page-${i}.md`),
          `# Page ${i}\n\n\`\`\`tsx\nconst value${i} = <View style={{ flex: ${i} }} />\n\`\`\`\n`,
        );
      }
      const dist = snapshotTree(path.join(root, 'dist'));
      const sources = snapshotSources(root);
      const child = spawn(
        process.execPath,
        [path.join(repoRoot, 'bin/docsgen.mjs'), 'build', '--root', root, '--no-cache'],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      await new Promise<void>((resolve) => {
        let stderr = '';
        child.stderr.on('data', (chunk) => {
          stderr += chunk;
          if (new RegExp(`• ${stage} `).test(stderr)) resolve();
        });
      });
      child.kill(signal);
      const code = await new Promise<number | null>((resolve) =>
        child.on('exit', (c, s) => resolve(c ?? (s ? 128 + os.constants.signals[s] : null))),
      );
      expect(code).toBe(expected);
      expect(snapshotTree(path.join(root, 'dist'))).toEqual(dist);
      expect(existsSync(path.join(root, 'dist/docs/guides/page-1'))).toBe(false);
      expect(snapshotSources(root)).toEqual(sources);
      expect(leftovers(root)).toEqual([]);
    },
  );
});
