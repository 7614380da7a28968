/**
 * Magic comments and the sample checker: the checker compiles a block as
 * written (its magic comment lines are comments, harmless to TypeScript) and
 * places its links in that code; the page shows the code without those
 * lines, so each link must move up with its line and still wrap its name.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../helpers/compile.js';
import { md, pageOf, useRepoChecker } from './checker-fixture.js';

const checker = useRepoChecker();

const SOURCE = md(
  '# Devices',
  '',
  '```tsx title="App.tsx"',
  "import { useCameraDevice, useCameraFormat } from 'react-native-vision-camera'",
  '// ---cut---',
  'export function App() {',
  '  // highlight-next-line',
  "  const device = useCameraDevice('back')",
  '  // highlight-start',
  '  const format = useCameraFormat(device, [])',
  '  // highlight-end',
  '  return format',
  '}',
  '```',
  '',
);

/** Each shown line of the page's code block: its classes and its linked names with their targets. */
function shownLines(html: string): { classes: string; text: string; links: string[] }[] {
  const code = /<code>([\s\S]*?)<\/code>/.exec(html)![1];
  return code.split('\n').map((line) => ({
    classes: /^<span class="([^"]*)">/.exec(line)![1],
    text: line.replace(/<[^>]+>/g, '').replace(/&apos;/g, "'"),
    links: [...line.matchAll(/<a class="code-ref" href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map(
      (m) => `${m[2].replace(/<[^>]+>/g, '')} → ${m[1]}`,
    ),
  }));
}

describe('links in a checked block with magic comments', () => {
  for (const format of ['md', 'mdx'] as const) {
    it(`land on their names once the comment lines are removed (.${format})`, async () => {
      const page = pageOf(`content/docs/guides/page.${format}`, SOURCE);
      const results = await checker().check([page]);
      expect(results.diagnostics).toEqual([]);
      const { html, diagnostics } = await compile(SOURCE, format, undefined, {
        samples: { sampleRefs: results.refs.get(page.id)! },
      });
      expect(diagnostics).toEqual([]);
      expect(shownLines(html)).toEqual([
        { classes: 'line', text: 'export function App() {', links: [] },
        {
          classes: 'line highlighted',
          text: "  const device = useCameraDevice('back')",
          links: ['useCameraDevice → /docs/api/functions/useCameraDevice'],
        },
        {
          classes: 'line highlighted',
          text: '  const format = useCameraFormat(device, [])',
          links: ['useCameraFormat → /docs/api/functions/useCameraFormat'],
        },
        { classes: 'line', text: '  return format', links: [] },
        { classes: 'line', text: '}', links: [] },
      ]);
    });
  }
});
