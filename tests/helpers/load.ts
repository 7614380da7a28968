import http from 'node:http';
import { get, type HttpResponse } from './http.js';

export interface LoadOptions {
  /** Origin of the server, e.g. http://127.0.0.1:3000/. */
  base: string;
  /** Raw paths requested in turn by every connection. */
  paths: string[];
  connections: number;
  durationMs: number;
  /** Sees every response (to check its body); runs before the connection sends its next request. */
  onResponse?: (path: string, response: HttpResponse) => void;
}

export interface LoadResult {
  requests: number;
  /** Responses by status code. */
  statuses: Map<number, number>;
  /** Connection errors (refused, reset, …), as messages. */
  errors: string[];
  durationMs: number;
}

/**
 * A small load generator (what autocannon does, for GETs): `connections`
 * keep-alive sockets each send one request after another, cycling through
 * `paths`, until `durationMs` has passed.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result: LoadResult = { requests: 0, statuses: new Map(), errors: [], durationMs: 0 };
  const start = performance.now();
  const deadline = start + options.durationMs;
  const connection = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i++) {
      const path = options.paths[i % options.paths.length]!;
      let response: HttpResponse;
      try {
        response = await get(options.base, path, { agent });
      } catch (error) {
        result.errors.push(`${path}: ${(error as Error).message}`);
        continue;
      }
      result.requests++;
      result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
      options.onResponse?.(path, response);
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, (_, i) => connection(i)));
  } finally {
    agent.destroy();
  }
  result.durationMs = Math.round(performance.now() - start);
  return result;
}
