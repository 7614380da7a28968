import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { MarkdownContext } from '../../../cli/markdown/compile-markdown.js';
import { compile, testContext } from '../../helpers/compile.js';
import { nodesOf, parseMarkdown, textOf } from '../../helpers/markdown-tree.js';
import { repoRoot } from '../../helpers/run-cli.js';

const fixture = path.join(repoRoot, 'tests/fixtures/markdown-copy/guide');

async function copyContext(): Promise<MarkdownContext> {
  return { ...(await testContext()), siteUrl: 'https://example.com' };
}

describe('the Markdown copy of a page', () => {
  test('a guide with tabs, admonitions, details and links is copied as pinned (UPDATE=1 rewrites it)', async () => {
    const content = await compile(readFileSync(path.join(fixture, 'input.mdx'), 'utf8'), 'mdx', undefined, {
      context: await copyContext(),
    });
    expect(content.diagnostics).toEqual([]);
    const expectedFile = path.join(fixture, 'expected.md');
    if (process.env.UPDATE || !existsSync(expectedFile)) writeFileSync(expectedFile, content.markdown!);
    expect(content.markdown).toBe(readFileSync(expectedFile, 'utf8'));
  });

  test('the copy parses back with every heading and code block of the page', async () => {
    const content = await compile(readFileSync(path.join(fixture, 'input.mdx'), 'utf8'), 'mdx', undefined, {
      context: await copyContext(),
    });
    const tree = parseMarkdown(content.markdown!);
    const headings = nodesOf(tree, 'heading').map((h) => ({ depth: (h as { depth: number }).depth, text: textOf(h) }));
    expect(headings).toEqual([
      { depth: 1, text: 'Picking a lens' },
      ...content.headings.map((h) => ({ depth: h.depth, text: h.text })),
    ]);
    const code = nodesOf(tree, 'code').map((c) => [(c as { lang?: string }).lang, (c as { value: string }).value]);
    expect(code).toEqual([
      ['bash', 'npm install lens-kit'],
      ['bash', 'yarn add lens-kit'],
      ['bash', 'pnpm add lens-kit'],
      ['swift', 'let lens = LensPicker.main'],
    ]);
    expect(nodesOf(tree, 'html')).toEqual([]);
  });

  test('no copy is made when the context has no site URL (markdownPages and llmsTxt off)', async () => {
    const content = await compile('# Title\n\nText.', 'mdx');
    expect(content.markdown).toBeUndefined();
  });

  test('a page starting with its own h1 keeps it as the title, and a leading description is quoted under it', async () => {
    const content = await compile('---\ndescription: Short.\n---\n# Own title\n\nBody.', 'mdx', undefined, {
      context: await copyContext(),
    });
    expect(content.markdown).toBe('# Own title\n\n> Short.\n\nBody.\n');
  });
});

describe('content that tries to smuggle markup or script into the copy', () => {
  test('script, event handlers and raw HTML never reach the copy as HTML, and javascript: links lose their URL', async () => {
    const source = [
      'Click [me](javascript:alert(1)) or [me too]( JAVA\tSCRIPT:alert(2)) and ![x](data:image/png;base64,AAAA).',
      '',
      '<script>alert(3)</script>',
      '',
      '<div onClick="alert(4)">inside</div>',
      '',
      'Text that looks like markup: &lt;img src=x onerror=alert(5)&gt; and \\<script>alert(6)\\</script>',
      '',
      '[ref]: javascript:alert(7)',
    ].join('\n');
    const content = await compile(source, 'mdx', undefined, { context: await copyContext() });
    const markdown = content.markdown!;
    const tree = parseMarkdown(markdown);
    // Parsed back, the copy holds no HTML at all: what looked like markup is text.
    expect(nodesOf(tree, 'html')).toEqual([]);
    for (const link of [...nodesOf(tree, 'link'), ...nodesOf(tree, 'image'), ...nodesOf(tree, 'definition')])
      expect((link as { url: string }).url).toMatch(/^https?:/);
    expect(markdown).not.toMatch(/javascript:/i);
    expect(markdown).not.toContain('alert(3)');
    expect(markdown).toContain('inside');
    expect(textOf(tree)).toContain('<img src=x onerror=alert(5)>');
  });

  test('raw HTML of a .md page is dropped from the copy', async () => {
    const content = await compile(
      'Before <b onmouseover="alert(1)">bold</b> after.\n\n<iframe src="https://evil.example"></iframe>\n\n<!-- a comment -->\n',
      'md',
      undefined,
      { context: await copyContext() },
    );
    const tree = parseMarkdown(content.markdown!);
    expect(nodesOf(tree, 'html')).toEqual([]);
    expect(content.markdown).toBe('# page\n\nBefore bold after.\n');
  });
});
