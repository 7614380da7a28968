import { appendFileSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../cli/commands/build.js';
import { leftovers, snapshotTree } from '../helpers/bad-input.js';
import { startServeProcess, type ServerProcess } from '../helpers/cli-process.js';
import { get } from '../helpers/http.js';
import { copySite, tempDir } from '../helpers/run-cli.js';

const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

/** Every file of an out dir with its inode: what stayed, what was written again. */
function inodes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = lstatSync(path.join(dir, name));
    if (!stats.isDirectory()) out[name] = stats.ino;
  }
  return out;
}

describe('docsgen build into the output of the previous build', () => {
  it('leaves dist/ as it is when nothing changed: the same folder and files, no temporary folder, no lock', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const dist = path.join(root, 'dist');
    const before = { dir: lstatSync(dist).ino, files: inodes(dist), bytes: snapshotTree(dist) };
    expect((await build({ root })).ok).toBe(true);
    expect(lstatSync(dist).ino).toBe(before.dir);
    expect(inodes(dist)).toEqual(before.files);
    expect(snapshotTree(dist)).toEqual(before.bytes);
    expect(leftovers(root)).toEqual([]);
  });

  it('writes one changed page and keeps every other file: the same inodes, linked into the new output', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const dist = path.join(root, 'dist');
    const before = inodes(dist);
    const second = path.join(root, 'content/docs/guides/second.md');
    writeFileSync(second, readFileSync(second, 'utf8').replace('Some details.', 'Some new details.'));
    expect((await build({ root })).ok).toBe(true);
    const after = inodes(dist);
    const rewritten = Object.keys(after).filter((name) => after[name] !== before[name]);
    // The page, and what holds its text: its Markdown copy, llms-full.txt, the search index (named by content), and the marker of the new build.
    expect(rewritten.filter((name) => !name.startsWith('search/')).sort()).toEqual([
      '.docsgen-output',
      'docs/guides/second.md',
      'docs/guides/second/index.html',
      'llms-full.txt',
    ]);
    expect(readFileSync(path.join(dist, 'docs/guides/second/index.html'), 'utf8')).toContain('Some new details.');
    expect(leftovers(root)).toEqual([]);
  });

  it('writes again a page of dist/ replaced by a symlink to a secret outside the root, and neither links nor copies the secret', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const secret = path.join(tempDir('docsgen-secret-'), 'id_rsa');
    writeFileSync(secret, 'PRIVATE KEY');
    const page = path.join(root, 'dist/docs/guides/second/index.html');
    const html = readFileSync(page, 'utf8');
    rmSync(page);
    symlinkSync(secret, page);
    expect((await build({ root })).ok).toBe(true);
    expect(lstatSync(page).isFile()).toBe(true);
    expect(readFileSync(page, 'utf8')).toBe(html);
    expect(
      Object.values(snapshotTree(path.join(root, 'dist')))
        .map((b64) => Buffer.from(b64, 'base64').toString())
        .join(),
    ).not.toContain('PRIVATE KEY');
    expect(readFileSync(secret, 'utf8')).toBe('PRIVATE KEY');
  });

  it('writes again a page of dist/ edited in place after the build: the edit does not reach the new output', async () => {
    const root = copySite('minimal');
    expect((await build({ root })).ok).toBe(true);
    const page = path.join(root, 'dist/docs/guides/second/index.html');
    const html = readFileSync(page, 'utf8');
    appendFileSync(page, '<script>alert("edited by hand")</script>');
    expect((await build({ root })).ok).toBe(true);
    expect(readFileSync(page, 'utf8')).toBe(html);
  });

  it('serves whole pages of one build or the next while builds swap dist/ under `docsgen serve`, never a mix', async () => {
    const root = copySite('minimal');
    const second = path.join(root, 'content/docs/guides/second.md');
    const source = readFileSync(second, 'utf8');
    const dist = path.join(root, 'dist');
    const versions = { second: new Set<string>(), intro: new Set<string>() };
    const record = () => {
      versions.second.add(readFileSync(path.join(dist, 'docs/guides/second/index.html'), 'utf8'));
      versions.intro.add(readFileSync(path.join(dist, 'docs/guides/index.html'), 'utf8'));
    };
    expect((await build({ root })).ok).toBe(true);
    record();
    const server = await startServeProcess(dist);
    servers.push(server);
    const seen: { route: 'second' | 'intro'; status: number; body: string }[] = [];
    let building = true;
    const poll = (async () => {
      while (building) {
        for (const [route, url] of [
          ['second', '/docs/guides/second'],
          ['intro', '/docs/guides'],
        ] as const) {
          const res = await get(server.url, url);
          seen.push({ route, status: res.status, body: res.body });
        }
      }
    })();
    // The page changes back and forth; the intro page, in the same sidebar, stays the same (and is linked, not written).
    for (let i = 0; i < 6; i++) {
      writeFileSync(
        second,
        source.replace('Some details.', i % 2 ? 'Some details.' : 'Other details, longer than the first ones.'),
      );
      expect((await build({ root })).ok).toBe(true);
      record();
    }
    building = false;
    await poll;
    expect(versions.second.size).toBe(2);
    expect(versions.intro.size).toBe(1);
    const whole = seen.filter((res) => res.status === 200);
    expect(whole.length).toBeGreaterThan(0);
    for (const res of whole) expect(versions[res.route].has(res.body), res.body.slice(-200)).toBe(true);
    // Between the two renames of a swap, dist/ is briefly missing: a 404 then, never anything else.
    expect(seen.filter((res) => res.status !== 200 && res.status !== 404)).toEqual([]);
  });
});
