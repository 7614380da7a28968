import { bundledLanguages } from 'shiki/langs';
import { describe, expect, it } from 'vitest';
import { mapLanguages, shikiLanguageFor } from '../../../cli/migrate/prism-languages.js';

describe("prism language names as shiki's", () => {
  it("keeps shiki's names, maps prism-only ones to a grammar shiki has, and drops the rest with a note", () => {
    expect(['kotlin', 'swift', 'bash', 'objectivec', 'flow', 'markup', 'gradle', 'abnf'].map(shikiLanguageFor)).toEqual(
      ['kotlin', 'swift', 'bash', 'objective-c', 'javascript', 'html', 'groovy', undefined],
    );
    const notes: string[] = [];
    expect(
      mapLanguages(['objectivec', 'flow', 'javascript', 'abnf', 3], (at, message) => notes.push(`${at}: ${message}`)),
    ).toEqual(['objective-c', 'javascript']);
    expect(notes).toEqual([
      "themeConfig.prism.additionalLanguages[0]: prism's 'objectivec' is shiki's 'objective-c': written as 'objective-c'; code blocks marked `objectivec` need `objective-c`",
      "themeConfig.prism.additionalLanguages[1]: prism's 'flow' is shiki's 'javascript': written as 'javascript'; code blocks marked `flow` need `javascript`",
      "themeConfig.prism.additionalLanguages[3]: shiki has no grammar for prism's 'abnf': it is left out, and its code blocks are plain text",
      'themeConfig.prism.additionalLanguages[4]: not a language name',
    ]);
  });

  it('maps every name only to a language shiki bundles (a mapping to a missing one would be dropped)', () => {
    for (const name of [
      'objectivec',
      'flow',
      'js-extras',
      'js-templates',
      'markup',
      'svg',
      'mathml',
      'ssml',
      'rss',
      'atom',
      'clike',
      'arduino',
      'gradle',
      'jsonp',
      'shell-session',
      'sh-session',
      'dotnet',
      'rest',
      'editorconfig',
    ]) {
      const shiki = shikiLanguageFor(name);
      expect(shiki, name).toBeDefined();
      expect(Object.hasOwn(bundledLanguages, shiki!), name).toBe(true);
    }
  });
});
