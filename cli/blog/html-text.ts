/** The text of an HTML fragment (what is between tags), for counting words: a scan, entities left as they are. */
export function textOfHtml(html: string): string {
  let text = '';
  let inTag = false;
  for (const char of html) {
    if (char === '<') {
      inTag = true;
      text += ' ';
    } else if (char === '>') inTag = false;
    else if (!inTag) text += char;
  }
  return text;
}
