import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FoundSample } from '../../../cli/samples/find-samples.js';
import { placeInSource, planBlock, shownLineOf } from '../../../cli/samples/page-files.js';

const sample = (lang: string, meta: string, code = 'export {}', line = 10, column = 3): FoundSample => ({
  lang,
  meta,
  code,
  line,
  column,
});

describe("a page's blocks as files of its folder", () => {
  it('names a titled block by its base name with its language extension, others block-<n>, and numbers repeats', () => {
    const taken = new Set<string>();
    const names = [
      sample('tsx', 'title="src/useFaceDetector.ts"'),
      sample('ts', ''),
      sample('tsx', 'title="App.tsx" {3}'),
      sample('tsx', "title='app.tsx'"),
      sample('typescript', 'title=../../etc/passwd'),
      sample('TS', 'title="my file (1).ts"'),
      sample('ts', 'title=".."'),
    ].map((s, i) => path.basename(planBlock(s, i, '/site/.docsgen-samples/p', taken).file.path));
    expect(names).toEqual([
      'useFaceDetector.tsx',
      'block-2.ts',
      'App.tsx',
      'app-2.tsx',
      'passwd.ts',
      'my_file__1_.ts',
      'block-7.ts',
    ]);
  });

  it('puts the setup first and maps positions back to the setup file, the Markdown and the shown code', () => {
    const code = ['const hidden = 1', '// ---cut---', 'shown(hidden)', 'more()', '// ---cut-after---', 'tail()'].join(
      '\n',
    );
    const block = planBlock(sample('ts', 'setup=camera', code, 20, 5), 0, '/f', new Set(), {
      name: 'camera',
      file: 'content/code-setup/camera.ts',
      text: 'import a from "a"\nimport b from "b"\n',
    });
    expect(block.file.text.split('\n')).toEqual(['import a from "a"', 'import b from "b"', ...code.split('\n')]);
    expect(block.file.shown).toEqual({ from: 4, to: 6 });
    expect(placeInSource(block, 'page.mdx', 1, 7)).toEqual({
      file: 'content/code-setup/camera.ts',
      line: 2,
      column: 8,
    });
    expect(placeInSource(block, 'page.mdx', 2, 0)).toEqual({ file: 'page.mdx', line: 20, column: 5 });
    expect(placeInSource(block, 'page.mdx', 7, 2)).toEqual({ file: 'page.mdx', line: 25, column: 7 });
    expect([2, 3, 4, 5, 6, 7].map((line) => shownLineOf(block, line))).toEqual([
      undefined,
      undefined,
      0,
      1,
      undefined,
      undefined,
    ]);
  });
});
