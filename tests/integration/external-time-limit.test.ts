import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySite, runCliAsync } from '../helpers/run-cli.js';

/** A local server standing in for hosts that never answer: it holds every request open and counts them. */
describe('check --external and externalLinks.timeout', () => {
  let server: http.Server;
  let origin: string;
  let requests = 0;

  beforeAll(async () => {
    server = http.createServer(() => void requests++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The minimal site with links to the silent server, one per line (line 3 on), and `externalLinks` set to `settings`. */
  function siteLinking(links: string[], settings: string): string {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      `# Second Page\n\n${links.map((l, i) => `[link ${i}](${l})`).join('\n\n')}\n`,
    );
    const file = path.join(root, 'build.config.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "url: 'https://example.com',",
        `url: 'https://example.com',\n  externalLinks: ${settings},`,
      ),
    );
    return root;
  }

  it('stops when its time is up and warns at each link it did not check, naming the key', async () => {
    const links = Array.from({ length: 5 }, (_, i) => `${origin}/silent-${i}`);
    const root = siteLinking(links, '{ allowPrivateNetworks: true, timeout: 1 }');
    const { code, stdout, stderr } = await runCliAsync([
      'check',
      '--root',
      root,
      '--external',
      '--no-cache',
      '--format',
      'json',
    ]);
    expect(code, stderr).toBe(0);
    const warnings = (
      JSON.parse(stdout) as {
        warnings: { rule: string; message: string; file: string; line: number; column: number; hint: string }[];
      }
    ).warnings.filter((w) => w.rule.startsWith('external'));
    expect(warnings.map((w) => [w.rule, w.message, `${w.file}:${w.line}:${w.column}`])).toEqual(
      links.map((link, i) => [
        'external-link-unchecked',
        `external link not checked → ${link} (check --external stopped at its time limit of 1 s before reaching it)`,
        `content/docs/guides/second.md:${3 + 2 * i}:1`,
      ]),
    );
    expect(warnings[0]!.hint).toContain('raise externalLinks.timeout');
    // One host, one request at a time: the first link was still waiting when the time ran out.
    expect(requests).toBe(1);
  }, 60_000);

  it('refuses a time that is not a positive number of seconds', async () => {
    const root = siteLinking([], '{ timeout: 0 }');
    const { code, stderr } = await runCliAsync(['check', '--root', root]);
    expect(code).toBe(2);
    expect(stderr).toContain('externalLinks.timeout: Too small: expected number to be >0  [invalid-config]');
  });
});
