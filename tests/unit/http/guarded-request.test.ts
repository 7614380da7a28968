import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkExternalLinks } from '../../../cli/check/external-links.js';
import { requestGuarded } from '../../../cli/http/guarded-request.js';
import { fakeDns, LocalInternetAgent } from '../../helpers/fake-network.js';

// A public address for the pretend DNS; the agent routes it to the local server, so it is never contacted.
const PUBLIC = '93.184.215.14';

describe('requestGuarded', () => {
  let server: http.Server;
  let agent: LocalInternetAgent;
  const hits: string[] = [];
  const asked: string[] = [];
  let rebinds = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.headers.host}${req.url}`);
      const to = (location: string) => res.writeHead(302, { location }).end();
      if (req.url === '/ok') return void res.writeHead(200).end('ok');
      if (req.url === '/no-head') return void res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      if (req.url === '/to-private-ip') return to('http://10.0.0.5/admin');
      if (req.url === '/to-internal-name') return to('http://internal.test/admin');
      if (req.url === '/to-decimal') return to('http://2130706433/');
      if (req.url === '/to-mapped') return to('http://[::ffff:169.254.169.254]/latest/meta-data/');
      if (req.url === '/to-metadata-name') return to('http://metadata.google.internal/computeMetadata/v1/');
      if (req.url === '/to-public') return to('https://public2.test/ok'.replace('https', 'http'));
      if (req.url === '/to-file') return to('file:///etc/passwd');
      if (req.url === '/loop') return to('/loop');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    agent = new LocalInternetAgent((server.address() as AddressInfo).port);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hits.length = 0;
    asked.length = 0;
    rebinds = 0;
  });

  const dns = () =>
    fakeDns(
      {
        'public.test': [PUBLIC],
        'public2.test': [PUBLIC],
        'internal.test': ['192.168.1.9'],
        'sneaky.test': ['127.0.0.1'],
        'mixed.test': [PUBLIC, 'fd00::1'],
        'rebind.test': () => (rebinds++ === 0 ? [PUBLIC] : ['127.0.0.1']),
      },
      asked,
    );
  const run = (url: string, extra: { allowPrivateNetworks?: boolean; method?: 'HEAD' | 'GET' } = {}) =>
    requestGuarded(url, {
      method: extra.method ?? 'GET',
      signal: AbortSignal.timeout(5_000),
      lookup: dns(),
      agents: { http: agent },
      allowPrivateNetworks: extra.allowPrivateNetworks,
    });

  it('requests a public host and follows a redirect to another public host', async () => {
    expect(await run('http://public.test/ok')).toEqual({ status: 200 });
    expect(await run('http://public.test/to-public')).toEqual({ status: 200 });
    expect(hits).toEqual(['GET public.test/ok', 'GET public.test/to-public', 'GET public2.test/ok']);
  });

  it('refuses a name that resolves to loopback, or to a private address among public ones, before connecting', async () => {
    expect(await run('http://sneaky.test/ok')).toEqual({
      refused: 'sneaky.test resolves to 127.0.0.1, a loopback address',
      url: 'http://sneaky.test/ok',
      hops: 0,
    });
    expect(await run('http://mixed.test/ok')).toEqual({
      refused: 'mixed.test resolves to fd00::1, a private address',
      url: 'http://mixed.test/ok',
      hops: 0,
    });
    expect(hits).toEqual([]);
  });

  it.each([
    ['http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1:8080/', '127.0.0.1 is a loopback address'],
    ['http://[::1]:3000/', '[::1] is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1] is a loopback address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    ['http://[fd00:ec2::254]/', '[fd00:ec2::254] is a cloud metadata address'],
    ['http://metadata.google.internal/', 'metadata.google.internal is a cloud metadata name'],
    ['http://localhost:9/', 'localhost is a loopback name'],
    ['https://10.0.0.1/', '10.0.0.1 is a private address'],
    ['http://100.64.1.1/', '100.64.1.1 is a shared (CGNAT) address'],
    ['http://0/', '0.0.0.0 is an unspecified address'],
  ])('refuses %s as written, without asking DNS', async (url, reason) => {
    expect(await run(url)).toEqual({ refused: reason, url: new URL(url).href, hops: 0 });
    expect(asked).toEqual([]);
    expect(hits).toEqual([]);
  });

  it.each([
    ['/to-private-ip', 'http://10.0.0.5/admin', '10.0.0.5 is a private address'],
    ['/to-internal-name', 'http://internal.test/admin', 'internal.test resolves to 192.168.1.9, a private address'],
    ['/to-decimal', 'http://127.0.0.1/', '127.0.0.1 is a loopback address'],
    ['/to-mapped', 'http://[::ffff:a9fe:a9fe]/latest/meta-data/', '[::ffff:a9fe:a9fe] is a cloud metadata address'],
    [
      '/to-metadata-name',
      'http://metadata.google.internal/computeMetadata/v1/',
      'metadata.google.internal is a cloud metadata name',
    ],
  ])('does not follow a redirect from a public host (%s) to a private one', async (path, target, reason) => {
    expect(await run(`http://public.test${path}`)).toEqual({ refused: reason, url: target, hops: 1 });
    expect(hits).toEqual([`GET public.test${path}`]);
  });

  it('checks the addresses each connection uses: a DNS answer that turns private (rebinding) is refused', async () => {
    expect(await run('http://rebind.test/no-head', { method: 'HEAD' })).toEqual({ status: 405 });
    expect(await run('http://rebind.test/no-head')).toEqual({
      refused: 'rebind.test resolves to 127.0.0.1, a loopback address',
      url: 'http://rebind.test/no-head',
      hops: 0,
    });
    expect(hits).toEqual(['HEAD rebind.test/no-head']);
  });

  it('never requests a non-http(s) URL a redirect leads to, and stops after 10 redirects', async () => {
    expect(await run('http://public.test/to-file')).toEqual({
      error: 'redirects to a file: URL, which is not requested',
    });
    expect(await run('http://public.test/loop')).toEqual({ error: 'more than 10 redirects' });
    expect(hits.filter((h) => h.endsWith('/loop'))).toHaveLength(11);
  });

  it('with allowPrivateNetworks, requests and follows private addresses', async () => {
    expect(await run('http://public.test/to-internal-name', { allowPrivateNetworks: true })).toEqual({ status: 404 });
    expect(hits).toEqual(['GET public.test/to-internal-name', 'GET internal.test/admin']);
  });

  it('checkExternalLinks reports each refused link as a warning with its place, never as alive or broken', async () => {
    const uses = [
      { url: 'http://public.test/to-internal-name', route: '/docs/a', file: 'content/docs/a.md', line: 3, column: 5 },
      { url: 'http://rebind.test/no-head', route: '/docs/a', file: 'content/docs/a.md', line: 4, column: 1 },
      { url: 'http://127.0.0.1:1/x', route: '/docs/b', file: 'content/docs/b.md', line: 9, column: 2 },
    ];
    const diagnostics = await checkExternalLinks(uses, 'throw', {
      lookup: dns(),
      agents: { http: agent },
      retries: 2,
      retryDelayMs: 1,
      hostDelayMs: 0,
    });
    const hint =
      'check --external never requests loopback, private, link-local or cloud metadata addresses; set externalLinks.allowPrivateNetworks: true in the config to check such links';
    expect(diagnostics).toEqual([
      {
        severity: 'warning',
        rule: 'external-link-skipped',
        message:
          'external link not requested → http://public.test/to-internal-name (it redirects to http://internal.test/admin; internal.test resolves to 192.168.1.9, a private address)',
        file: 'content/docs/a.md',
        line: 3,
        column: 5,
        route: '/docs/a',
        target: uses[0]!.url,
        hint,
      },
      {
        severity: 'warning',
        rule: 'external-link-skipped',
        message:
          'external link not requested → http://rebind.test/no-head (rebind.test resolves to 127.0.0.1, a loopback address)',
        file: 'content/docs/a.md',
        line: 4,
        column: 1,
        route: '/docs/a',
        target: uses[1]!.url,
        hint,
      },
      {
        severity: 'warning',
        rule: 'external-link-skipped',
        message: 'external link not requested → http://127.0.0.1:1/x (127.0.0.1 is a loopback address)',
        file: 'content/docs/b.md',
        line: 9,
        column: 2,
        route: '/docs/b',
        target: uses[2]!.url,
        hint,
      },
    ]);
    // A refusal is not retried.
    expect(hits).toEqual(['HEAD public.test/to-internal-name', 'HEAD rebind.test/no-head']);
  });
});
