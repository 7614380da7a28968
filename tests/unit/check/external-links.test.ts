import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkExternalLinks, type ExternalCheckOptions } from '../../../cli/check/external-links.js';
import { HostLimits, parseRetryAfter } from '../../../cli/check/retry-after.js';

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
  const use = (path: string, line = 3) => ({ url: base + path, route: '/docs/a', file: 'content/docs/a.md', line, column: 1 });

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
      expect.objectContaining({ severity: 'warning', rule: 'unreachable-external-link', message: `could not verify external link → ${base}/busy (rate limited: the host asks to wait 3600 s; check --external waits once per host, up to 60 s, 120 s in all)`, file: 'content/docs/a.md', line: 3 }),
      expect.objectContaining({ severity: 'warning', rule: 'unreachable-external-link', message: expect.stringMatching(new RegExp(`^could not verify external link → ${base}/other \\(rate limited: the host asks to wait 3[56]\\d\\d s;`)), line: 5 }),
    ]);
    expect(hits.map((h) => h.path)).toEqual(['/busy']);
  });

  it('waits once per host: a host still busy after the wait it asked for is left alone', async () => {
    scripts.set('/busy', [{ status: 429, headers: { 'retry-after': '1' } }]);
    const diagnostics = await checkExternalLinks([use('/busy')], 'throw', options);
    expect(diagnostics).toEqual([expect.objectContaining({ rule: 'unreachable-external-link', message: `could not verify external link → ${base}/busy (rate limited: the host asks to wait 1 s; check --external waits once per host, up to 60 s, 120 s in all)` })]);
    expect(hits.map((h) => h.path)).toEqual(['/busy', '/busy']);
  });

  it('honours Retry-After on 503 too', async () => {
    scripts.set('/down', [{ status: 503, headers: { 'retry-after': '1' } }, { status: 200 }]);
    expect(await checkExternalLinks([use('/down')], 'throw', options)).toEqual([]);
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(1000);
  });
});
