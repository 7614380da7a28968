import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { addLastUpdates } from '../../../cli/last-update/last-updates.js';
import type { Route } from '../../../cli/types.js';
import { LastUpdated } from '../../../templates/theme/LastUpdated.js';

const commits = new Map([
  ['content/docs/a.md', { time: 1767225600, author: 'Git Author' }],
  ['content/docs/b.md', { time: 1767225600, author: 'Eve \u001b[31m"<b>&amp;</b>"\u0007' }],
]);
const doc = (file: string, frontMatter: Route['frontMatter'] = {}): Route => ({
  path: '/docs/x',
  kind: 'doc',
  title: 'X',
  file,
  frontMatter,
});
const docs = (showLastUpdateAuthor: boolean) =>
  ({ docs: { showLastUpdateAuthor } }) as Parameters<typeof addLastUpdates>[2];

describe('addLastUpdates', () => {
  it('takes front matter last_update field by field before git, and keeps the author only when the site shows it', () => {
    const routes = [
      doc('content/docs/a.md', { last_update: { author: 'Written Author' } }),
      doc('content/docs/a.md', { last_update: { date: '2020-02-02T00:00:00.000Z' } }),
      doc('content/docs/untracked.md'),
    ];
    addLastUpdates(routes, { commits }, docs(true));
    expect(routes.map((r) => r.lastUpdate)).toEqual([
      { date: '2026-01-01T00:00:00.000Z', author: 'Written Author' },
      { date: '2020-02-02T00:00:00.000Z', author: 'Git Author' },
      undefined,
    ]);
    const hidden = [doc('content/docs/a.md')];
    addLastUpdates(hidden, { commits }, docs(false));
    expect(hidden[0].lastUpdate).toEqual({ date: '2026-01-01T00:00:00.000Z' });
  });

  it('leaves pages that are not guides alone', () => {
    const api: Route = { path: '/docs/api', kind: 'api', title: 'API', file: 'content/docs/a.md' };
    addLastUpdates([api], { commits }, docs(true));
    expect(api.lastUpdate).toBeUndefined();
  });

  it('shows a commit author as text: control characters dropped, markup escaped', () => {
    const routes = [doc('content/docs/b.md')];
    addLastUpdates(routes, { commits }, docs(true));
    expect(routes[0].lastUpdate?.author).toBe('Eve [31m"<b>&amp;</b>"');
    expect(renderToStaticMarkup(LastUpdated({ lastUpdate: routes[0].lastUpdate, showTime: true })!)).toBe(
      '<p class="last-updated">Last updated on <time dateTime="2026-01-01T00:00:00.000Z">January 1, 2026</time> by <span class="last-updated-author">Eve [31m&quot;&lt;b&gt;&amp;amp;&lt;/b&gt;&quot;</span></p>',
    );
  });
});
