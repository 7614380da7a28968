import { describe, expect, it } from 'vitest';
import { classifyAddress, classifyHostname } from '../../../cli/http/private-addresses.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.0.0.1', 'a private address'],
    ['10.255.255.255', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.0.1', 'a link-local address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['100.64.0.1', 'a shared (CGNAT) address'],
    ['100.127.255.255', 'a shared (CGNAT) address'],
    ['100.100.100.200', 'a shared (CGNAT) address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['255.255.255.255', 'the broadcast address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['192.0.0.170', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['0:0:0:0:0:0:0:1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fc00::1', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['fe80::1', 'a link-local address'],
    ['fe80::1%eth0', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fec0::1', 'a private address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:10.1.2.3', 'a private address'],
    ['::ffff:a9fe:a9fe', 'a cloud metadata address'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'a private address'],
    ['::127.0.0.1', 'a loopback address'],
    ['64:ff9b::a00:1', 'a private address'],
    ['64:ff9b::7f00:1', 'a loopback address'],
    ['2002:7f00:1::', 'a loopback address'],
    ['2002:a9fe:a9fe::1', 'a cloud metadata address'],
    ['not-an-ip', 'not an IP address'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '11.0.0.1',
    '2606:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    'fbff::1',
  ])('%s is public', (address) => {
    expect(classifyAddress(address)).toBeUndefined();
  });
});

describe('classifyHostname', () => {
  it.each([
    ['localhost', 'a loopback name'],
    ['LOCALHOST.', 'a loopback name'],
    ['app.localhost', 'a loopback name'],
    ['metadata.google.internal', 'a cloud metadata name'],
    ['metadata.google.internal.', 'a cloud metadata name'],
    ['metadata', 'a cloud metadata name'],
    ['127.0.0.1', 'a loopback address'],
    ['[::ffff:7f00:1]', 'a loopback address'],
  ])('%s is %s', (name, kind) => {
    expect(classifyHostname(name)).toBe(kind);
  });

  it.each(['example.com', 'localhost.example.com', 'mylocalhost', 'metadata.example.com', '8.8.8.8'])(
    '%s is left to DNS',
    (name) => {
      expect(classifyHostname(name)).toBeUndefined();
    },
  );

  it('gets IPv4 in any spelling from the URL parser as dotted decimal', () => {
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f000001/',
      'http://017700000001/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(classifyHostname(new URL(url).hostname), url).toBe('a loopback address');
    }
    expect(classifyHostname(new URL('http://0/').hostname)).toBe('an unspecified address');
  });
});
