/** Words a reader reads in a minute: Docusaurus's default (the `reading-time` package's). */
const WORDS_PER_MINUTE = 200;

/**
 * Minutes to read a post, from the words of its rendered text (so code and markup count as the reader sees them).
 * At least one minute, rounded up, as Docusaurus shows it ("5 min read").
 */
export function readingMinutes(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code === 32 || code === 9 || code === 10 || code === 13;
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
