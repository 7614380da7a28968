import { scanFences } from './fences.js';

/** How to write a one-line comment in each code-block language the guides use (and a few more). */
const COMMENT_STYLES: Array<[string[], (text: string) => string]> = [
  [['ts', 'tsx', 'js', 'jsx', 'javascript', 'typescript', 'json', 'jsonc', 'swift', 'objc', 'objective-c', 'kotlin', 'kt', 'java', 'cpp', 'c++', 'c', 'groovy', 'gradle', 'go', 'rust', 'dart', 'csharp', 'cs', 'scala'], (t) => `// ${t}`],
  [['sh', 'bash', 'shell', 'zsh', 'console', 'ruby', 'rb', 'cmake', 'yaml', 'yml', 'make', 'makefile', 'python', 'py', 'toml', 'properties', 'diff', 'dockerfile'], (t) => `# ${t}`],
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
 * The last line rather than the first keeps line highlights such as `{2,4-6}` and a mermaid diagram's header valid.
 */
export function markCodeBlocks(source: string, marker: string): string {
  const out: string[] = [];
  for (const entry of scanFences(source)) {
    if (entry.kind === 'close') out.push(entry.indent + commentLine(entry.lang, marker));
    out.push(entry.line);
  }
  return out.join('\n');
}
