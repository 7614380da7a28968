/** A file's last commit, as `git log` gives it: commit time (seconds) and author name. */
export interface FileCommit {
  time: number;
  author: string;
}

/** The `--format` of the one log pass: a record separator, the hash, the commit time and the author, NUL-separated. */
export const LOG_FORMAT = '--format=%x1e%H%x00%ct%x00%an';

/** The longest token kept (a path, an author name): a longer one means the output is not what we asked for. */
const MAX_TOKEN_BYTES = 64 * 1024;

/**
 * Reads `git log LOG_FORMAT --name-only -z` as it streams: for each commit,
 * `\x1e<hash>\0<time>\0<author>\0` then its files, each NUL-terminated (the
 * first after a newline). A file's first commit in the log is its last
 * change. Parsing goes by position, never by searching the text: a file name
 * may hold spaces, quotes, newlines or the separator itself, an author name
 * anything but NUL. Files are matched against `wanted` (paths as git prints
 * them) and the reader says when it has them all.
 */
export class LogStream {
  readonly found = new Map<string, FileCommit>();
  private pending: Buffer = Buffer.alloc(0);
  private field: 'hash' | 'time' | 'author' | 'files' = 'hash';
  private commit: FileCommit = { time: 0, author: '' };
  private firstFile = true;
  /** Set when the output broke the expected shape: the reader stops and its result is not used. */
  broken = false;

  constructor(private readonly wanted: Set<string>) {}

  /** True once every wanted file has its commit. */
  get complete(): boolean {
    return this.found.size === this.wanted.size;
  }

  /** Feeds a chunk of git's stdout; false when reading further is pointless (complete or broken). */
  push(chunk: Buffer): boolean {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(0, start); end !== -1; end = data.indexOf(0, start)) {
      this.take(data.toString('utf8', start, end));
      start = end + 1;
      if (this.broken || this.complete) return false;
    }
    data = data.subarray(start);
    this.pending = Buffer.from(data);
    if (this.pending.length > MAX_TOKEN_BYTES) this.broken = true;
    return !this.broken;
  }

  private take(token: string): void {
    if (this.field === 'files' && token.startsWith('\x1e')) this.field = 'hash';
    switch (this.field) {
      case 'hash':
        if (!/^\x1e[0-9a-f]{40,64}$/.test(token)) this.broken = true;
        this.field = 'time';
        return;
      case 'time': {
        const time = /^\d{1,12}$/.test(token) ? Number(token) : NaN;
        if (Number.isNaN(time)) this.broken = true;
        this.commit = { time, author: '' };
        this.field = 'author';
        return;
      }
      case 'author':
        this.commit.author = token;
        this.field = 'files';
        this.firstFile = true;
        return;
      case 'files': {
        // The format's own line break comes before a commit's first file.
        const file = this.firstFile && token.startsWith('\n') ? token.slice(1) : token;
        this.firstFile = false;
        if (this.wanted.has(file) && !this.found.has(file)) this.found.set(file, this.commit);
      }
    }
  }
}
