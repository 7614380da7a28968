/**
 * What checking one page takes: its blocks sorted into opted out (counted)
 * and checked (each a virtual file of the page's folder), with the errors
 * its blocks' meta words already show (a `nocheck` without a reason, a
 * `setup=` that names no setup file).
 */
import { CODE_SAMPLE_ERROR_RULE } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import type { PageFiles } from './checker-protocol.js';
import { parseSampleMeta } from './code-refs.js';
import type { FoundSample } from './find-samples.js';
import { planBlock, type PlannedBlock } from './page-files.js';
import { SETUP_NAME, type SetupFiles } from './setup-files.js';

export interface SamplePage {
  /** The Markdown file, relative to the site root (what diagnostics name). For API examples: the library source file. */
  file: string;
  /** Stable and unique per page (the doc id or route); names the page's virtual folder. */
  id: string;
  /** The page's blocks of CHECKED_LANGUAGES (others are simply ignored). Opted-out ones included: the checker counts them. */
  blocks: FoundSample[];
}

export interface PlannedPage {
  page: SamplePage;
  /** The checked blocks, in page order. */
  blocks: PlannedBlock[];
  /** What the compiler gets: the checked blocks' files. */
  files: PageFiles;
  diagnostics: Diagnostic[];
  optedOut: number;
}

export function planPage(page: SamplePage, folder: string, setups: SetupFiles): PlannedPage {
  const plan: PlannedPage = { page, blocks: [], files: { folder, files: [] }, diagnostics: [], optedOut: 0 };
  const taken = new Set<string>();
  page.blocks.forEach((sample, index) => {
    const meta = parseSampleMeta(sample.meta);
    if (meta.nocheck !== undefined) {
      plan.optedOut++;
      if (meta.nocheck === '') {
        plan.diagnostics.push(
          atFence(
            page,
            sample,
            'this block opts out of type-checking without a reason',
            'give the reason in the meta: nocheck="why this sample is not complete TypeScript"',
          ),
        );
      }
      return;
    }
    const setup = meta.setup === undefined ? undefined : setups.get(meta.setup);
    if (meta.setup !== undefined && !setup) {
      plan.diagnostics.push(setupProblem(page, sample, meta.setup, setups));
      return;
    }
    const block = planBlock(sample, index, folder, taken, setup);
    plan.blocks.push(block);
    plan.files.files.push(block.file);
  });
  return plan;
}

function setupProblem(page: SamplePage, sample: FoundSample, name: string, setups: SetupFiles): Diagnostic {
  if (!SETUP_NAME.test(name)) {
    return atFence(
      page,
      sample,
      `setup=${name} is not a setup name`,
      `a setup name is a file name without extension in ${setups.folder}: letters, digits, - and _`,
    );
  }
  return atFence(
    page,
    sample,
    `setup=${name} names no setup file: ${setups.folder}/${name}.ts (or .tsx) does not exist`,
    `create ${setups.folder}/${name}.ts with the lines the block needs, or fix the name`,
  );
}

/** A problem of the block as a whole, placed at its opening fence. */
export function atFence(page: SamplePage, sample: FoundSample, message: string, hint: string): Diagnostic {
  return {
    severity: 'error',
    rule: CODE_SAMPLE_ERROR_RULE,
    message,
    file: page.file,
    line: sample.line - 1,
    column: sample.column,
    hint,
    block: sample.line - 1,
  };
}
