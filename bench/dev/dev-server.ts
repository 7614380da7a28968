import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A running `docsgen dev` started by the benchmark. */
export interface DevServer {
  /** Origin the server answers on, e.g. `http://127.0.0.1:41234`. */
  origin: string;
  /** Milliseconds from spawning the process to the first 200 answer for the page. */
  readyMs: number;
  /** Stops the server (SIGINT, then SIGKILL after 5 s) and waits for it to exit. */
  stop(): Promise<void>;
}

/** A TCP port that was free a moment ago, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const URL_PATTERN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/;

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts `docsgen dev --root <siteRoot> --port N --host 127.0.0.1` on a free port and waits until `pagePath` answers
 * 200. The origin is read from the URL the command prints (falling back to the requested port).
 */
export async function startDevServer(
  docsgenRoot: string,
  siteRoot: string,
  pagePath: string,
  timeoutMs = 60_000,
): Promise<DevServer> {
  const port = await freePort();
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [
      path.join(docsgenRoot, 'bin/docsgen.mjs'),
      'dev',
      '--root',
      siteRoot,
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: siteRoot,
      env: { ...process.env, NO_COLOR: '1', BROWSER: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let origin: string | undefined;
  const collect = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk;
    origin ??= URL_PATTERN.exec(output)?.[0];
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  while (performance.now() - start < timeoutMs) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`docsgen dev exited (${child.exitCode ?? child.signalCode}): ${output.trim().slice(-400)}`);
    const base = origin ?? `http://127.0.0.1:${port}`;
    if (await answers(base + pagePath)) {
      const readyMs = performance.now() - start;
      return { origin: base, readyMs, stop: () => stopChild(child) };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stopChild(child);
  throw new Error(`docsgen dev did not serve ${pagePath} within ${timeoutMs / 1000} s: ${output.trim().slice(-400)}`);
}
