import type { IncomingMessage, ServerResponse } from 'node:http';

/** The path the dev client listens on for server-sent events. */
export const EVENTS_PATH = '/__docsgen/events';

export interface LiveEvents {
  /** Answers an EventSource request and keeps the connection for later events. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Sends one event, as JSON, to every open tab. */
  send(event: string, data: unknown): void;
  /** How many tabs are listening. */
  readonly size: number;
  close(): void;
}

/**
 * Server-sent events to the open tabs: `hello` on connect (a new server id
 * makes the tab reload after a restart), then `reload`, `css`, `errors` and
 * `ok` as the site changes. `onConnect` may send the current state to the new tab.
 */
export function createLiveEvents(onConnect?: (send: (event: string, data: unknown) => void) => void): LiveEvents {
  const clients = new Set<ServerResponse>();
  const serverId = `${process.pid}-${Date.now()}`;
  const format = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const heartbeat = setInterval(() => {
    for (const res of clients) res.write(': ping\n\n');
  }, 20_000);
  heartbeat.unref();
  return {
    handle(req, res) {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 300\n\n');
      res.write(format('hello', { id: serverId }));
      clients.add(res);
      req.on('close', () => clients.delete(res));
      onConnect?.((event, data) => res.write(format(event, data)));
    },
    send(event, data) {
      const message = format(event, data);
      for (const res of clients) res.write(message);
    },
    get size() {
      return clients.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}
