import { hashOf, type DiskCache } from '../cache/disk-cache.js';
import type { Diagnostic } from '../types.js';

/** What checking one page found: its own problems, and problems in theme links (reported once for the site). */
export interface PageCheck {
  diagnostics: Diagnostic[];
  /** Broken links and anchors without a place in content, by `theme|<ref>`: the first page that shows one reports it. */
  theme: [string, Diagnostic][];
  /** Each path the page links to, as resolved. */
  targets: string[];
}

/** What a path leads to: the ids of the target page, 'file' for a static file, null when nothing is there. */
export type Target = Set<string> | 'file' | null;

export interface TargetResolver {
  resolve(pathname: string): Target;
}

/** One page's last check: what it was given, the targets it resolved (indexes into the target table), and what it found. */
interface StoredPage {
  key: string;
  targets: number[];
  diagnostics: Diagnostic[];
  theme: [string, Diagnostic][];
}

/** What is kept between checks: every resolved target with a digest of what it was, and each page's last result. */
interface StoredState {
  targets: [pathname: string, digest: string][];
  pages: Record<string, StoredPage>;
}

const NAMESPACE = 'check';

/**
 * The link check of the previous build, so that this one checks again only
 * the pages whose refs changed or whose targets did (a page appeared or
 * went, a page's ids changed, a file came or went). Everything else keeps
 * its previous result: on a warm build with one page edited, one page and
 * the pages linking to it are checked.
 */
export class CheckState {
  private readonly next: StoredState = { targets: [], pages: {} };
  private readonly nextIndex = new Map<string, number>();
  private readonly digests = new Map<string, string>();

  private constructor(
    private readonly key: string,
    private readonly previous: StoredState,
  ) {}

  /** The state stored under the check's settings (a different base URL or severity starts afresh). */
  static load(cache: DiskCache, settings: unknown): CheckState {
    const key = hashOf(settings);
    return new CheckState(key, cache.get<StoredState>(NAMESPACE, key) ?? { targets: [], pages: {} });
  }

  /** Indexes of the previous targets that no longer lead to the same thing. */
  changedTargets(resolver: TargetResolver): Set<number> {
    const changed = new Set<number>();
    this.previous.targets.forEach(([pathname, digest], index) => {
      if (this.digest(pathname, resolver) !== digest) changed.add(index);
    });
    return changed;
  }

  /** The page's previous result, if it was given the same input and none of its targets changed. */
  reuse(id: string, key: string, changed: Set<number>): PageCheck | undefined {
    const stored = Object.hasOwn(this.previous.pages, id) ? this.previous.pages[id] : undefined;
    if (!stored || stored.key !== key || stored.targets.some((index) => changed.has(index))) return undefined;
    return {
      diagnostics: stored.diagnostics,
      theme: stored.theme,
      targets: stored.targets.map((index) => this.previous.targets[index][0]),
    };
  }

  /** Keeps this page's result for the next check. */
  record(id: string, key: string, result: PageCheck, resolver: TargetResolver): void {
    const targets = result.targets.map((pathname) => {
      let index = this.nextIndex.get(pathname);
      if (index === undefined) {
        index = this.next.targets.push([pathname, this.digest(pathname, resolver)]) - 1;
        this.nextIndex.set(pathname, index);
      }
      return index;
    });
    this.next.pages[id] = { key, targets, diagnostics: result.diagnostics, theme: result.theme };
  }

  private digest(pathname: string, resolver: TargetResolver): string {
    let digest = this.digests.get(pathname);
    if (digest === undefined) this.digests.set(pathname, (digest = digestOf(resolver.resolve(pathname))));
    return digest;
  }

  /** Stores the state for the next check (unless it is what was stored: a build that changed nothing writes nothing). */
  save(cache: DiskCache): void {
    if (JSON.stringify(this.next) === JSON.stringify(this.previous)) cache.keep(NAMESPACE, this.key);
    else cache.set(NAMESPACE, this.key, this.next);
  }
}

/** What a target was: nothing, a file, or a page with these ids. */
function digestOf(target: Target): string {
  if (target === null) return 'none';
  if (target === 'file') return 'file';
  return hashOf([...target]);
}
