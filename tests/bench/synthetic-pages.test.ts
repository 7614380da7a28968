import { describe, expect, it } from 'vitest';
import { docsgenPageSource, hugoPageSource, parseGuide, type PagePlan } from '../../bench/synthetic/copy-page.js';
import { extractCodeBlocks } from '../../bench/synthetic/fences.js';
import { markCodeBlocks } from '../../bench/synthetic/unique-code.js';

const GUIDE = parseGuide(
  'formats',
  [
    '---',
    'id: formats',
    'title: Formats',
    'slug: /guides/formats',
    '---',
    "import Tabs from '@theme/Tabs'",
    '',
    'See [devices](/docs/guides/devices#pick) and [the API](/docs/api/interfaces/CameraProps).',
    '',
    ':::tip[Pick wisely]',
    'Text.',
    ':::',
    '',
    '<Tabs groupId="os">',
    '```tsx title="App.tsx" {2}',
    'const a = 1',
    'const b = 2',
    '```',
    '</Tabs>',
    '',
    '```bash',
    'npm install',
    '```',
    '',
    '```xml',
    '<key>A</key>',
    '```',
    '',
    '```mermaid',
    'flowchart TD',
    '  a --> b',
    '```',
  ].join('\n'),
);
const PAGE: PagePlan = { guide: 'formats', copy: 7, id: 'formats-0007', title: 'Formats (copy 7)' };

describe('synthetic benchmark pages', () => {
  it('appends a comment naming the copy to every code block, in the language of the block, after its last line', () => {
    const marked = markCodeBlocks(GUIDE.body, 'copy 7');
    expect(extractCodeBlocks(marked)).toEqual([
      'const a = 1\nconst b = 2\n// copy 7',
      'npm install\n# copy 7',
      '<key>A</key>\n<!-- copy 7 -->',
      'flowchart TD\n  a --> b\n%% copy 7',
    ]);
    expect(marked).toContain('```tsx title="App.tsx" {2}');
  });

  it('gives each docsgen copy a new id and title and keeps its links inside the same copy', () => {
    const source = docsgenPageSource(GUIDE, PAGE, (id) => id === 'devices-0007');
    expect(source).toMatch(/^id: formats-0007$/m);
    expect(source).toMatch(/^title: Formats \(copy 7\)$/m);
    expect(source).not.toMatch(/^slug:/m);
    expect(source).toContain('](/docs/synthetic/devices-0007#pick)');
    expect(source).toContain('](https://react-native-vision-camera.com/docs/api/interfaces/CameraProps)');
  });

  it('points a link at copy 1 when its own copy lacks the page, and at the production site when no copy has it', () => {
    expect(docsgenPageSource(GUIDE, PAGE, (id) => id === 'devices-0001')).toContain(
      '](/docs/synthetic/devices-0001#pick)',
    );
    expect(docsgenPageSource(GUIDE, PAGE, () => false)).toContain(
      '](https://react-native-vision-camera.com/docs/guides/devices#pick)',
    );
  });

  it('turns a page into plain Markdown for Hugo: title-only front matter, no MDX, fences with the language only', () => {
    const source = hugoPageSource(GUIDE, PAGE, () => true);
    expect(source.startsWith('---\ntitle: "Formats (copy 7)"\n---\n')).toBe(true);
    expect(source).not.toMatch(/import Tabs|<\/?Tabs|^:::/m);
    expect(source).toContain('**Pick wisely**');
    expect(source).toContain('\n```tsx\nconst a = 1');
    expect(extractCodeBlocks(source)[0]).toBe('const a = 1\nconst b = 2\n// docsgen bench: copy 7 of formats');
  });
});
