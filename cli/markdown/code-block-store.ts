import type { StyledToken } from './paired-theme.js';

/** A token with its grammar type (vscode-textmate's StandardTokenType), for linking exported names (code-links.ts). */
export interface TypedToken {
  content: string;
  type?: number;
}

/**
 * One block's highlighting before its frame, marked lines and links are
 * added: everything shiki decides, and nothing a page decides (tip ids,
 * titles), so that one entry serves every page showing the same code.
 */
export interface HighlightedCode {
  preClass: string;
  preStyle: string;
  lines: StyledToken[][];
  /** The same code's tokens with their grammar types, when the block links exported names. */
  typed?: TypedToken[][];
}

/** Blocks a process keeps by default: a few pages' worth of every guide's code, a few megabytes. */
const DEFAULT_LIMIT = 2000;

/**
 * Highlighted blocks by key (highlighter.ts blockKey: the code, its language
 * and the highlighter's settings). A block shown on many pages is tokenised
 * once per process; the compile worker also stores each page's blocks on disk
 * and hands them back here when the page is compiled again, so an edit that
 * leaves a page's code alone does not start shiki at all. The oldest entries
 * go past `limit`, which bounds a worker's memory on a large site.
 */
export class CodeBlockStore {
  private readonly memory = new Map<string, HighlightedCode>();
  private used = new Map<string, HighlightedCode>();

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  has(key: string): boolean {
    return this.memory.has(key);
  }

  get(key: string): HighlightedCode | undefined {
    const found = this.memory.get(key);
    if (found) {
      // Most recently used last: eviction takes the first.
      this.memory.delete(key);
      this.memory.set(key, found);
      this.used.set(key, found);
    }
    return found;
  }

  set(key: string, code: HighlightedCode): void {
    this.memory.set(key, code);
    this.used.set(key, code);
    this.evict();
  }

  /** Blocks from an earlier build (a page's disk entry): found by `get` as if this process had highlighted them. */
  add(blocks: Readonly<Record<string, HighlightedCode>>): void {
    for (const [key, code] of Object.entries(blocks)) if (!this.memory.has(key)) this.memory.set(key, code);
    this.evict();
  }

  /** The blocks looked up or stored since the last call (one page's, as a worker compiles one page at a time). */
  takeUsed(): Map<string, HighlightedCode> {
    const used = this.used;
    this.used = new Map();
    return used;
  }

  private evict(): void {
    for (const key of this.memory.keys()) {
      if (this.memory.size <= this.limit) break;
      this.memory.delete(key);
    }
  }
}

/**
 * A page's blocks as the disk cache keeps them: each style once in `styles`,
 * and each line as its tokens' text and style number, one after the other (a
 * page's code has thousands of tokens and a few dozen looks: written out per
 * token, the styles were most of the entry).
 */
export interface PackedBlocks {
  styles: string[];
  blocks: Record<string, PackedCode>;
}

interface PackedCode {
  preClass: string;
  preStyle: string;
  /** Each line: text, style number, text, style number… */
  lines: (string | number)[][];
  /** Each line: text, grammar type (null when none), … */
  typed?: (string | number | null)[][];
}

export function packBlocks(blocks: ReadonlyMap<string, HighlightedCode>): PackedBlocks {
  const styles: string[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (style: string) => {
    let n = numbers.get(style);
    if (n === undefined) numbers.set(style, (n = styles.push(style) - 1));
    return n;
  };
  const packed: Record<string, PackedCode> = {};
  for (const [key, code] of blocks)
    packed[key] = {
      preClass: code.preClass,
      preStyle: code.preStyle,
      lines: code.lines.map((line) => line.flatMap((token) => [token.content, numberOf(token.style)])),
      ...(code.typed
        ? { typed: code.typed.map((line) => line.flatMap((token) => [token.content, token.type ?? null])) }
        : {}),
    };
  return { styles, blocks: packed };
}

/** The blocks of a stored entry; an entry that is not what `packBlocks` writes gives none. */
export function unpackBlocks(stored: unknown): Record<string, HighlightedCode> {
  const { styles, blocks } = (stored ?? {}) as Partial<PackedBlocks>;
  if (!Array.isArray(styles) || typeof blocks !== 'object' || blocks === null) return {};
  const pairs = <T>(line: unknown[], make: (text: string, value: unknown) => T): T[] => {
    const tokens: T[] = [];
    for (let i = 0; i < line.length; i += 2) tokens.push(make(String(line[i]), line[i + 1]));
    return tokens;
  };
  const unpacked: Record<string, HighlightedCode> = {};
  for (const [key, code] of Object.entries(blocks)) {
    if (!Array.isArray(code?.lines)) continue;
    unpacked[key] = {
      preClass: String(code.preClass),
      preStyle: String(code.preStyle),
      lines: code.lines.map((line) => pairs(line, (content, n) => ({ content, style: String(styles[Number(n)]) }))),
      ...(Array.isArray(code.typed)
        ? {
            typed: code.typed.map((line) =>
              pairs(line, (content, type) => (typeof type === 'number' ? { content, type } : { content })),
            ),
          }
        : {}),
    };
  }
  return unpacked;
}
