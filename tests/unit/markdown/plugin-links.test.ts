import { describe, expect, it } from 'vitest';
import { pluginSchemeOf } from '../../../cli/markdown/safe-url.js';
import { compile, testContext } from '../../helpers/compile.js';

/**
 * Issue 29 §1: a link whose scheme a Docusaurus plugin resolved
 * (`[params](docblock://createReducer.ts?token=createReducer)`) became a word
 * with no href, and the only message was an `[unsafe-html]` warning that did
 * not say the content was missing. It is an error at the link now.
 */

type Content = Awaited<ReturnType<typeof compile>>;
const messagesOf = (content: Content) =>
  content.diagnostics.map((d) => `${d.severity} ${d.line}:${d.column}  ${d.message}  [${d.rule}]`);

describe('links whose scheme is not a URL', () => {
  it('are an error at the link saying its target is unsupported and the content is missing, and nothing else', async () => {
    for (const format of ['md', 'mdx'] as const) {
      const content = await compile(
        '# API\n\nTakes these [params](docblock://createReducer.ts?token=createReducer).\n',
        format,
      );
      expect(messagesOf(content)).toEqual([
        "error 3:13  the link 'params' points to docblock://createReducer.ts?token=createReducer: 'docblock:' is not a URL scheme, so its target is unsupported and the content a plugin made of it is missing from this page  [unsupported-link]",
      ]);
      expect(content.diagnostics[0].hint).toBe(
        "docsgen runs no remark plugins: write the content the 'docblock:' plugin produced (a table, a signature, a code sample) in place of the link, or link to a page or an http(s) URL holding it",
      );
      expect(content.html).toContain('Takes these <a>params</a>.');
      expect(content.links.map((l) => l.url)).toEqual([]);
    }
  });

  it('are an error in JSX, in a reference definition, and with the sanitiser off', async () => {
    const trusting = { ...(await testContext()), trustContent: true };
    const source =
      'See <a href="typedoc:Camera">Camera</a> and [the hook][hook].\n\n[hook]: typedoc://useCameraDevice\n';
    for (const context of [undefined, trusting]) {
      const content = await compile(source, 'mdx', undefined, { context });
      expect(content.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.line}:${d.column}`)).toEqual([
        'error unsupported-link 1:5',
        'error unsupported-link 1:45',
      ]);
      expect(content.html).not.toContain('typedoc');
    }
  });

  it('leaves schemes of real URLs to the sanitiser, as before: a warning, never an error', async () => {
    const content = await compile(
      '[Call](tel:+15555550100), [run](javascript:alert(1)), [ftp](ftp://example.com/x) and [home](https://example.com).\n',
      'md',
    );
    expect(content.diagnostics.map((d) => `${d.severity} ${d.rule}`)).toEqual([
      'warning unsafe-html',
      'warning unsafe-html',
      'warning unsafe-html',
    ]);
  });

  it('knows a plugin scheme from a URL scheme and from a path', () => {
    expect(['docblock://x', 'typedoc:Camera', ' DocBlock:x', 'my-plugin+x:y'].map(pluginSchemeOf)).toEqual([
      'docblock',
      'typedoc',
      'docblock',
      'my-plugin+x',
    ]);
    expect(
      [
        'https://x',
        'mailto:a@b',
        'tel:1',
        'javascript:x',
        'data:x',
        'vscode://x',
        '/docs/x',
        './a.md',
        '#id',
        'C:\\docs',
      ].map(pluginSchemeOf),
    ).toEqual(Array(10).fill(undefined));
  });
});
