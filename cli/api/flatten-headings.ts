const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/**
 * TSDoc text sometimes starts with a Markdown heading (`### A powerful
 * <Camera> component.`). Inside an API page such headings would break the
 * heading order under the page's own h1/h2/h3 and clutter the table of
 * contents, so they become bold paragraphs. Fenced code is left alone.
 */
export function flattenHeadings(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const open = FENCE.exec(line);
      if (fence) {
        if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null;
        return line;
      }
      if (open) {
        fence = open[1];
        return line;
      }
      const heading = HEADING.exec(line);
      return heading ? `**${heading[1]}**` : line;
    })
    .join('\n');
}
