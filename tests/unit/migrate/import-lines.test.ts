/**
 * migrate reads a page's import lines to register the components it uses; an `import` shown in a code block is an
 * example for readers and must not be taken for one (every real site tried had dozens of false warnings).
 */
import { describe, expect, it } from 'vitest';
import { importLines } from '../../../cli/migrate/map-components.js';

describe('importLines', () => {
  it('reads the imports at the start of lines, with their line and default name', () => {
    const text = "import Step from '@site/src/theme/Step';\nimport {\n  a,\n} from './x';\n\n# Title\n";
    expect(importLines(text)).toEqual([
      { source: '@site/src/theme/Step', line: 1, defaultName: 'Step' },
      { source: './x', line: 2 },
    ]);
  });

  it('leaves out imports inside fenced code blocks, ``` and ~~~, longer fences and indented ones too', () => {
    const text = [
      "import Real from '@site/src/components/Real';",
      '```js',
      "import { atom } from 'recoil';",
      '```',
      '~~~~tsx',
      "import Shown from '@site/src/components/Shown';",
      '~~~',
      "import StillInside from 'x';",
      '~~~~',
      '   ```',
      "import Indented from 'y';",
      '   ```',
      "import After from '@site/src/components/After';",
    ].join('\n');
    expect(importLines(text).map((i) => i.source)).toEqual(['@site/src/components/Real', '@site/src/components/After']);
  });
});
