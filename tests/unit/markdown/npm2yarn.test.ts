import { describe, expect, it } from 'vitest';
import { convertNpmCode } from '../../../cli/markdown/npm2yarn.js';
import { compile } from '../../helpers/compile.js';
import { testContext } from '../../helpers/compile.js';

describe('npm commands for Yarn and pnpm', () => {
  const table: [string, string, string][] = [
    ['npm install', 'yarn install', 'pnpm install'],
    [
      'npm install react-native-vision-camera',
      'yarn add react-native-vision-camera',
      'pnpm add react-native-vision-camera',
    ],
    ['npm i a b', 'yarn add a b', 'pnpm add a b'],
    ['npm install --save-dev typescript', 'yarn add --dev typescript', 'pnpm add --save-dev typescript'],
    ['npm i -D typescript', 'yarn add --dev typescript', 'pnpm add --save-dev typescript'],
    ['npm install --save lodash', 'yarn add lodash', 'pnpm add lodash'],
    ['npm install --global eas-cli', 'yarn global add eas-cli', 'pnpm add --global eas-cli'],
    ['npm uninstall left-pad', 'yarn remove left-pad', 'pnpm remove left-pad'],
    ['npm run build', 'yarn run build', 'pnpm run build'],
    [
      'npm run ios -- --simulator "iPhone 15"',
      'yarn run ios -- --simulator "iPhone 15"',
      'pnpm run ios -- --simulator "iPhone 15"',
    ],
    ['npm test', 'yarn test', 'pnpm test'],
    ['npm start', 'yarn start', 'pnpm start'],
    ['npm ci', 'yarn install --frozen-lockfile', 'pnpm install --frozen-lockfile'],
    ['npx pod-install', 'yarn dlx pod-install', 'pnpm dlx pod-install'],
    ['npm init expo-app my-app', 'yarn create expo-app my-app', 'pnpm create expo-app my-app'],
    ['cd ios && npm install', 'cd ios && yarn install', 'cd ios && pnpm install'],
  ];
  for (const [npm, yarn, pnpm] of table) {
    it(`writes '${npm}' as '${yarn}' and '${pnpm}'`, () => {
      expect(convertNpmCode(npm, 'yarn')).toBe(yarn);
      expect(convertNpmCode(npm, 'pnpm')).toBe(pnpm);
    });
  }

  it('leaves other lines, comments and indentation as they are', () => {
    expect(convertNpmCode('# npm install x\ncd example\n  npm install x\necho npm install', 'yarn')).toBe(
      '# npm install x\ncd example\n  yarn add x\necho npm install',
    );
  });
});

describe('npm2yarn code blocks', () => {
  it('become npm, Yarn and pnpm tabs of the group npm2yarn, each a code block with the meta kept', async () => {
    const { html, diagnostics } = await compile(
      '```bash npm2yarn title="Install"\nnpm install react-native-vision-camera\n```\n',
      'md',
    );
    expect(diagnostics).toEqual([]);
    expect(html).toContain('<div class="tabs-container" data-group-id="npm2yarn">');
    expect(html.match(/data-value="(npm|yarn|pnpm)">(npm|Yarn|pnpm)<\/button>/g)).toEqual([
      'data-value="npm">npm</button>',
      'data-value="yarn">Yarn</button>',
      'data-value="pnpm">pnpm</button>',
    ]);
    expect(html.match(/<div class="code-title">Install<\/div>/g)).toHaveLength(3);
    for (const command of [
      'npm install react-native-vision-camera',
      'yarn add react-native-vision-camera',
      'pnpm add react-native-vision-camera',
    ]) {
      expect(html.replace(/<[^>]+>/g, '')).toContain(command);
    }
  });

  it('works in .mdx, in sh and shell blocks, and inside other elements', async () => {
    for (const source of [
      '```sh npm2yarn\nnpm i x\n```\n',
      '<details>\n<summary>More</summary>\n\n```shell npm2yarn\nnpm i x\n```\n\n</details>\n',
    ]) {
      const { html } = await compile(source, 'mdx');
      expect(html, source).toContain('data-group-id="npm2yarn"');
    }
  });

  it('leaves other blocks alone, and every block with markdown.npm2yarn off', async () => {
    expect((await compile('```js npm2yarn\nnpm i x\n```\n', 'md')).html).not.toContain('tabs-container');
    expect((await compile('```bash\nnpm i x\n```\n', 'md')).html).not.toContain('tabs-container');
    const off = { ...(await testContext()), npm2yarn: false };
    expect((await compile('```bash npm2yarn\nnpm i x\n```\n', 'md', undefined, { context: off })).html).not.toContain(
      'tabs-container',
    );
  });

  it('writes what content puts in a command as text: a package name cannot become markup', async () => {
    const { html } = await compile(
      '```bash npm2yarn title="<img src=x onerror=alert(1)>"\nnpm install "<script>alert(1)</script>"\n```\n',
      'md',
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html.replace(/<[^>]+>/g, '')).toContain('yarn add &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
  });
});
