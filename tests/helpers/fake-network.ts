import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import net, { isIP, type LookupFunction } from 'node:net';

/**
 * A pretend DNS: name → addresses (a function for answers that change, as
 * in DNS rebinding). Unknown names fail with ENOTFOUND. Records each name asked.
 */
export function fakeDns(table: Record<string, string[] | (() => string[])>, asked: string[] = []): LookupFunction {
  return (hostname, options, callback) => {
    asked.push(hostname);
    setImmediate(() => {
      const entry = table[hostname];
      if (!entry)
        return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      const list: LookupAddress[] = (typeof entry === 'function' ? entry() : entry).map((address) => ({
        address,
        family: isIP(address),
      }));
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * An agent standing in for the internet: each connection still asks the
 * request's own `lookup` (the guard under test) for the host's addresses,
 * as a real connection does, and once that approves, the bytes go to the
 * local test server instead of the (made-up) address. Nothing leaves the machine.
 */
export class LocalInternetAgent extends http.Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }

  override createConnection(
    options: net.NetConnectOpts & { host?: string; lookup?: LookupFunction },
    callback?: (error: Error | null, socket: net.Socket) => void,
  ): net.Socket {
    const ask = options.lookup;
    const host = options.host ?? 'localhost';
    const socket = net.connect({
      port: this.port,
      host: isIP(host) ? '127.0.0.1' : host,
      lookup: (hostname, opts, done) => {
        if (!ask) return done(new Error('no lookup was given') as NodeJS.ErrnoException, '', 0);
        ask(hostname, opts, (error) => {
          if (error) return done(error, '', 0);
          if (opts.all)
            (done as unknown as (e: null, a: LookupAddress[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
          else done(null, '127.0.0.1', 4);
        });
      },
    });
    if (callback) socket.once('connect', () => callback(null, socket));
    return socket;
  }
}
