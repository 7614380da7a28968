import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../../cli/config/load-config.js';
import { planDocs } from '../../../cli/routes/plan-docs.js';
import type { ContentFile, FrontMatter } from '../../../cli/types.js';

/** A loaded doc, its id as load-content makes it (number prefixes off, front matter id over the file name). */
function file(docPath: string, id: string, frontMatter: FrontMatter = {}): ContentFile {
  return {
    path: `/site/content/docs/${docPath}`,
    file: `content/docs/${docPath}`,
    docPath,
    id,
    format: 'md',
    frontMatter,
    body: '',
    bodyLineOffset: 0,
    hash: docPath,
  };
}
const config = validateConfig({ title: 'Site', url: 'https://site.dev' });

describe('planDocs: routes of docs in numbered folders and category index docs', () => {
  it('routes index.md, README.md and <folder>.md at their folder (any case, number prefixes aside), and nothing else', () => {
    const { docs } = planDocs(
      [
        file('02-guides/index.md', 'guides/index'),
        file('03-reference/README.md', 'reference/README'),
        file('04-tools/04-Tools.md', 'tools/Tools'),
        file('05-more/other.md', 'more/other'),
        file('06-named/index.md', 'named/start', { id: 'start' }),
        file('07-slugged/README.md', 'slugged/README', { slug: 'here' }),
      ],
      config,
    );
    expect(docs.map((d) => d.path)).toEqual([
      '/docs/guides',
      '/docs/reference',
      '/docs/tools',
      '/docs/more/other',
      '/docs/named/start',
      '/docs/slugged/here',
    ]);
  });
});
