import { readFile } from 'node:fs/promises';
import type { SiteSource } from '../serve/site-source.js';
import { injectDevClient } from './dev-client.js';

/**
 * The site's files as `docsgen dev` serves them: every HTML file gets the
 * live-reload client, and is encoded once per version of the page, so a
 * page asked for again and again (a tab reloading, a load test) costs no
 * new copy of it. A file that vanishes before it is read is not found.
 */
export function withDevClient(source: SiteSource, baseUrl: () => string): SiteSource {
  const encoded = new Map<string, { html: string; base: string; bytes: Uint8Array }>();
  return {
    async get(sitePath) {
      const entry = await source.get(sitePath);
      if (!sitePath.endsWith('.html')) return entry;
      const html = entry && (await htmlOf(entry));
      if (html === undefined) {
        encoded.delete(sitePath);
        return undefined;
      }
      const base = baseUrl();
      const cached = encoded.get(sitePath);
      if (cached?.html === html && cached.base === base) return { body: cached.bytes };
      const bytes = Buffer.from(injectDevClient(html, base));
      encoded.set(sitePath, { html, base, bytes });
      return { body: bytes };
    },
  };
}

async function htmlOf(entry: NonNullable<Awaited<ReturnType<SiteSource['get']>>>): Promise<string | undefined> {
  if ('body' in entry) return typeof entry.body === 'string' ? entry.body : Buffer.from(entry.body).toString('utf8');
  return readFile(entry.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
