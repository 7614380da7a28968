/**
 * `prism.additionalLanguages` names prism's grammars; docsgen highlights
 * with shiki, whose names differ for a few (`objectivec` is shiki's
 * `objective-c`) and which has no grammar for some (`flow` is JavaScript
 * with types). A name shiki does not know would make the config invalid, so
 * each is kept, mapped to shiki's, or dropped with a note.
 */

import { bundledLanguages } from 'shiki/langs';

/** Prism's names that shiki spells otherwise, or whose code a grammar of shiki's reads well enough. */
const PRISM_TO_SHIKI: Record<string, string> = {
  objectivec: 'objective-c',
  flow: 'javascript',
  'js-extras': 'javascript',
  'js-templates': 'javascript',
  markup: 'html',
  svg: 'xml',
  mathml: 'xml',
  ssml: 'xml',
  rss: 'xml',
  atom: 'xml',
  clike: 'c',
  arduino: 'cpp',
  gradle: 'groovy',
  jsonp: 'json',
  'shell-session': 'shellsession',
  'sh-session': 'shellsession',
  dotnet: 'csharp',
  rest: 'rst',
  editorconfig: 'ini',
};

/** What a prism language name becomes: shiki's name (the same or mapped), or undefined when shiki has no grammar for it. */
export function shikiLanguageFor(name: string): string | undefined {
  if (Object.hasOwn(bundledLanguages, name)) return name;
  const mapped = Object.hasOwn(PRISM_TO_SHIKI, name) ? PRISM_TO_SHIKI[name] : undefined;
  return mapped !== undefined && Object.hasOwn(bundledLanguages, mapped) ? mapped : undefined;
}

/** The names of `additionalLanguages` as shiki's, each once, with a note for every one mapped or dropped. */
export function mapLanguages(names: unknown[], note: (path: string, message: string) => void): string[] {
  const out: string[] = [];
  names.forEach((name, i) => {
    const at = `themeConfig.prism.additionalLanguages[${i}]`;
    if (typeof name !== 'string') return note(at, 'not a language name');
    const shiki = shikiLanguageFor(name);
    if (shiki === undefined)
      return note(at, `shiki has no grammar for prism's '${name}': it is left out, and its code blocks are plain text`);
    if (shiki !== name)
      note(
        at,
        `prism's '${name}' is shiki's '${shiki}': written as '${shiki}'; code blocks marked \`${name}\` need \`${shiki}\``,
      );
    if (!out.includes(shiki)) out.push(shiki);
  });
  return out;
}
