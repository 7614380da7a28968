/**
 * The words of a code fence's meta (` ```tsx title="App.tsx" {2} file=./x.tsx `)
 * and which of them docsgen reads. A Docusaurus site's remark plugins give
 * meaning to words of their own (`live`, `twoslash`, `tab`, `file=`); a word
 * docsgen does not read would otherwise be dropped without a word, and the
 * block shown as if the plugin had never run.
 */

/** One word of a meta string and where it starts in it. */
export interface MetaWord {
  text: string;
  start: number;
}

/**
 * The meta split at blanks that are outside quotes and braces, so
 * `title="My app.tsx"`, `{1, 3-4}` and `tab={"label": "npm i"}` are one word
 * each. A single scan (content writes the meta).
 */
export function splitMetaWords(meta: string): MetaWord[] {
  const words: MetaWord[] = [];
  let start = -1;
  let quote = '';
  let depth = 0;
  for (let i = 0; i < meta.length; i++) {
    const c = meta[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if ((c === ' ' || c === '\t') && depth === 0) {
      if (start !== -1) words.push({ text: meta.slice(start, i), start });
      start = -1;
      continue;
    }
    if (start === -1) start = i;
    if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
  }
  if (start !== -1) words.push({ text: meta.slice(start), start });
  return words;
}

/** `name=` followed by a value in double or single quotes, and nothing else. */
function isQuotedValue(word: string, name: string): boolean {
  if (!word.startsWith(`${name}=`) || word.length < name.length + 3) return false;
  const quote = word[name.length + 1];
  return (
    (quote === '"' || quote === "'") && word.endsWith(quote) && word.indexOf(quote, name.length + 2) === word.length - 1
  );
}

/** `{1,3-4}`: highlighted lines. */
function isLineRanges(word: string): boolean {
  if (!word.startsWith('{') || !word.endsWith('}') || word.length < 3) return false;
  for (let i = 1; i < word.length - 1; i++) {
    const c = word[i];
    if (!(c >= '0' && c <= '9') && c !== ',' && c !== '-' && c !== ' ') return false;
  }
  return true;
}

const isDigits = (text: string) => text.length > 0 && [...text].every((c) => c >= '0' && c <= '9');

/**
 * Whether docsgen reads this word: `title="…"`, `{1,3-4}`,
 * `showLineNumbers` (`=N` too), `npm2yarn`, `tab` (`tab={…}`), `file=…`,
 * and the sample checker's `nocheck`/`nocheck="why"` and `setup=name`.
 */
export function isKnownMetaWord(word: string): boolean {
  if (word === 'showLineNumbers' || word === 'npm2yarn' || word === 'tab' || word === 'nocheck') return true;
  if (word.startsWith('showLineNumbers=')) return isDigits(word.slice('showLineNumbers='.length));
  if (word.startsWith('tab={') || word.startsWith('file=') || word.startsWith('nocheck=') || word.startsWith('setup='))
    return true;
  return isQuotedValue(word, 'title') || isLineRanges(word);
}

/** What to do about words docsgen does not read, for a warning's hint. */
export function unknownMetaHint(words: readonly string[]): string {
  if (words.some((w) => w === 'live' || w === 'noInline'))
    return 'live code blocks (@docusaurus/theme-live-codeblock) are not supported: the code is shown as a static block. Remove the word to silence this';
  const title = words.find((w) => w.startsWith('title='));
  if (title) return `quote the title: title="${title.slice('title='.length).replace(/"/g, '')}"`;
  return 'docsgen reads title="…", {1,3-4}, showLineNumbers, npm2yarn, tab, file=…, nocheck and setup= in a code block\'s meta; a word a Docusaurus plugin read does nothing here: remove it, or write out what the plugin made of it';
}
