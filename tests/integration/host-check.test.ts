import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../../cli/commands/serve.js';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { getWithHost, rawRequest } from '../helpers/raw-http.js';
import { copySite, repoRoot, runCli, runCliAsync } from '../helpers/run-cli.js';

/** Host headers a DNS-rebinding page (or a confused client) could send; `PORT` is the server's port. */
const FORGED = [
  'evil.example',
  'evil.example:PORT',
  'EVIL.EXAMPLE:PORT',
  '127.0.0.1.evil.example:PORT',
  'localhost.evil.example:PORT',
  '127.0.0.1:PORT.evil.example',
  '[::1].evil.example:PORT',
  '[::2]:PORT',
  '::1:PORT',
  '[::ffff:7f00:1].evil.example',
  '127.0.0.1',
  'localhost',
  'evil.example:PORT@127.0.0.1',
  '<script>alert(1)</script>',
];
const GOOD = ['127.0.0.1:PORT', 'localhost:PORT', 'LocalHost:PORT', '[::1]:PORT', '[::ffff:127.0.0.1]:PORT'];

const withPort = (host: string, port: number) => host.replace('PORT', String(port));

function describeHostCheck(
  name: string,
  start: () => Promise<{ port: number; close(): Promise<void> }>,
  page: string,
  howToAllow: string,
) {
  describe(`${name} answers only requests for its own address`, () => {
    let server: { port: number; close(): Promise<void> };
    beforeAll(async () => {
      server = await start();
    });
    afterAll(() => server?.close());

    it.each(GOOD)('answers Host: %s', async (host) => {
      const res = await getWithHost(server.port, page, withPort(host, server.port));
      expect(res.status).toBe(200);
      expect(res.body).toContain('<title>Second Page | Minimal</title>');
    });

    it.each(FORGED)('refuses Host: %s with 403 and a plain-text reason, nothing served', async (host) => {
      const sent = withPort(host, server.port);
      const res = await getWithHost(server.port, page, sent);
      expect(res.status).toBe(403);
      expect(res.headers).toMatch(/content-type: text\/plain; charset=utf-8/i);
      expect(res.body).not.toContain('Second Page');
      expect(res.body).not.toContain('<');
      if (/^evil\.example(:\d+)?$/.test(sent)) {
        expect(res.body).toBe(
          `Blocked the host ${JSON.stringify(sent)}: this server only answers requests for its own address, localhost or the hosts allowed (a guard against DNS rebinding).\nTo allow this host, ${howToAllow}.\n`,
        );
      }
    });

    it('refuses a request without a Host header (HTTP/1.0) and one with two', async () => {
      const none = await getWithHost(server.port, page, undefined, '1.0');
      expect(none.status).toBe(403);
      expect(none.body).toBe(
        'Blocked a request without a valid Host header: this server only answers requests for its own address, localhost or the hosts allowed (a guard against DNS rebinding).\n',
      );
      // HTTP/1.1 requires the header: Node answers 400 before docsgen sees it.
      expect((await getWithHost(server.port, page, undefined)).status).toBe(400);
      const twice = await rawRequest(
        server.port,
        `GET ${page} HTTP/1.1\r\nHost: evil.example:${server.port}\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`,
      );
      expect(twice.body).not.toContain('Second Page');
      expect([400, 403]).toContain(twice.status);
    });
  });
}

let root: string;
beforeAll(() => {
  root = copySite('minimal');
  const { code, stderr } = runCli(['build', '--root', root]);
  if (code !== 0) throw new Error(stderr);
});

describeHostCheck(
  'serve',
  () => startStaticServer({ outDir: path.join(root, 'dist'), port: 0 }),
  '/docs/guides/second',
  'restart docsgen serve with --allowed-hosts evil.example',
);
describeHostCheck(
  'dev',
  () => startDevServer({ root, port: 0, log: () => undefined }),
  '/docs/guides/second',
  'restart docsgen dev with --allowed-hosts evil.example, or add it to dev.allowedHosts in the config',
);

describe('dev: the live-reload events', () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDevServer({ root, port: 0, log: () => undefined });
  });
  afterAll(() => server?.close());

  it('are refused to a forged Host and sent to a good one', async () => {
    const forged = await getWithHost(server.port, '/__docsgen/events', `evil.example:${server.port}`);
    expect(forged.status).toBe(403);
    expect(forged.body).not.toContain('event:');
    const good = await rawRequest(
      server.port,
      `GET /__docsgen/events HTTP/1.1\r\nHost: localhost:${server.port}\r\n\r\n`,
      60_000,
      (data) => data.includes('event: hello'),
    );
    expect(good.status).toBe(200);
    expect(good.body).toContain('event: hello');
  });
});

describe('allowing more hosts', () => {
  it('serve --allowed-hosts answers those names (subdomains with a leading dot), on any port', async () => {
    const server = await startStaticServer({
      outDir: path.join(root, 'dist'),
      port: 0,
      allowedHosts: ['docs.test', '.preview.test'],
    });
    try {
      for (const host of ['docs.test', 'docs.test:8080', 'pr-1.preview.test', `preview.test:${server.port}`])
        expect((await getWithHost(server.port, '/', host)).status, host).toBe(200);
      for (const host of ['docs.test.evil.example', 'xpreview.test', 'evil.example'])
        expect((await getWithHost(server.port, '/', host)).status, host).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("'*' (true) answers any host", async () => {
    const server = await startStaticServer({ outDir: path.join(root, 'dist'), port: 0, allowedHosts: true });
    try {
      expect((await getWithHost(server.port, '/', 'evil.example')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('dev reads dev.allowedHosts from the config', async () => {
    const site = copySite('minimal');
    const config = path.join(site, 'build.config.ts');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        "url: 'https://example.com',",
        "url: 'https://example.com',\n  dev: { allowedHosts: ['docs.test'] },",
      ),
    );
    const server = await startDevServer({ root: site, port: 0, log: () => undefined, allowedHosts: ['flag.test'] });
    try {
      expect((await getWithHost(server.port, '/', 'docs.test')).status).toBe(200);
      expect((await getWithHost(server.port, '/', 'flag.test')).status).toBe(200);
      expect((await getWithHost(server.port, '/', 'evil.example')).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it("listening on 0.0.0.0 answers the machine's own addresses, and nothing else", async () => {
    const server = await startStaticServer({ outDir: path.join(root, 'dist'), port: 0, host: '0.0.0.0' });
    try {
      const own = Object.values(os.networkInterfaces())
        .flatMap((list) => list ?? [])
        .filter((i) => i.family === 'IPv4');
      for (const i of own)
        expect((await getWithHost(server.port, '/', `${i.address}:${server.port}`)).status, i.address).toBe(200);
      expect((await getWithHost(server.port, '/', `203.0.113.9:${server.port}`)).status).toBe(403);
      expect((await getWithHost(server.port, '/', `evil.example:${server.port}`)).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  it('the CLI takes --allowed-hosts on serve, and refuses a malformed list with exit 2', async () => {
    const bad = await runCliAsync(['serve', '--root', root, '--port', '0', '--allowed-hosts', 'http://docs.test/']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      `option '--allowed-hosts <hosts>' argument 'http://docs.test/' is invalid. expected host names separated by commas (or '*'), not "http://docs.test/"`,
    );
    const child = spawn(
      process.execPath,
      [path.join(repoRoot, 'bin/docsgen.mjs'), 'serve', '--root', root, '--port', '0', '--allowed-hosts', 'docs.test'],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr += chunk;
          const match = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
          if (match) resolve(Number(match[1]));
        });
        child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
      });
      expect((await getWithHost(port, '/', 'docs.test')).status).toBe(200);
      const refused = await getWithHost(port, '/', 'evil.example');
      expect(refused.status).toBe(403);
      expect(refused.body).toContain('restart docsgen serve with --allowed-hosts evil.example');
    } finally {
      child.kill('SIGTERM');
    }
  });
});
