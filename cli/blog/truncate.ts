/**
 * The `<!-- truncate -->` marker (`{/* truncate *\/}` in MDX): a list page shows a post up to it, with a "Read more"
 * link. Found with a line scan (a marker inside a code fence is text, not a marker). Like Docusaurus's default
 * marker, any spacing inside the comment counts: real blogs write `<!--truncate-->` as often as `<!-- truncate -->`.
 */
const MARKERS = ['<!--truncate-->', '{/*truncate*/}'];

/** A line with every space and tab taken out, so `<!--  truncate -->` and `<!--truncate-->` compare equal. */
function squeezeSpaces(line: string): string {
  let out = '';
  for (const ch of line) if (ch !== ' ' && ch !== '\t') out += ch;
  return out;
}

/** The body before the first marker line, or undefined when the post has none (list pages show it whole). */
export function truncatedBody(body: string): string | undefined {
  const lines = body.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    const opener = line.startsWith('```') ? '```' : line.startsWith('~~~') ? '~~~' : undefined;
    if (opener) {
      if (fence === undefined) fence = opener;
      else if (opener === fence) fence = undefined;
      continue;
    }
    if (fence === undefined && MARKERS.includes(squeezeSpaces(line))) return lines.slice(0, i).join('\n');
  }
  return undefined;
}
