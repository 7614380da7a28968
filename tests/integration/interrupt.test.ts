import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySite, repoRoot, runCli } from '../helpers/run-cli.js';

describe('interrupting a build', () => {
  it('SIGTERM mid-build leaves the previous output, no temporary folder and no lock', async () => {
    const root = copySite('minimal');
    expect(runCli(['build', '--root', root]).code).toBe(0);
    const before = readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8');
    // Enough highlighted pages that the next build is still running when the signal arrives.
    for (let i = 0; i < 120; i++) {
      writeFileSync(path.join(root, `content/docs/guides/page-${i}.md`), `# Page ${i}\n\n\`\`\`tsx\nconst value${i} = <View style={{ flex: ${i} }} />\n\`\`\`\n`);
    }
    const child = spawn(process.execPath, [path.join(repoRoot, 'bin/docsgen.mjs'), 'build', '--root', root, '--no-cache'], { stdio: 'ignore' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 143 : null))));
    expect(code).toBe(143);
    expect(readFileSync(path.join(root, 'dist/docs/guides/index.html'), 'utf8')).toBe(before);
    expect(existsSync(path.join(root, 'dist/docs/guides/page-1'))).toBe(false);
    expect(readdirSync(root).filter((n) => n.includes('docsgen-tmp') || n.endsWith('.docsgen-lock'))).toEqual([]);
  });
});
