import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkExternalLinks, type ExternalCheckOptions } from '../../../cli/check/external-links.js';
import { HostLimits, parseRetryAfter } from '../../../cli/check/retry-after.js';
import { fakeDns, LocalInternetAgent } from '../../helpers/fake-network.js';

// A public address for the pretend DNS; the agent routes it to the local server, so it is never contacted.
const PUBLIC = '93.184.215.14';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(86_400_000);
  });
});

describe('HostLimits', () => {
  it('waits once per host, up to a minute, and two minutes in all however many hosts ask', () => {
    const limits = new HostLimits();
    expect(limits.shouldWait('a.test', 50_000, 0)).toBe(true);
    expect(limits.shouldWait('a.test', 1_000, 0)).toBe(false);
    expect(limits.blockedFor('a.test', 500)).toBe(500);
    expect(limits.shouldWait('b.test', 61_000, 0)).toBe(false);
    expect(limits.shouldWait('c.test', 50_000, 0)).toBe(true);
    expect(limits.shouldWait('d.test', 50_000, 0)).toBe(false);
    expect(limits.shouldWait('e.test', 20_000, 0)).toBe(true);
    expect(limits.blockedFor('e.test', 0)).toBe(0);
  });
});

/**
 * A local server standing in for a rate-limiting host: each path answers
 * with the statuses and headers its script lists, one per request, and the
 * last one for good. It records when each request came.
 */
describe('checkExternalLinks and Retry-After', () => {
  let server: http.Server;
  let base: string;
  const hits: { path: string; at: number }[] = [];
  const scripts = new Map<string, { status: number; headers?: Record<string, string> }[]>();

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push({ path: req.url ?? '', at: Date.now() });
      const script = scripts.get(req.url ?? '') ?? [{ status: 404 }];
      const answer = script.length > 1 ? script.shift()! : script[0]!;
      res.writeHead(answer.status, answer.headers).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hits.length = 0;
    scripts.clear();
  });

  // No backoff of its own: any wait between two requests is the one the server asked for.
  const options: ExternalCheckOptions = { allowPrivateNetworks: true, retries: 2, retryDelayMs: 0, hostDelayMs: 0 };
  const use = (path: string, line = 3) => ({
    url: base + path,
    route: '/docs/a',
    file: 'content/docs/a.md',
    line,
    column: 1,
  });

  it('waits the seconds a 429 asks for, then finds the link alive', async () => {
    scripts.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }]);
    expect(await checkExternalLinks([use('/busy')], 'throw', options)).toEqual([]);
    expect(hits.map((h) => h.path)).toEqual(['/busy', '/busy']);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('waits until the HTTP date a 429 names', async () => {
    const until = new Date(Date.now() + 2000).toUTCString();
    scripts.set('/busy', [{ status: 429, headers: { 'retry-after': until } }, { status: 200 }]);
    expect(await checkExternalLinks([use('/busy')], 'throw', options)).toEqual([]);
    expect(hits).toHaveLength(2);
    expect(hits[1]!.at).toBeGreaterThanOrEqual(Date.parse(until));
  });

  it('does not wait an hour: the link and the other links of its host are reported as rate limited, the host asked once', async () => {
    scripts.set('/busy', [{ status: 429, headers: { 'retry-after': '3600' } }]);
    scripts.set('/other', [{ status: 200 }]);
    const diagnostics = await checkExternalLinks([use('/busy'), use('/other', 5)], 'throw', options);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        rule: 'unreachable-external-link',
        message: `could not verify external link → ${base}/busy (rate limited: the host asks to wait 3600 s; check --external waits once per host, up to 60 s, 120 s in all)`,
        file: 'content/docs/a.md',
        line: 3,
      }),
      expect.objectContaining({
        severity: 'warning',
        rule: 'unreachable-external-link',
        message: expect.stringMatching(
          new RegExp(
            `^could not verify external link → ${base}/other \\(rate limited: the host asks to wait 3[56]\\d\\d s;`,
          ),
        ),
        line: 5,
      }),
    ]);
    expect(hits.map((h) => h.path)).toEqual(['/busy']);
  });

  it('waits once per host: a host still busy after the wait it asked for is left alone', async () => {
    scripts.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    const diagnostics = await checkExternalLinks([use('/busy')], 'throw', options);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        rule: 'unreachable-external-link',
        message: `could not verify external link → ${base}/busy (rate limited: the host asks to wait 1 s; check --external waits once per host, up to 60 s, 120 s in all)`,
      }),
    ]);
    expect(hits.map((h) => h.path)).toEqual(['/busy', '/busy']);
  });

  it('honours Retry-After on 503 too', async () => {
    scripts.set('/down', [{ status: 503, headers: { 'retry-after': '1' } }, { status: 200 }]);
    expect(await checkExternalLinks([use('/down')], 'throw', options)).toEqual([]);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(1000);
  });
});

/**
 * Hosts that never answer, standing in for a thousand dead links: the pretend
 * DNS gives every `*.test` host a public address, and the agent takes each
 * connection to one local server, which keeps every request open without an
 * answer (except on `alive.test` and `gone.test`). It counts the requests it
 * holds at once, over all hosts and per host.
 */
describe('checkExternalLinks and its time limit', () => {
  let server: http.Server;
  let agent: LocalInternetAgent;
  const requests: string[] = [];
  const open = new Map<string, number>();
  let openNow = 0;
  let mostOpen = 0;
  let mostOpenPerHost = 0;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const host = req.headers.host ?? '';
      requests.push(`${req.method} ${host}${req.url}`);
      if (host === 'alive.test') return void res.writeHead(200).end();
      if (host === 'gone.test') return void res.writeHead(404).end();
      openNow++;
      open.set(host, (open.get(host) ?? 0) + 1);
      mostOpen = Math.max(mostOpen, openNow);
      mostOpenPerHost = Math.max(mostOpenPerHost, open.get(host)!);
      req.socket.once('close', () => {
        openNow--;
        open.set(host, open.get(host)! - 1);
      });
      release?.();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    agent = new LocalInternetAgent((server.address() as AddressInfo).port);
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    requests.length = 0;
    mostOpen = 0;
    mostOpenPerHost = 0;
    release = undefined;
  });

  const hosts = Array.from({ length: 20 }, (_, i) => `dead${i}.test`);
  const lookup = () => fakeDns(Object.fromEntries([...hosts, 'alive.test', 'gone.test'].map((h) => [h, [PUBLIC]])));
  const deadLinks = hosts.flatMap((host, h) =>
    Array.from({ length: 10 }, (_, i) => ({
      url: `http://${host}/page-${i}`,
      route: '/docs/a',
      file: 'content/docs/a.md',
      line: 10 + h * 10 + i,
      column: 3,
    })),
  );

  it('stops at its time limit: 200 links on 20 hosts that never answer end as one warning each at its place, every request closed', async () => {
    const uses = [
      { url: 'http://gone.test/x', route: '/docs/a', file: 'content/docs/a.md', line: 3, column: 1 },
      ...deadLinks,
    ];
    // Without the time limit this takes 10 links × (10 s + 1 s + 10 s + 2 s + 10 s) per host: an hour in all.
    const diagnostics = await checkExternalLinks(uses, 'throw', {
      lookup: lookup(),
      agents: { http: agent },
      budgetMs: 2_000,
    });
    expect(diagnostics[0]).toEqual(
      expect.objectContaining({ severity: 'error', rule: 'broken-external-link', line: 3 }),
    );
    const unchecked = diagnostics.slice(1);
    expect(unchecked).toHaveLength(200);
    expect(unchecked[0]).toEqual({
      severity: 'warning',
      rule: 'external-link-unchecked',
      message:
        'external link not checked → http://dead0.test/page-0 (check --external stopped at its time limit of 2 s before reaching it)',
      file: 'content/docs/a.md',
      line: 10,
      column: 3,
      route: '/docs/a',
      target: 'http://dead0.test/page-0',
      hint: 'raise externalLinks.timeout (seconds for the whole check) in the config to check more links; links found alive are remembered for a day, so the next run starts with the others',
    });
    expect(unchecked.map((d) => [d.rule, d.target, d.line])).toEqual(
      deadLinks.map((u) => ['external-link-unchecked', u.url, u.line]),
    );
    // Never more than eight requests at once, one per host (side by side: the next test).
    expect(mostOpen).toBeLessThanOrEqual(8);
    expect(mostOpenPerHost).toBe(1);
    // Nothing is left running: every request in flight was stopped, none started after.
    await vi.waitFor(() => expect(openNow).toBe(0));
    const made = requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toHaveLength(made);
  }, 60_000);

  it('requests eight hosts at once, never two requests to one host', async () => {
    // The server answers nothing until eight requests wait at once; a check one host at a time would wait forever.
    const held: http.ServerResponse[] = [];
    const batches: string[][] = [];
    const heldServer = http.createServer((_req, res) => {
      held.push(res);
      if (held.length < 8) return;
      batches.push(held.map((r) => r.req.headers.host ?? ''));
      for (const r of held.splice(0)) r.writeHead(200).end();
    });
    await new Promise<void>((resolve) => heldServer.listen(0, '127.0.0.1', resolve));
    try {
      const heldAgent = new LocalInternetAgent((heldServer.address() as AddressInfo).port);
      const uses = hosts.slice(0, 16).map((host, i) => ({
        url: `http://${host}/`,
        route: '/docs/a',
        file: 'content/docs/a.md',
        line: i + 1,
        column: 1,
      }));
      expect(
        await checkExternalLinks(uses, 'throw', { lookup: lookup(), agents: { http: heldAgent }, budgetMs: 30_000 }),
      ).toEqual([]);
      expect(batches.map((hostsAtOnce) => new Set(hostsAtOnce).size)).toEqual([8, 8]);
    } finally {
      heldServer.closeAllConnections();
      await new Promise<void>((resolve) => heldServer.close(() => resolve()));
    }
  }, 60_000);

  it('gives up on a request at its own time limit even while the garbage collector runs (nodejs/node#57736), not at the budget', async () => {
    // A timeout signal inside AbortSignal.any() could be collected before it fired: the request then waited for the
    // whole check's budget (seen as a test running into its 60 s limit on a busy machine). Collect every 20 ms.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 20);
    try {
      const uses = [
        { url: 'http://dead0.test/page-0', route: '/docs/a', file: 'content/docs/a.md', line: 10, column: 3 },
      ];
      const diagnostics = await checkExternalLinks(uses, 'throw', {
        lookup: lookup(),
        agents: { http: agent },
        timeoutMs: 200,
        retries: 0,
        budgetMs: 20_000,
      });
      expect(diagnostics.map((d) => d.message)).toEqual([
        'could not verify external link → http://dead0.test/page-0 (no answer within 200 ms)',
      ]);
    } finally {
      clearInterval(collecting);
    }
  }, 60_000);

  it('leaves a host alone once two of its links in a row got no answer: the others are reported without a request', async () => {
    const links = deadLinks.slice(0, 10);
    const uses = [
      ...links,
      { url: 'http://alive.test/', route: '/docs/a', file: 'content/docs/a.md', line: 2, column: 1 },
    ];
    // alive.test must answer within the time limit: 2 s, which a busy machine (a local server, a HEAD) does not reach.
    const diagnostics = await checkExternalLinks(uses, 'throw', {
      lookup: lookup(),
      agents: { http: agent },
      timeoutMs: 2_000,
      retries: 1,
      retryDelayMs: 0,
      hostDelayMs: 0,
    });
    // Two links, each HEAD and one retry.
    expect(requests.filter((r) => r.startsWith('HEAD dead0.test'))).toEqual([
      'HEAD dead0.test/page-0',
      'HEAD dead0.test/page-0',
      'HEAD dead0.test/page-1',
      'HEAD dead0.test/page-1',
    ]);
    expect(diagnostics.map((d) => [d.rule, d.line, d.message])).toEqual([
      [
        'unreachable-external-link',
        10,
        'could not verify external link → http://dead0.test/page-0 (no answer within 2000 ms)',
      ],
      [
        'unreachable-external-link',
        11,
        'could not verify external link → http://dead0.test/page-1 (no answer within 2000 ms)',
      ],
      ...links
        .slice(2)
        .map((u) => [
          'unreachable-external-link',
          u.line,
          `could not verify external link → ${u.url} (not requested: 2 links of this host in a row got no answer, the last http://dead0.test/page-1 (no answer within 2000 ms))`,
        ]),
    ]);
  }, 60_000);
});
