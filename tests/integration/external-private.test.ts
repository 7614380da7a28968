import dns from 'node:dns/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copySite, runCliAsync } from '../helpers/run-cli.js';

/** A local server standing in for a service on the internal network: it records every request it gets. */
describe('check --external and addresses that are not public', () => {
  let server: http.Server;
  let port: number;
  const hits: string[] = [];
  let hostnameIsLoopback = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      if (req.url === '/gone') return void res.writeHead(404).end();
      res.writeHead(200).end('internal data');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const addresses = await dns.lookup(os.hostname(), { all: true }).catch(() => []);
    hostnameIsLoopback = addresses.length > 0 && addresses.every((a) => a.address.startsWith('127.'));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hits.length = 0;
  });

  /** The minimal site with links to the local server written in several ways, one per line (line 3 on). */
  function siteLinking(links: string[], config = ''): string {
    const root = copySite('minimal');
    writeFileSync(
      path.join(root, 'content/docs/guides/second.md'),
      `# Second Page\n\n${links.map((l, i) => `[link ${i}](${l})`).join('\n\n')}\n`,
    );
    const file = path.join(root, 'build.config.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace("url: 'https://example.com',", `url: 'https://example.com',${config}`),
    );
    return root;
  }

  it('does not request them by default, and warns for each link at its place', async () => {
    const links = [
      `http://127.0.0.1:${port}/a`,
      `http://localhost:${port}/b`,
      `http://2130706433:${port}/c`,
      `http://0x7f.1:${port}/d`,
    ];
    const root = siteLinking(links);
    const { code, stdout, stderr } = await runCliAsync(['check', '--root', root, '--external', '--format', 'json']);
    expect(code, stderr).toBe(0);
    const warnings = (
      JSON.parse(stdout) as {
        warnings: { rule: string; message: string; file: string; line: number; column: number }[];
      }
    ).warnings.filter((w) => w.rule === 'external-link-skipped');
    expect(warnings.map((w) => [w.message, `${w.file}:${w.line}:${w.column}`])).toEqual([
      [
        `external link not requested → ${links[0]} (127.0.0.1 is a loopback address)`,
        'content/docs/guides/second.md:3:1',
      ],
      [`external link not requested → ${links[1]} (localhost is a loopback name)`, 'content/docs/guides/second.md:5:1'],
      [
        `external link not requested → ${links[2]} (127.0.0.1 is a loopback address)`,
        'content/docs/guides/second.md:7:1',
      ],
      [
        `external link not requested → ${links[3]} (127.0.0.1 is a loopback address)`,
        'content/docs/guides/second.md:9:1',
      ],
    ]);
    expect(hits).toEqual([]);
  });

  it('says so in the text report too, with the config key that allows them', async () => {
    const root = siteLinking([`http://127.0.0.1:${port}/a`]);
    const { code, stdout } = await runCliAsync(['check', '--root', root, '--external']);
    expect(code).toBe(0);
    expect(stdout).toContain(
      `external link not requested → http://127.0.0.1:${port}/a (127.0.0.1 is a loopback address)  [external-link-skipped]`,
    );
    expect(stdout).toContain('set externalLinks.allowPrivateNetworks: true in the config');
    expect(hits).toEqual([]);
  });

  it('decides by the resolved address: a host name that resolves to loopback is not requested', async (ctx) => {
    // This machine's own name stands in for a name that resolves to 127.x (unit tests inject such a resolver).
    if (!hostnameIsLoopback) ctx.skip();
    const link = `http://${os.hostname()}:${port}/f`;
    const root = siteLinking([link]);
    const { code, stdout } = await runCliAsync(['check', '--root', root, '--external']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      new RegExp(
        `external link not requested → ${link.replace(/[.]/g, '\\.')} \\(${os.hostname()} resolves to 127\\.\\d+\\.\\d+\\.\\d+, a loopback address\\)`,
      ),
    );
    expect(hits).toEqual([]);
  });

  it('requests them when the config sets externalLinks.allowPrivateNetworks', async () => {
    const root = siteLinking(
      [`http://127.0.0.1:${port}/a`, `http://localhost:${port}/gone`],
      '\n  externalLinks: { allowPrivateNetworks: true },',
    );
    const { code, stdout } = await runCliAsync(['check', '--root', root, '--external', '--no-cache']);
    expect(stdout).toContain(`broken external link → http://localhost:${port}/gone (HTTP 404)`);
    expect(stdout).not.toContain('external-link-skipped');
    expect(code).toBe(1);
    expect(hits.sort()).toEqual(['GET /gone', 'HEAD /a', 'HEAD /gone']);
  });

  it('a wrong value for the key is a config error', async () => {
    const root = siteLinking([], "\n  externalLinks: { allowPrivateNetworks: 'yes' },");
    const { code, stderr } = await runCliAsync(['check', '--root', root]);
    expect(code).toBe(2);
    expect(stderr).toContain('externalLinks.allowPrivateNetworks');
  });
});
