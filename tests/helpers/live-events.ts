import http from 'node:http';

/** One event of dev's live-reload stream. */
export interface LiveEvent {
  event: string;
  data: any;
}

/** Listens to the dev server's event stream and lets a test wait for one event. */
export function listen(url: string) {
  const events: LiveEvent[] = [];
  const waiters: { test: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  const req = http.get(new URL('/__docsgen/events', url), (res) => {
    let buffer = '';
    res.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || data === undefined) continue;
        const parsed = { event, data: JSON.parse(data) };
        events.push(parsed);
        for (const w of [...waiters]) if (w.test(parsed)) waiters.splice(waiters.indexOf(w), 1) && w.resolve(parsed);
      }
    });
  });
  return {
    events,
    /** Resolves with the first event (from now on) that passes the test. */
    next(test: (e: LiveEvent) => boolean, timeout = 60_000): Promise<LiveEvent> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(`no matching event within ${timeout} ms; got ${JSON.stringify(events.map((e) => e.event))}`),
            ),
          timeout,
        );
        waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => req.destroy(),
  };
}
