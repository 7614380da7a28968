import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.js';
import { get } from '../helpers/http.js';
import { copySite, repoRoot } from '../helpers/run-cli.js';

/** Listens to dev's live events; `connected` resolves once dev has counted this client in (its `hello` event). */
function firstEvent(
  url: string,
  name: string,
  timeout = 15_000,
): { event: Promise<any>; connected: Promise<void>; close: () => void } {
  let req: http.ClientRequest;
  let onHello: () => void;
  const connected = new Promise<void>((resolve) => (onHello = resolve));
  const event = new Promise<any>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${name}' event`)), timeout);
    req = http.get(new URL('/__docsgen/events', url), (res) => {
      let buffer = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes('event: hello\n')) onHello();
        const match = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`).exec(buffer);
        if (match) {
          clearTimeout(timer);
          resolve(JSON.parse(match[1]));
        }
      });
    });
  });
  return { event, connected, close: () => req.destroy() };
}

describe('docsgen dev with a copy of the theme', () => {
  let server: DevServer;
  let templates: string;
  let scratch: string;

  beforeAll(async () => {
    // Inside the repository, so the theme's imports resolve to its node_modules.
    const cacheDir = path.join(repoRoot, 'node_modules/.cache/docsgen-tests');
    mkdirSync(cacheDir, { recursive: true });
    scratch = mkdtempSync(path.join(cacheDir, 'theme-'));
    templates = path.join(scratch, 'templates');
    cpSync(path.join(repoRoot, 'templates'), templates, { recursive: true });
    server = await startDevServer({
      root: copySite('minimal'),
      port: 0,
      templatesDir: templates,
      log: () => undefined,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('swaps the stylesheet without a reload when only CSS changes', async () => {
    const before = /href="(\/assets\/styles[^"]+\.css)"/.exec((await get(server.url, '/')).body)![1];
    const listener = firstEvent(server.url, 'css');
    await listener.connected;
    const file = path.join(templates, 'styles/base.css');
    writeFileSync(file, readFileSync(file, 'utf8') + '\n.dev-test-marker { color: rebeccapurple; }\n');
    const swap = await listener.event;
    listener.close();
    expect(swap.from).toEqual([before]);
    expect(swap.to).toHaveLength(1);
    expect(swap.to[0]).not.toBe(before);
    expect((await get(server.url, swap.to[0])).body).toContain('.dev-test-marker{');
    expect((await get(server.url, '/')).body).toContain(swap.to[0]);
  });
});
