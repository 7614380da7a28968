import { closeSync, mkdtempSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageContent } from '../types.js';

/** The fields of a compiled page that hold most of its size: its HTML and its Markdown copy. */
const BODY_FIELDS = ['html', 'markdown'] as const;

/**
 * Where `build` keeps the compiled pages' bodies between the Markdown stage and the write: in a temporary file,
 * not in memory. Each page's HTML and Markdown copy are written out as the page arrives, and read back each time
 * they are used (the route table looks for doc cards, render renders the page, the write makes its copy): a site
 * of 10,000 pages held about 320 MB of them in the main thread until its last page was written.
 *
 * The file is removed as soon as it is open where the system allows it (it then goes away with the process,
 * however that ends: nothing is left in the temporary folder), and otherwise by `close()`. Only docsgen writes
 * it (created exclusively, readable by its owner alone), and only at the offsets it recorded is it read.
 */
export class BodySpill {
  private size = 0;
  private closed = false;
  /** Each field moved here, to be emptied when the file goes. */
  private readonly moved: [PageContent, (typeof BODY_FIELDS)[number]][] = [];

  private constructor(
    private readonly fd: number,
    /** The file's folder, when it could not be removed at once. */
    private readonly dir: string | undefined,
  ) {}

  static open(): BodySpill {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsgen-bodies-'));
    const file = path.join(dir, 'bodies');
    const fd = openSync(file, 'wx+', 0o600);
    try {
      unlinkSync(file);
      rmSync(dir, { recursive: true, force: true });
      return new BodySpill(fd, undefined);
    } catch {
      // Windows keeps an open file: it is removed with its folder by close().
      return new BodySpill(fd, dir);
    }
  }

  /**
   * Moves the page's HTML and Markdown copy into the file; the page reads them back on use. Setting a field
   * (render empties the HTML of a page it has written) replaces it with the value set. Returns the page.
   */
  keep(content: PageContent): PageContent {
    for (const field of BODY_FIELDS) {
      const value = Object.getOwnPropertyDescriptor(content, field)?.value;
      if (typeof value !== 'string' || value.length === 0) continue;
      const bytes = Buffer.from(value, 'utf8');
      const offset = this.size;
      let written = 0;
      while (written < bytes.length)
        written += writeSync(this.fd, bytes, written, bytes.length - written, offset + written);
      this.size += bytes.length;
      Object.defineProperty(content, field, {
        configurable: true,
        enumerable: true,
        get: () => this.read(offset, bytes.length),
        set: (replacement: unknown) =>
          Object.defineProperty(content, field, {
            value: replacement,
            writable: true,
            enumerable: true,
            configurable: true,
          }),
      });
      this.moved.push([content, field]);
    }
    return content;
  }

  /**
   * Closes and removes the file. The bodies still kept here are let go: each reads as an empty string after (as
   * render leaves the HTML of a page it has written), so a route a caller holds stays readable.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const [content, field] of this.moved)
      if (Object.getOwnPropertyDescriptor(content, field)?.get)
        Object.defineProperty(content, field, { value: '', writable: true, enumerable: true, configurable: true });
    this.moved.length = 0;
    closeSync(this.fd);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  private read(offset: number, length: number): string {
    const bytes = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const got = readSync(this.fd, bytes, read, length - read, offset + read);
      if (got === 0) throw new Error('the compiled pages file was cut short');
      read += got;
    }
    return bytes.toString('utf8');
  }
}
