import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withDevClient } from '../../../cli/dev/dev-source.js';
import { createDiskSource, type SiteEntry } from '../../../cli/serve/site-source.js';
import { tempDir } from '../../helpers/run-cli.js';

const text = (entry: SiteEntry | undefined) =>
  entry && 'body' in entry ? Buffer.from(entry.body).toString('utf8') : undefined;

describe('withDevClient', () => {
  it('adds the live-reload client to HTML pages once per version of the page', async () => {
    let page = '<html><body><main>one</main></body></html>';
    const source = withDevClient(
      { get: async (sitePath) => (sitePath === 'a.html' ? { body: page } : { body: 'plain' }) },
      () => '/',
    );
    const first = await source.get('a.html');
    expect(text(first)).toMatch(/<main>one<\/main><script>[\s\S]*EventSource[\s\S]*<\/script><\/body>/);
    // The same page again is the same bytes, not a new copy.
    expect(((await source.get('a.html')) as { body: Uint8Array }).body).toBe((first as { body: Uint8Array }).body);
    page = '<html><body><main>two</main></body></html>';
    expect(text(await source.get('a.html'))).toContain('<main>two</main><script>');
    expect(await source.get('a.css')).toEqual({ body: 'plain' });
  });

  it('treats an HTML file deleted before it is read as not found', async () => {
    const dir = tempDir('docsgen-dev-source-');
    writeFileSync(path.join(dir, 'page.html'), '<body>on disk</body>');
    const disk = createDiskSource(dir);
    // Found on disk, then deleted before it is read.
    const vanishing = {
      async get(sitePath: string) {
        const entry = await disk.get(sitePath);
        rmSync(path.join(dir, sitePath), { force: true });
        return entry;
      },
    };
    const source = withDevClient(vanishing, () => '/');
    expect(await source.get('page.html')).toBeUndefined();
  });
});
