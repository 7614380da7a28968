/**
 * The `<!-- truncate -->` marker (`{/* truncate *\/}` in MDX): a list page shows a post up to it, with a "Read more"
 * link. Found with a line scan (a marker inside a code fence is text, not a marker).
 */
const MARKERS = ['<!-- truncate -->', '{/* truncate */}'];

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
    if (fence === undefined && MARKERS.includes(line)) return lines.slice(0, i).join('\n');
  }
  return undefined;
}
