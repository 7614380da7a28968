import http from 'node:http';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's length in bytes, as received. */
  bytes: number;
  /** The body as received (still compressed when the server compressed it). */
  raw: Buffer;
}

/**
 * One request with the raw path (no URL normalisation), without following
 * redirects. `base` gives the host and port; pass an agent to reuse
 * keep-alive connections.
 */
export function get(
  base: string,
  rawPath: string,
  options: { method?: string; agent?: http.Agent; headers?: http.OutgoingHttpHeaders } = {},
): Promise<HttpResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .request(
        {
          host: hostname,
          port,
          path: rawPath,
          method: options.method ?? 'GET',
          agent: options.agent,
          headers: options.headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              body: body.toString('utf8'),
              bytes: body.byteLength,
              raw: body,
            });
          });
        },
      )
      .on('error', reject)
      .end();
  });
}

/** Serves a request handler (a router) on a free port of 127.0.0.1, for tests that call it over HTTP. */
export async function listenLocally(
  handler: http.RequestListener,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
