import { isIP } from 'node:net';

/**
 * Which addresses `check --external` must not request: a link in an
 * untrusted pull request could otherwise make CI request the cloud
 * metadata service, a router's admin page or a service on localhost
 * (server-side request forgery). An address is "not public" when it is
 * loopback, private, link-local, shared (CGNAT), unspecified, broadcast,
 * multicast, reserved or a metadata address, in IPv4 or any IPv6 form that
 * embeds one of those (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 */

type Range = [network: string, bits: number, kind: string];

/** Checked in order: the first match names the address (metadata before link-local, broadcast before reserved). */
const IPV4_RANGES: Range[] = [
  ['169.254.169.254', 32, 'a cloud metadata address'],
  ['255.255.255.255', 32, 'the broadcast address'],
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (CGNAT) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a reserved address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

const IPV6_RANGES: Range[] = [
  ['fd00:ec2::254', 128, 'a cloud metadata address'],
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  ['64:ff9b:1::', 48, 'a private address'],
  ['100::', 64, 'a reserved address'],
  ['fc00::', 7, 'a private address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a private address'],
  ['ff00::', 8, 'a multicast address'],
];

/** IPv6 prefixes whose last 32 bits (or bits 16-48 for 6to4) are an IPv4 address that decides. */
const EMBEDDING: [network: string, bits: number, offset: number][] = [
  ['::ffff:0:0', 96, 6],
  ['::', 96, 6],
  ['64:ff9b::', 96, 6],
  ['2002::', 16, 1],
];

/** Host names that lead to loopback or a metadata service whatever DNS says. */
const NAMED: [test: (name: string) => boolean, kind: string][] = [
  [(name) => name === 'localhost' || name.endsWith('.localhost'), 'a loopback name'],
  [
    (name) =>
      ['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data'].includes(name) ||
      name.startsWith('instance-data.'),
    'a cloud metadata name',
  ],
];

function ipv4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** An address without its IPv6 zone id (`fe80::1%eth0` → `fe80::1`). */
export function withoutZone(ip: string): string {
  const zone = ip.indexOf('%');
  return zone === -1 ? ip : ip.slice(0, zone);
}

/** The 16 bytes of an IPv6 address (a zone id is ignored; a dotted IPv4 tail is read). */
function ipv6Bytes(ip: string): number[] {
  let text = withoutZone(ip);
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) is the part after the last colon; `isIP` has already validated it.
  const tail = text.slice(text.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = ipv4Bytes(tail) as [number, number, number, number];
    text = text.slice(0, -tail.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(rest);
  const all =
    rest === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return all.flatMap((g) => [g >> 8, g & 255]);
}

function matches(bytes: number[], network: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const bit = (b: number[]) => (b[i >> 3]! >> (7 - (i & 7))) & 1;
    if (bit(bytes) !== bit(network)) return false;
  }
  return true;
}

function classifyIpv4(bytes: number[]): string | undefined {
  return IPV4_RANGES.find(([network, bits]) => matches(bytes, ipv4Bytes(network), bits))?.[2];
}

/**
 * Why an IP address (IPv4, or IPv6 with or without brackets) is not a
 * public one, such as `a loopback address`; undefined when it is public.
 * Anything that is not an IP address counts as not public.
 */
export function classifyAddress(address: string): string | undefined {
  const ip = address.replace(/^\[(.*)\]$/, '$1');
  const version = isIP(withoutZone(ip));
  if (version === 4) return classifyIpv4(ipv4Bytes(ip));
  if (version !== 6) return 'not an IP address';
  const bytes = ipv6Bytes(ip);
  const own = IPV6_RANGES.find(([network, bits]) => matches(bytes, ipv6Bytes(network), bits));
  if (own) return own[2];
  for (const [network, bits, offset] of EMBEDDING) {
    if (!matches(bytes, ipv6Bytes(network), bits)) continue;
    const kind = classifyIpv4(bytes.slice(offset * 2, offset * 2 + 4));
    if (kind) return kind;
  }
  return undefined;
}

/** A host name as compared: lower case, an IPv6 address without brackets, no trailing dot (`Example.COM.` → `example.com`). */
export function bareHostname(host: string): string {
  return host
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/(?<=.)\.$/, '');
}

/** Why a URL's host name (before any DNS) may not be requested: an IP literal that is not public, or a name for loopback or metadata. */
export function classifyHostname(hostname: string): string | undefined {
  const name = bareHostname(hostname);
  if (isIP(name)) return classifyAddress(name);
  return NAMED.find(([test]) => test(name))?.[1];
}
