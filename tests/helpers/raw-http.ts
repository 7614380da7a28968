import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/**
 * Sends one request exactly as written (so a test can forge, repeat or leave
 * out the Host header) to 127.0.0.1:port and reads the answer until the
 * server closes, `enough` says the data read so far will do (for streams
 * that never end), or `maxMs` passes.
 */
export function rawRequest(
  port: number,
  head: string,
  maxMs = 60_000,
  enough?: (data: string) => boolean,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const [headers = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1] ?? 0);
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    };
    const timer = setTimeout(finish, maxMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (enough?.(data)) finish();
    });
    socket.on('end', finish);
    socket.on('error', (error) => (data ? finish() : reject(error)));
    socket.write(head);
  });
}

/** A GET with the given Host header line (or none when `host` is undefined). */
export function getWithHost(
  port: number,
  path: string,
  host: string | undefined,
  version = '1.1',
): Promise<RawResponse> {
  return rawRequest(
    port,
    `GET ${path} HTTP/${version}\r\n${host === undefined ? '' : `Host: ${host}\r\n`}Connection: close\r\n\r\n`,
  );
}
