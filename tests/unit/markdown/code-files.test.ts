import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCodeFileRef, sliceCodeLines } from '../../../cli/markdown/code-file-ref.js';
import { MAX_IMPORT_BYTES } from '../../../cli/markdown/plugins/mdx-import-file.js';
import { compile, siteRoot } from '../../helpers/compile.js';
import { makeSecret } from '../../helpers/untrusted-files.js';

/**
 * Issue 29 §1: a code block filled by remark-code-import (` ```tsx file=./example.tsx `)
 * showed as an empty block. docsgen reads the file itself, with the plugin's
 * line ranges, under the rule every file content names goes by: the docs
 * folder and the static folders, by real path, at most 512 KB.
 */

const guides = path.join(siteRoot, 'content/docs/guides');
const page = path.join(guides, 'page.mdx');
mkdirSync(path.join(guides, 'examples'), { recursive: true });
mkdirSync(path.join(siteRoot, 'src'), { recursive: true });
const write = (relative: string, text: string | Buffer) => writeFileSync(path.join(siteRoot, relative), text);
write(
  'content/docs/guides/examples/App.tsx',
  "import React from 'react';\n\nexport function App() {\n  return <Camera />;\n}\n",
);
write('public/snippet.sh', 'npm install x\n');
const SECRET = 'docsgen-code-file-secret-7f3a';
write('.env', `TOKEN=${SECRET}\n`);
write('build.config.ts', `export default { token: '${SECRET}' };\n`);
write('src/secret.ts', `export const token = '${SECRET}';\n`);

type Content = Awaited<ReturnType<typeof compile>>;
const errorsOf = (content: Content) =>
  content.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.file}:${d.line}:${d.column}  ${d.message}  [${d.rule}]`);
/** The code a page shows, its highlighting taken off. */
const codeOf = (content: Content) =>
  [...content.html.matchAll(/<code>([\s\S]*?)<\/code>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&#x3C;|&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#x27;/g, "'"),
  );

describe('file= code blocks', () => {
  it("fill the block with the file, read from the page's folder, with no warning", async () => {
    const content = await compile('# Page\n\n```tsx file=./examples/App.tsx\n```\n', 'mdx', page);
    expect(content.diagnostics).toEqual([]);
    expect(codeOf(content)).toEqual(["import React from 'react';\n\nexport function App() {\n  return <Camera />;\n}"]);
    expect(content.reads?.map((r) => path.relative(siteRoot, r.path))).toContain(
      'content/docs/guides/examples/App.tsx',
    );
  });

  it('show the lines a range names (#L3-L5, #L3, #L3-), and keep the rest of the meta', async () => {
    const content = await compile(
      '```tsx file=./examples/App.tsx#L3-L5 title="App.tsx"\n```\n\n```tsx file=./examples/App.tsx#L4\n```\n\n```tsx file=examples/App.tsx#L3-\n```\n',
      'mdx',
      page,
    );
    expect(content.diagnostics).toEqual([]);
    expect(codeOf(content)).toEqual([
      'export function App() {\n  return <Camera />;\n}',
      '  return <Camera />;',
      'export function App() {\n  return <Camera />;\n}',
    ]);
    expect(content.html).toContain('<div class="code-title">App.tsx</div>');
  });

  it('read from the site root with <rootDir>/ and @site/, in the static folders too', async () => {
    const content = await compile(
      '```bash file=<rootDir>/public/snippet.sh\n```\n\n```tsx file=@site/content/docs/guides/examples/App.tsx#L1\n```\n',
      'md',
      path.join(guides, 'page.md'),
    );
    expect(content.diagnostics).toEqual([]);
    expect(codeOf(content)).toEqual(['npm install x', "import React from 'react';"]);
  });

  it("read a partial's blocks from the partial's folder", async () => {
    write('content/docs/guides/examples/_usage.mdx', 'Usage:\n\n```tsx file=./App.tsx#L1\n```\n');
    const content = await compile("import Usage from './examples/_usage.mdx';\n\n<Usage />\n", 'mdx', page);
    expect(content.diagnostics).toEqual([]);
    expect(codeOf(content)).toEqual(["import React from 'react';"]);
  });

  it('are an error at the word for a missing file or a line range past its end', async () => {
    const content = await compile(
      '# Page\n\n```tsx title="x" file=./examples/Gone.tsx\n```\n\n```tsx file=./examples/App.tsx#L4-L9\n```\n\n```tsx file=./examples/App.tsx#L2-X\n```\n',
      'mdx',
      page,
    );
    expect(errorsOf(content)).toEqual([
      'content/docs/guides/page.mdx:3:18  cannot fill this code block from file=./examples/Gone.tsx: no file at content/docs/guides/examples/Gone.tsx  [code-file]',
      'content/docs/guides/page.mdx:6:8  cannot fill this code block from file=./examples/App.tsx#L4-L9: content/docs/guides/examples/App.tsx: the file has 5 lines, so it has no line 9  [code-file]',
      "content/docs/guides/page.mdx:9:8  cannot fill this code block from file=./examples/App.tsx#L2-X: '#L2-X' is not a line range: write #L3 (one line), #L3-L7 or #L3- (to the end)  [code-file]",
    ]);
  });

  it('never read a file outside the docs folder and the static folders: .env, the config, src/, an absolute path, a symlink to a secret, a FIFO', async () => {
    const outside = makeSecret();
    symlinkSync(path.join(outside.dir, 'secret.txt'), path.join(guides, 'examples/linked.ts'));
    symlinkSync(path.join(siteRoot, '.env'), path.join(guides, 'examples/env.ts'));
    execFileSync('mkfifo', [path.join(guides, 'examples/pipe.ts')]);
    const blocks = [
      '../../../.env',
      '<rootDir>/build.config.ts',
      '@site/src/secret.ts',
      '/etc/passwd',
      './examples/linked.ts',
      './examples/env.ts',
      './examples/pipe.ts',
      '../../../../../../../../etc/passwd',
    ];
    const content = await compile(blocks.map((file) => `\`\`\`ts file=${file}\n\`\`\`\n`).join('\n'), 'mdx', page);
    const where = 'hint: a code block can read files from content/docs/ and public/ only';
    expect(
      content.diagnostics.map((d) => `${d.line}  ${d.message}  ${d.hint?.startsWith('a code block') ? where : d.hint}`),
    ).toEqual([
      `1  cannot fill this code block from file=../../../.env: .env is outside the folders content may read  ${where}`,
      `4  cannot fill this code block from file=<rootDir>/build.config.ts: build.config.ts is outside the folders content may read  ${where}`,
      `7  cannot fill this code block from file=@site/src/secret.ts: src/secret.ts is outside the folders content may read  ${where}`,
      '10  cannot fill this code block from file=/etc/passwd: an absolute path is not read  write the path from this file (./example.tsx) or from the site root (<rootDir>/...); a code block can read files from content/docs/ and public/ only',
      `13  cannot fill this code block from file=./examples/linked.ts: it resolves to ${realpathSync(outside.dir)}/secret.txt, outside the site root  ${where}`,
      `16  cannot fill this code block from file=./examples/env.ts: .env is outside the folders content may read  ${where}`,
      '19  cannot fill this code block from file=./examples/pipe.ts: content/docs/guides/examples/pipe.ts is not a file  name a file, not a folder',
      `22  cannot fill this code block from file=../../../../../../../../etc/passwd: it resolves to /etc/passwd, outside the site root  ${where}`,
    ]);
    expect(content.diagnostics.every((d) => d.severity === 'error' && d.rule === 'code-file')).toBe(true);
    const everything = JSON.stringify(content);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(outside.token);
    expect(everything).not.toContain('root:');
  });

  it('are not samples the checker missed: no code-sample-unchecked warning when samples are checked', async () => {
    const content = await compile('```tsx file=./examples/App.tsx\n```\n', 'mdx', page, {
      samples: { sampleRefs: {} },
    });
    expect(content.diagnostics).toEqual([]);
  });

  it(`refuse a file over ${MAX_IMPORT_BYTES} bytes`, async () => {
    write('content/docs/guides/examples/huge.ts', '// x\n'.repeat(MAX_IMPORT_BYTES / 4));
    const content = await compile('```ts file=./examples/huge.ts\n```\n', 'mdx', page);
    expect(errorsOf(content)).toEqual([
      `content/docs/guides/page.mdx:1:7  cannot fill this code block from file=./examples/huge.ts: content/docs/guides/examples/huge.ts is ${(MAX_IMPORT_BYTES / 4) * 5} bytes, over the ${MAX_IMPORT_BYTES}-byte limit for files a code block reads  [code-file]`,
    ]);
    expect(content.html).not.toContain('// x');
  });
});

describe('parseCodeFileRef and sliceCodeLines', () => {
  it("read remark-code-import's syntax", () => {
    expect(parseCodeFileRef('./a.ts')).toEqual({ written: './a.ts', from: 1 });
    expect(parseCodeFileRef('./a.ts#L3-L7')).toEqual({ written: './a.ts', from: 3, to: 7 });
    expect(parseCodeFileRef('./a.ts#L3')).toEqual({ written: './a.ts', from: 3, to: 3 });
    expect(parseCodeFileRef('./a.ts#L3-')).toEqual({ written: './a.ts', from: 3 });
    expect(parseCodeFileRef('"./a b.ts"')).toEqual({ written: './a b.ts', from: 1 });
    for (const bad of ['./a.ts#L0', './a.ts#L7-L3', './a.ts#3', './a.ts#L3-7', '#L1', ''])
      expect(parseCodeFileRef(bad)).toHaveProperty('error');
  });

  it('count lines as the file has them, its last line break not a line', () => {
    expect(sliceCodeLines('a\r\nb\r\nc\r\n', { written: 'x', from: 2 })).toEqual({ code: 'b\nc' });
    expect(sliceCodeLines('a\nb', { written: 'x', from: 3, to: 3 })).toEqual({
      error: 'the file has 2 lines, so it has no line 3',
    });
  });
});
