import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import os from 'node:os';
import { bareHostname, withoutZone } from '../http/private-addresses.js';

/**
 * Protection against DNS rebinding: a web page on `evil.example` can point
 * its own name at 127.0.0.1 and then read `dev` or `serve` from the browser
 * as if it were same-origin. Its requests still carry `Host: evil.example`,
 * so both servers answer only requests whose Host names this server: the
 * address it listens on, `localhost` (and `*.localhost`), a loopback IP, or,
 * when it listens on every interface (0.0.0.0, ::), one of the machine's
 * own addresses; all with the port it listens on. `--allowed-hosts` adds
 * names (any port, so a reverse proxy in front works), or allows any host.
 */

/** Extra hosts a server answers for: names (`.example.com` also allows its subdomains), or `true` for any host. */
export type AllowedHosts = readonly string[] | true;

export interface HostCheckOptions {
  /** The address the server listens on (`--host`). */
  host: string;
  /** The port it listens on (known once it listens). */
  port: () => number;
  /** Extra hosts; read on every request, so a reloaded config takes effect. */
  allowedHosts: () => AllowedHosts;
  /** How to allow a host, for the refusal's text (`--allowed-hosts` and, for dev, the config key). */
  howToAllow: (hostname: string) => string;
}

/** A Host header split into a lower-case hostname (IPv6 without brackets, no trailing dot) and a port; undefined when malformed. */
export function parseHostHeader(header: string | undefined): { hostname: string; port: number } | undefined {
  if (!header) return undefined;
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::(\d{1,5}))?$/i.exec(header);
  if (!match) return undefined;
  const v6 = match[1];
  if (v6 !== undefined && isIP(v6) !== 6) return undefined;
  const hostname = bareHostname(v6 ?? match[2]!);
  const port = match[3] === undefined ? 80 : Number(match[3]);
  return port <= 65535 ? { hostname, port } : undefined;
}

/** An IP in one spelling: IPv6 compressed and lower case, IPv4-mapped IPv6 as the IPv4 address. */
function canonicalIp(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const compressed = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!mapped) return compressed;
  const [hi, lo] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

const isLoopbackIp = (ip: string) => ip === '::1' || /^127\.\d+\.\d+\.\d+$/.test(ip);
const isWildcard = (host: string) => host === '' || (isIP(host) !== 0 && /^(0\.0\.0\.0|::)$/.test(canonicalIp(host)));

/** The machine's own addresses, for a server listening on every interface. */
function interfaceAddresses(): Set<string> {
  const found = new Set<string>();
  for (const list of Object.values(os.networkInterfaces()))
    for (const info of list ?? []) found.add(canonicalIp(withoutZone(info.address)));
  return found;
}

/** True when `hostname` is one of the names in `allowed` (a leading dot allows the name and its subdomains). */
function isListed(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    const name = bareHostname(entry);
    if (name.startsWith('.')) return hostname === name.slice(1) || hostname.endsWith(name);
    return isIP(name) && isIP(hostname) ? canonicalIp(name) === canonicalIp(hostname) : hostname === name;
  });
}

/** Whether a request with this Host header may be answered. */
export function isAllowedHost(header: string | undefined, options: Omit<HostCheckOptions, 'howToAllow'>): boolean {
  const allowed = options.allowedHosts();
  if (allowed === true) return true;
  const parsed = parseHostHeader(header);
  if (!parsed) return false;
  const { hostname } = parsed;
  if (isListed(hostname, allowed)) return true;
  if (parsed.port !== options.port()) return false;
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  const listen = options.host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (!isIP(hostname)) return hostname === bareHostname(options.host);
  const ip = canonicalIp(hostname);
  if (isLoopbackIp(ip)) return true;
  if (isIP(listen) && canonicalIp(listen) === ip) return true;
  return isWildcard(listen) && interfaceAddresses().has(ip);
}

/**
 * Answers 403 to a request whose Host this server does not answer for, with
 * a short plain-text reason naming the way to allow it; resolves to true
 * when the request may go on. Only a Host that parsed (letters, digits,
 * dots, dashes, colons) is repeated in the answer.
 */
export function checkHost(req: IncomingMessage, res: ServerResponse, options: HostCheckOptions): boolean {
  if (isAllowedHost(req.headers.host, options)) return true;
  const parsed = parseHostHeader(req.headers.host);
  const what = parsed ? `the host ${JSON.stringify(req.headers.host)}` : 'a request without a valid Host header';
  const body = parsed
    ? `Blocked ${what}: this server only answers requests for its own address, localhost or the hosts allowed (a guard against DNS rebinding).\nTo allow this host, ${options.howToAllow(parsed.hostname)}.\n`
    : `Blocked ${what}: this server only answers requests for its own address, localhost or the hosts allowed (a guard against DNS rebinding).\n`;
  res.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return false;
}

/** `--allowed-hosts a.example,.example.org` → the names; `*` → any host; `{ invalid }` names an entry that is not a host name or IP. */
export function parseAllowedHostsList(value: string): AllowedHosts | { invalid: string } {
  if (value.trim() === '*') return true;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = names.find(
    (name) => !/^\.?[a-z0-9_.-]+\.?$/i.test(name) && !(isIP(name.replace(/^\[(.*)\]$/, '$1')) === 6),
  );
  return invalid !== undefined ? { invalid } : names;
}
