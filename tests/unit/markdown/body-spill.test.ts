import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { BodySpill } from '../../../cli/markdown/body-spill.js';
import type { PageContent } from '../../../cli/types.js';

const spillFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('docsgen-bodies-'));

const page = (html: string, markdown?: string): PageContent =>
  ({
    html,
    ...(markdown === undefined ? {} : { markdown }),
    headings: [{ id: 'a', text: 'A', depth: 2 }],
    links: [],
    assets: {},
    diagnostics: [],
  }) as unknown as PageContent;

describe("build's compiled bodies on disk (BodySpill)", () => {
  it('gives back each page as it was: read, serialised, and sent to a worker', () => {
    const spill = BodySpill.open();
    try {
      const pages = [
        page('<p>Plain text.</p>', '# Plain\n'),
        page('<p>Ünïcödé, 日本語, emoji 📸 and a lone \u00e9.</p>', '# 📸 Camera\n\nCafé.\n'),
        page('<p>No copy.</p>'),
        page('', ''),
      ];
      const expected = pages.map((p) => JSON.stringify(p));
      const kept = pages.map((p) => spill.keep(p));
      expect(kept).toEqual(pages.map((p) => expect.objectContaining({ html: p.html })));
      expect(kept.map((p) => JSON.stringify(p))).toEqual(expected);
      // Sent to a render worker: structured cloning reads the fields.
      expect(kept.map((p) => JSON.stringify(structuredClone(p)))).toEqual(expected);
      expect('markdown' in kept[2]).toBe(false);
      // Read twice, the same.
      expect(kept[1].html).toBe(kept[1].html);
      expect(kept[1].markdown).toBe('# 📸 Camera\n\nCafé.\n');
    } finally {
      spill.close();
    }
  });

  it('lets render empty a written page, and keeps its Markdown copy for the write', () => {
    const spill = BodySpill.open();
    try {
      const content = spill.keep(page('<p>Body</p>', '# Copy\n'));
      content.html = '';
      expect(content.html).toBe('');
      expect(content.markdown).toBe('# Copy\n');
      // Kept again (a page filled with site components after compiling): only what is in memory moves.
      const again = spill.keep(content);
      expect(again.html).toBe('');
      expect(again.markdown).toBe('# Copy\n');
    } finally {
      spill.close();
    }
  });

  it('leaves nothing in the temporary folder, even before it is closed, and lets the bodies go when closed', () => {
    const before = spillFolders();
    const spill = BodySpill.open();
    const content = spill.keep(page('<p>Body</p>', '# Copy\n'));
    // The file was removed once open: a build killed now leaves nothing behind.
    expect(spillFolders()).toEqual(before);
    spill.close();
    spill.close();
    expect(content.html).toBe('');
    expect(content.markdown).toBe('');
    expect(content.headings).toHaveLength(1);
  });
});
