import type { HeapLimits, StopReason } from '../workers/worker-pool.js';
import type { PageContent } from '../types.js';
import { isCostly, measureCompileCost } from './compile-cost.js';
import type { CompileJob } from './compile-worker.js';

/**
 * Heap limits of the guarded worker: a large young generation (big pages
 * allocate many short-lived objects) and an old generation a page may not
 * outgrow: past it the worker stops, and the page is reported, instead of the
 * whole process running out of memory.
 */
export const GUARDED_LIMITS: HeapLimits = { maxYoungGenerationSizeMb: 96, maxOldGenerationSizeMb: 2048 };

/**
 * Pages larger than this go straight to the guarded worker: a pool worker's
 * heap (512 MB) holds the syntax trees of about 1 MB of prose, and a page
 * that outgrows it would be compiled twice.
 */
export const BIG_PAGE = 1024 * 1024;

/** A page for the guarded worker; `codeLine` (1-based in its body) when it is guarded for its code blocks rather than for its Markdown. */
export interface GuardedJob extends CompileJob {
  codeLine?: number;
}

/** True when a page should skip the pool and compile on the guarded worker: the parser is costly on it, or it is big. */
export const needsGuard = (job: CompileJob) =>
  job.file.body.length > BIG_PAGE || isCostly(job.file.body, job.file.format);

/** The content of a page that was stopped: no HTML, one error at its most costly paragraph (or code block). */
export function tooCostly(
  { file, codeLine }: GuardedJob,
  why: StopReason,
  limits: HeapLimits,
  deadlineMs: number,
): PageContent {
  const cost = measureCompileCost(file.body, file.format);
  const line = codeLine ?? (cost.markers > 0 ? cost.line : longestParagraphLine(file.body));
  const limit =
    why === 'timeout'
      ? `took longer than ${Math.round(deadlineMs / 1000)} s`
      : `needed more than ${limits.maxOldGenerationSizeMb} MB of memory`;
  return {
    html: '',
    headings: [],
    links: [],
    assets: {},
    diagnostics: [
      {
        severity: 'error',
        rule: 'too-costly',
        message: `compiling this page ${limit}, and was stopped`,
        file: file.file,
        line: line + file.bodyLineOffset,
        column: 1,
        hint:
          codeLine !== undefined
            ? "syntax highlighting can take time that grows with the square of a line's length: break the long lines of this code block into shorter ones, or mark it as `text`"
            : cost.markers > 0
              ? `a long paragraph with thousands of unmatched *, _, ~, [ or ]${file.format === 'mdx' ? ' (or { } expressions)' : ''} makes the Markdown parser slow: split it, or put such text in \`code\``
              : 'this page is too large for the Markdown parser (each link, cell or element it holds costs memory and time): split it into smaller pages',
      },
    ],
  };
}

/** The 1-based line where the page's longest paragraph (run of non-blank lines) starts: where a page with no costly markers is most likely slow. */
export function longestParagraphLine(body: string): number {
  let best = 1;
  let longest = -1;
  let start = 0;
  let startAt = 0;
  const close = (end: number) => {
    if (start !== 0 && end - startAt > longest) {
      longest = end - startAt;
      best = start;
    }
    start = 0;
  };
  for (let from = 0, line = 1; from <= body.length; line++) {
    let end = body.indexOf('\n', from);
    if (end === -1) end = body.length;
    if (body.slice(from, end).trim() === '') close(from);
    else if (start === 0) {
      start = line;
      startAt = from;
    }
    from = end + 1;
  }
  close(body.length);
  return best;
}
