import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { isAllowedHost, parseAllowedHostsList, parseHostHeader } from '../../../cli/serve/allowed-hosts.js';

const on = (host: string, allowed: readonly string[] | true = []) => ({
  host,
  port: () => 3000,
  allowedHosts: () => allowed,
});

describe('parseHostHeader', () => {
  it.each([
    ['localhost:3000', { hostname: 'localhost', port: 3000 }],
    ['LocalHost.:3000', { hostname: 'localhost', port: 3000 }],
    ['[::1]:3000', { hostname: '::1', port: 3000 }],
    ['example.com', { hostname: 'example.com', port: 80 }],
  ])('%s', (header, expected) => expect(parseHostHeader(header)).toEqual(expected));

  it.each([
    undefined,
    '',
    '::1:3000',
    '[::1',
    '[evil]:3000',
    'a b',
    'evil.example:99999',
    'evil.example:3000@x',
    '<script>:3000',
    '127.0.0.1:3000/x',
  ])('refuses %j', (header) => {
    expect(parseHostHeader(header)).toBeUndefined();
  });
});

describe('isAllowedHost on 127.0.0.1:3000', () => {
  it.each([
    '127.0.0.1:3000',
    'localhost:3000',
    'LOCALHOST:3000',
    'localhost.:3000',
    'app.localhost:3000',
    '[::1]:3000',
    '[::ffff:127.0.0.1]:3000',
    '[0:0:0:0:0:0:0:1]:3000',
    '127.0.0.2:3000',
  ])('answers %s', (host) => {
    expect(isAllowedHost(host, on('127.0.0.1'))).toBe(true);
  });

  it.each([
    'evil.example',
    'evil.example:3000',
    '127.0.0.1.evil.example:3000',
    'localhost.evil.example:3000',
    'evillocalhost:3000',
    '127.0.0.1:3001',
    'localhost',
    '[::2]:3000',
    '[::ffff:10.0.0.1]:3000',
    '10.0.0.1:3000',
    '0.0.0.0:3000',
    '::1:3000',
    undefined,
    '',
  ])('refuses %j', (host) => {
    expect(isAllowedHost(host, on('127.0.0.1'))).toBe(false);
  });
});

describe('isAllowedHost with other listen addresses and allowed hosts', () => {
  it('answers for the name or address it listens on', () => {
    expect(isAllowedHost('docs.lan:3000', on('docs.lan'))).toBe(true);
    expect(isAllowedHost('docs.lan.evil.example:3000', on('docs.lan'))).toBe(false);
    expect(isAllowedHost('[fd00::5]:3000', on('fd00::5'))).toBe(true);
    expect(isAllowedHost('[fd00::6]:3000', on('fd00::5'))).toBe(false);
  });

  it("counts the machine's own addresses when listening on every interface", () => {
    const own = Object.values(os.networkInterfaces())
      .flatMap((list) => list ?? [])
      .find((i) => !i.internal && i.family === 'IPv4');
    for (const wildcard of ['0.0.0.0', '::']) {
      if (own) expect(isAllowedHost(`${own.address}:3000`, on(wildcard))).toBe(true);
      expect(isAllowedHost('203.0.113.77:3000', on(wildcard))).toBe(false);
      expect(isAllowedHost('evil.example:3000', on(wildcard))).toBe(false);
    }
    if (own) expect(isAllowedHost(`${own.address}:3000`, on('127.0.0.1'))).toBe(false);
  });

  it('answers the allowed hosts on any port (behind a proxy), a leading dot for subdomains, and anything with true', () => {
    const allowed = ['docs.example.com', '.preview.example.org', '192.168.1.20'];
    expect(isAllowedHost('docs.example.com', on('127.0.0.1', allowed))).toBe(true);
    expect(isAllowedHost('DOCS.example.com:8443', on('127.0.0.1', allowed))).toBe(true);
    expect(isAllowedHost('preview.example.org', on('127.0.0.1', allowed))).toBe(true);
    expect(isAllowedHost('pr-12.preview.example.org:3000', on('127.0.0.1', allowed))).toBe(true);
    expect(isAllowedHost('192.168.1.20:3000', on('127.0.0.1', allowed))).toBe(true);
    expect(isAllowedHost('xdocs.example.com:3000', on('127.0.0.1', allowed))).toBe(false);
    expect(isAllowedHost('docs.example.com.evil.example:3000', on('127.0.0.1', allowed))).toBe(false);
    expect(isAllowedHost('evilpreview.example.org:3000', on('127.0.0.1', allowed))).toBe(false);
    expect(isAllowedHost('evil.example:3000', on('127.0.0.1', true))).toBe(true);
  });
});

describe('parseAllowedHostsList', () => {
  it('reads names, subdomain patterns, IPs and *', () => {
    expect(parseAllowedHostsList('a.example, .b.example,10.0.0.2,[::1]')).toEqual([
      'a.example',
      '.b.example',
      '10.0.0.2',
      '[::1]',
    ]);
    expect(parseAllowedHostsList('*')).toBe(true);
    expect(parseAllowedHostsList('a.example,http://b.example')).toEqual({ invalid: 'http://b.example' });
    expect(parseAllowedHostsList('a.example:3000')).toEqual({ invalid: 'a.example:3000' });
  });
});
