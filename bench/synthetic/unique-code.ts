import { CUT_AFTER } from '../../cli/samples/code-refs.js';
import { scanFences } from './fences.js';

/** How to write a one-line comment in each code-block language the guides use (and a few more). */
const COMMENT_STYLES: Array<[string[], (text: string) => string]> = [
  [
    [
      'ts',
      'tsx',
      'js',
      'jsx',
      'javascript',
      'typescript',
      'json',
      'jsonc',
      'swift',
      'objc',
      'objective-c',
      'kotlin',
      'kt',
      'java',
      'cpp',
      'c++',
      'c',
      'groovy',
      'gradle',
      'go',
      'rust',
      'dart',
      'csharp',
      'cs',
      'scala',
    ],
    (t) => `// ${t}`,
  ],
  [
    [
      'sh',
      'bash',
      'shell',
      'zsh',
      'console',
      'ruby',
      'rb',
      'cmake',
      'yaml',
      'yml',
      'make',
      'makefile',
      'python',
      'py',
      'toml',
      'properties',
      'diff',
      'dockerfile',
    ],
    (t) => `# ${t}`,
  ],
  [['xml', 'html', 'svg', 'md', 'markdown', 'mdx', 'plist'], (t) => `<!-- ${t} -->`],
  [['css', 'scss', 'less'], (t) => `/* ${t} */`],
  [['sql', 'lua', 'haskell'], (t) => `-- ${t}`],
  [['mermaid'], (t) => `%% ${t}`],
];

/** A comment line saying `text` in the syntax of `lang`; plain text for languages without comments. */
export function commentLine(lang: string, text: string): string {
  const key = lang.toLowerCase();
  for (const [langs, write] of COMMENT_STYLES) if (langs.includes(key)) return write(text);
  return text;
}

/**
 * Appends a comment line (`marker`, in the block's own comment syntax) as the last line of every fenced code
 * block, so two copies of one page never share a code block and no cache can reuse another copy's highlighting.
 * The last line rather than the first keeps line highlights such as `{2,4-6}` and a mermaid diagram's header valid;
 * in a block with a `// ---cut-after---` line, the last shown line.
 */
export function markCodeBlocks(source: string, marker: string): string {
  const out: string[] = [];
  let lang = '';
  let marked = false;
  for (const entry of scanFences(source)) {
    if (entry.kind === 'open') [lang, marked] = [entry.lang, false];
    // A block's lines below `// ---cut-after---` are compiled but not shown: the marker goes above that line.
    if (entry.kind === 'code' && !marked && entry.line.trim() === CUT_AFTER) {
      out.push(entry.line.slice(0, entry.line.length - entry.line.trimStart().length) + commentLine(lang, marker));
      marked = true;
    }
    if (entry.kind === 'close' && !marked) out.push(entry.indent + commentLine(entry.lang, marker));
    out.push(entry.line);
  }
  return out.join('\n');
}
