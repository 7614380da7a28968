import { CACHE_VERSION, hashOf, type DiskCache } from '../cache/disk-cache.js';
import { codeVersion } from '../package-root.js';
import { parseFrontMatter, type ParsedFrontMatter } from './front-matter.js';

/** A parse as stored: the body is the end of the source, so only its length is kept. */
type StoredParse = Omit<ParsedFrontMatter, 'body'> & { bodyLength: number };

/**
 * The front matter of every doc as the last build parsed it, keyed by the
 * file's name and the SHA-256 of its bytes (never by its modification time):
 * parsing the YAML of a thousand pages is most of what loading them costs, and
 * a warm build reads the same bytes again. One cache entry for the whole docs
 * folder, rewritten with exactly this load's files when any of them changed.
 */
export class FrontMatterCache {
  private readonly key = hashOf(CACHE_VERSION, codeVersion());
  private readonly before: Map<string, StoredParse>;
  private readonly now = new Map<string, StoredParse>();
  private changed = false;

  constructor(private readonly cache: DiskCache | undefined) {
    this.before = new Map(cache?.get<[string, StoredParse][]>('front-matter', this.key) ?? []);
  }

  /** `parseFrontMatter(source, file)`, reused when this file had these bytes (`digest`) at the last build. */
  parse(source: string, file: string, digest: string): ParsedFrontMatter {
    const id = `${digest} ${file}`;
    let stored = this.before.get(id);
    if (!stored) {
      const { body, ...parsed } = parseFrontMatter(source, file);
      stored = { ...parsed, bodyLength: body.length };
      this.changed = true;
    }
    this.now.set(id, stored);
    const { bodyLength, ...parsed } = stored;
    // The body is the end of the text parseFrontMatter reads (the source without a byte order mark).
    const text = source.replace(/^\uFEFF/, '');
    return { ...parsed, body: text.slice(text.length - bodyLength) };
  }

  /** Keeps the stored parse of a file that a previous load read with these bytes (`digest`) and that is not read again. */
  keep(file: string, digest: string): void {
    const id = `${digest} ${file}`;
    const stored = this.before.get(id);
    if (stored) this.now.set(id, stored);
  }

  /** Stores this load's parses, when they differ from the last build's (a file changed, came or went). */
  save(): void {
    if (this.changed || this.now.size !== this.before.size) this.cache?.set('front-matter', this.key, [...this.now]);
  }
}
