import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DocsgenError, EXIT_USAGE } from '../errors.js';

export interface ListenResult {
  port: number;
  /** Set when the asked port was busy and a later one was taken. */
  busyPort?: number;
}

export interface ListenOptions {
  /** `--strict-port`: a busy port is an error (exit 2) instead of a move to the next one. */
  strictPort?: boolean;
  /** How many ports to try, the asked one included. */
  attempts?: number;
}

/**
 * Listens on `host:port`; when the port is busy, tries the next ones (up to
 * `attempts`) and says which it took, or with `strictPort` fails at once (a
 * script that opens a fixed URL needs that port, not the next). Port 0 takes
 * any free port.
 */
export async function listenOnFreePort(
  server: Server,
  port: number,
  host: string,
  options: ListenOptions = {},
): Promise<ListenResult> {
  const attempts = options.strictPort ? 1 : (options.attempts ?? 10);
  for (let i = 0; i < attempts; i++) {
    const candidate = port === 0 ? 0 : port + i;
    try {
      await listenOnce(server, candidate, host);
      const actual = (server.address() as AddressInfo).port;
      return i === 0 ? { port: actual } : { port: actual, busyPort: port };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && options.strictPort) {
        throw new DocsgenError(`port ${port} is in use (--strict-port)`, {
          exitCode: EXIT_USAGE,
          hint: 'stop the server using it, pass another --port, or leave out --strict-port to take the next free one',
          cause: error,
        });
      }
      if (code === 'EADDRINUSE' && port !== 0) continue;
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
        throw new DocsgenError(`cannot listen on ${host}: no such address on this machine`, {
          exitCode: EXIT_USAGE,
          hint: 'pass --host 127.0.0.1, or an address of this machine',
          cause: error,
        });
      }
      if (code === 'EACCES') {
        throw new DocsgenError(`not allowed to listen on port ${candidate}`, {
          exitCode: EXIT_USAGE,
          hint: 'ports below 1024 need privileges; pass --port 3000',
          cause: error,
        });
      }
      throw error;
    }
  }
  throw new DocsgenError(`ports ${port} to ${port + attempts - 1} are all in use`, {
    exitCode: EXIT_USAGE,
    hint: 'stop the other server or pass --port with a free port',
  });
}

function listenOnce(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** The URL to print for a bound server (IPv6 hosts in brackets). */
export function serverUrl(host: string, port: number, baseUrl = '/'): string {
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}${baseUrl}`;
}
