import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { spawnCli } from '../helpers/cli-process.js';
import { copySite } from '../helpers/run-cli.js';

describe('docsgen dev on a busy port', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('takes the next free port and says which one was busy', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => blocker.close(() => resolve())));
    const busy = (blocker.address() as AddressInfo).port;
    let server: DevServer | undefined;
    try {
      server = await startDevServer({ root: copySite('minimal'), port: busy, log: () => undefined });
    } catch (error) {
      // The next port may itself be taken on a busy machine; then the message must say so.
      expect(String(error)).toMatch(/in use/);
      return;
    }
    closers.push(() => server!.close());
    expect(server.busyPort).toBe(busy);
    expect(server.port).toBeGreaterThan(busy);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });
});

describe('docsgen dev --strict-port', () => {
  it('on a busy port exits 2 with a message naming the port, instead of taking the next one', async () => {
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busy = (blocker.address() as AddressInfo).port;
    try {
      const dev = spawnCli(['dev', '--root', copySite('minimal'), '--port', String(busy), '--strict-port']);
      expect(await dev.exited).toBe(2);
      expect(dev.stderr()).toContain(`port ${busy} is in use (--strict-port)`);
      expect(dev.stderr()).not.toContain('docsgen dev ready');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
