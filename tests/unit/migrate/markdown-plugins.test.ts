import { describe, expect, it } from 'vitest';
import { markdownPluginAdvice } from '../../../cli/migrate/markdown-plugins.js';

describe('markdownPluginAdvice', () => {
  it('says a plugin docsgen has built in needs nothing written, wherever the list is and however the plugin is given', () => {
    for (const path of [
      'presets[0][1].docs.remarkPlugins[0]',
      'presets[0][1].docs.remarkPlugins[1][0]',
      'plugins[2][1].beforeDefaultRemarkPlugins[0]',
    ])
      expect(markdownPluginAdvice({ path, source: 'codeImport', module: 'remark-code-import' })).toMatch(
        /^`remark-code-import` is built into docsgen: .*; nothing needs to be written$/,
      );
  });

  it('names any other plugin, and a list computed in code, with what the built site shows instead', () => {
    expect(
      markdownPluginAdvice({
        path: 'presets[0][1].docs.rehypePlugins[0]',
        source: 'rehypeKatex',
        module: 'rehype-katex',
      }),
    ).toMatch(
      /^the rehype plugin `rehypeKatex` \(from rehype-katex\) is not carried over: docsgen runs no Markdown plugins/,
    );
    expect(markdownPluginAdvice({ path: 'presets[0][1].docs.remarkPlugins', source: 'plugins()' })).toMatch(
      /^the remark plugins `plugins\(\)` are not carried over: .*Check the pages that use them$/,
    );
  });

  it('says nothing about other values', () => {
    expect(
      markdownPluginAdvice({ path: 'themeConfig.prism.theme', source: "require('x')", module: 'x' }),
    ).toBeUndefined();
    expect(markdownPluginAdvice({ path: 'remarkPluginsExtra[0]', source: 'x' })).toBeUndefined();
  });
});
