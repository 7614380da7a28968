/**
 * What a post's file name says, by Docusaurus's conventions: `2024-05-28-hello.md`, `2024-05-28-hello/index.md`,
 * `2024/05/28/hello.md` (or `2024-05-28/hello.md`) carry the date; the rest of the path is the post's slug text.
 * Read with a scan of fixed-width digits, no regular expression.
 */
export interface PostPath {
  /** `YYYY-MM-DD`, when the path starts with a valid date. */
  date?: string;
  /** The path without the date, the extension and a final `index`, e.g. `hello` or `news/hello`. */
  text: string;
  /** The folders before a date that is not at the start, with a final `/` (`releases/`); they lead the route. */
  folder?: string;
}

/** Reads the date and slug text of a post path relative to the blog folder (`/`-separated). */
export function parsePostPath(postPath: string): PostPath {
  let rest = postPath.replace(/\.mdx?$/, '');
  if (rest.endsWith('/index')) rest = rest.slice(0, -'/index'.length);
  // Like Docusaurus, the date may follow folders (`releases/2024-05-28-v2.md`): each segment's start is tried.
  for (let start = 0; start < rest.length; start = rest.indexOf('/', start) + 1) {
    const found = readDate(rest.slice(start));
    if (found) {
      const text = found.rest.replace(/^[-/]/, '');
      return { date: found.date, text: text || rest, ...(start > 0 ? { folder: rest.slice(0, start) } : {}) };
    }
    if (rest.indexOf('/', start) < 0) break;
  }
  return { text: rest };
}

/** `YYYY-MM-DD` or `YYYY/MM/DD` at the start, followed by the end, `-` or `/`. */
function readDate(text: string): { date: string; rest: string } | undefined {
  const digits = (from: number, count: number) => {
    const part = text.slice(from, from + count);
    return part.length === count && [...part].every((c) => c >= '0' && c <= '9') ? part : undefined;
  };
  const year = digits(0, 4);
  const sep = text[4];
  if (!year || (sep !== '-' && sep !== '/')) return undefined;
  const month = digits(5, 2);
  const day = digits(8, 2);
  if (!month || !day || text[7] !== sep) return undefined;
  const after = text[10];
  if (after !== undefined && after !== '-' && after !== '/') return undefined;
  const date = `${year}-${month}-${day}`;
  return isValidDate(date) ? { date, rest: text.slice(10) } : undefined;
}

/** A real calendar day (not `2024-02-31`). */
export function isValidDate(date: string): boolean {
  const time = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === date;
}

/**
 * A front matter `date`: `YYYY-MM-DD`, or a full ISO date-time. Returns the ISO string or undefined when it is not
 * a date.
 */
export function parseFrontMatterDate(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length === 10) return isValidDate(trimmed) ? `${trimmed}T00:00:00.000Z` : undefined;
  if (!isValidDate(trimmed.slice(0, 10))) return undefined;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
