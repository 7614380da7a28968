import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress, classifyHostname } from './private-addresses.js';

/**
 * One HEAD or GET of an external link, redirects followed by hand, that
 * never reaches an address that is not public (see private-addresses.ts)
 * unless allowed: the host name is checked as written (IP literals in any
 * spelling arrive here normalised by the URL parser), then every address
 * DNS gives for it is checked inside the connection's own `lookup`, so the
 * socket connects only to addresses that were checked (a DNS answer that
 * changes between a check and the connection cannot slip through), and the
 * same happens again on every redirect hop.
 */

export interface GuardedRequestOptions {
  method: 'HEAD' | 'GET';
  /** The whole chain of redirects shares it. */
  signal: AbortSignal;
  /** Request loopback, private, link-local and metadata addresses too. */
  allowPrivateNetworks?: boolean;
  /** DNS lookup with `dns.lookup`'s signature; tests pass their own. */
  lookup?: LookupFunction;
  /** Agents for `http:` and `https:`; tests route them to a local server. Default: a new connection per request. */
  agents?: { http?: http.Agent; https?: https.Agent };
  /** Default 10. */
  maxRedirects?: number;
}

/** What a request came to: the final status (with the answer's `Retry-After`, if any), or why it was not (or no further) requested. */
export type GuardedResult =
  | { status: number; retryAfter?: string }
  | { refused: string; url: string; hops: number }
  | { error: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  'user-agent': 'docsgen-link-check (+https://github.com/mrousavy/react-native-vision-camera)',
  accept: 'text/html,*/*;q=0.8',
};

/** Raised inside the connection's lookup: the name resolved to an address that is not public. */
class RefusedAddressError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** `dns.lookup`, except that a name with any address that is not public fails the connection before it is made. */
function guardLookup(inner: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    inner(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as unknown as LookupAddress[];
      for (const { address } of addresses) {
        const kind = classifyAddress(address);
        if (kind)
          return callback(
            new RefusedAddressError(`${hostname} resolves to ${address}, ${kind}`) as NodeJS.ErrnoException,
            '',
            0,
          );
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      if (!addresses[0])
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Requests `url`, following up to `maxRedirects` redirects; network errors and timeouts reject as Node raises them. */
export async function requestGuarded(url: string, options: GuardedRequestOptions): Promise<GuardedResult> {
  const lookup = options.lookup ?? (dns.lookup as unknown as LookupFunction);
  const guarded = options.allowPrivateNetworks ? lookup : guardLookup(lookup);
  const maxRedirects = options.maxRedirects ?? 10;
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return { error: 'not a valid URL' };
  }
  for (let hops = 0; ; hops++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:')
      return { error: `redirects to a ${current.protocol} URL, which is not requested` };
    const named = options.allowPrivateNetworks ? undefined : classifyHostname(current.hostname);
    if (named) return { refused: `${current.hostname} is ${named}`, url: current.href, hops };
    let answer: Answer;
    try {
      answer = await requestOnce(current, options, guarded);
    } catch (error) {
      if (error instanceof RefusedAddressError) return { refused: error.reason, url: current.href, hops };
      throw error;
    }
    if (!REDIRECTS.has(answer.status) || answer.location === undefined)
      return answer.retryAfter === undefined
        ? { status: answer.status }
        : { status: answer.status, retryAfter: answer.retryAfter };
    if (hops >= maxRedirects) return { error: `more than ${maxRedirects} redirects` };
    try {
      current = new URL(answer.location, current);
    } catch {
      return { error: 'redirects to an invalid URL' };
    }
  }
}

interface Answer {
  status: number;
  location?: string;
  retryAfter?: string;
}

function requestOnce(url: URL, options: GuardedRequestOptions, lookup: LookupFunction): Promise<Answer> {
  const secure = url.protocol === 'https:';
  const agent = (secure ? options.agents?.https : options.agents?.http) ?? false;
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(
      url,
      { method: options.method, headers: HEADERS, signal: options.signal, lookup, agent },
      (res) => {
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location,
          retryAfter: res.headers['retry-after'],
        });
        // Only the status matters: the body is never read.
        res.destroy();
      },
    );
    req.on('error', (error) =>
      reject(
        (error as Error & { cause?: unknown }).cause instanceof RefusedAddressError
          ? (error as { cause: unknown }).cause
          : error,
      ),
    );
    req.end();
  });
}
