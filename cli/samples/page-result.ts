/**
 * The compiler's answer for a page, placed where readers and authors see
 * it: errors at the Markdown line and column (or in the setup file), links
 * on the lines of the shown code, each block's tips shared by identical
 * popups.
 */
import { CODE_SAMPLE_ERROR_RULE } from '../diagnostics.js';
import type { ApiKind, ApiTarget } from '../api-model.js';
import { sortDiagnostics } from '../diagnostics.js';
import type { Diagnostic } from '../types.js';
import type { FileResult } from './checker-protocol.js';
import type { BlockRefs, CodeTip, PageSampleRefs } from './code-refs.js';
import { placeInSource, shownLineOf, type PlannedBlock } from './page-files.js';
import { atFence, type PlannedPage } from './plan-page.js';

/** A checked page's result, as cached. */
export interface PageOutcome {
  refs: PageSampleRefs;
  diagnostics: Diagnostic[];
}

const FIX_HINT =
  'fix the code, put what it needs above a `// ---cut---` line (compiled, not shown) or in a setup file (`setup=<name>`), or mark the block nocheck="reason"';

/**
 * TS2584 is a browser global the environment lacks ("Try changing the 'lib' compiler option"): samples cannot
 * set compiler options, so the hint names the config key that gives them their globals.
 */
const ENVIRONMENT_CODE = 2584;
const ENVIRONMENT_HINT =
  "a sample's globals come from codeSamples.environment: 'react-native' (the default) has React Native's, from the react-native package installed where Node finds it from the site root; 'dom' has the browser's (document, window)";

export function mapPageResult(
  plan: PlannedPage,
  files: FileResult[],
  hrefOf: (target: { kind: ApiKind; entity: string; member?: string }) => string,
): PageOutcome {
  const refs: PageSampleRefs = {};
  const diagnostics: Diagnostic[] = [];
  plan.blocks.forEach((block, index) => {
    const result = files[index] ?? { diagnostics: [], refs: [] };
    for (const d of result.diagnostics) {
      const place = placeInSource(block, plan.page.file, d.line, d.character);
      const inSetup = place.file !== plan.page.file;
      diagnostics.push({
        severity: 'error',
        rule: CODE_SAMPLE_ERROR_RULE,
        message: d.code ? `${d.message} (TS${d.code})` : d.message,
        ...place,
        hint: inSetup
          ? `fix the setup file: every block with setup=${block.setup!.name} compiles it first`
          : d.code === ENVIRONMENT_CODE
            ? ENVIRONMENT_HINT
            : FIX_HINT,
        ...(inSetup ? {} : { block: block.sample.line - 1 }),
      });
    }
    refs[block.key] = blockRefs(block, result, hrefOf);
  });
  return { refs, diagnostics: sortDiagnostics(diagnostics) };
}

/** A block's links on its shown lines; identical popups are stored once. */
function blockRefs(block: PlannedBlock, result: FileResult, hrefOf: (target: ApiTarget) => string): BlockRefs {
  const out: BlockRefs = { refs: [], tips: [] };
  const tipIndex = new Map<string, number>();
  for (const ref of result.refs) {
    const line = shownLineOf(block, ref.line);
    if (line === undefined) continue;
    const tip = ref.tip ? indexOfTip(out.tips, tipIndex, ref.tip) : undefined;
    out.refs.push({
      line,
      start: ref.start,
      end: ref.end,
      href: hrefOf(ref.target),
      ...(tip !== undefined ? { tip } : {}),
    });
  }
  return out;
}

function indexOfTip(tips: CodeTip[], index: Map<string, number>, tip: CodeTip): number {
  const key = `${tip.signature}\0${tip.doc ?? ''}`;
  let found = index.get(key);
  if (found === undefined) {
    found = tips.push(tip) - 1;
    index.set(key, found);
  }
  return found;
}

/** Every block of a page the check did not finish: one error each, at its fence. */
export function stoppedDiagnostics(plan: PlannedPage, reason: string): Diagnostic[] {
  return plan.blocks.map((block) =>
    atFence(
      plan.page,
      block.sample,
      reason,
      'simplify the types this sample makes the compiler work out, or mark the block nocheck="reason"',
    ),
  );
}
