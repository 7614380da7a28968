import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { failureNote, round, runFigures, type BenchContext, type ScenarioResult } from '../context.js';
import { builtDocPages } from '../incremental/built-output.js';
import { editParagraph, editToken, middlePage } from '../incremental/site-edits.js';
import { measureProcess, summarize, type ProcessMeasurement } from '../measure.js';
import { FIELD_CONVERSION_NOTE } from '../synthetic/field-pages.js';
import {
  FIELD_DIR,
  FIELD_INSTALL,
  fieldToolInstalled,
  generateFieldSite,
  type FieldSite,
  type FieldTool,
} from '../synthetic/field-sites.js';
import { buildHugo, runOnCorpus, syntheticCorpus, timeoutFor, type CorpusSpec } from '../synthetic/corpus.js';
import { buildSynthetic } from './synthetic.js';

/** A build of a field tool's twin (`node <cli> build` in its root); `cold` first removes its output and caches. */
function buildField(site: FieldSite, cold: boolean, timeoutMs: number): Promise<ProcessMeasurement> {
  if (cold) for (const dir of site.buildState) rmSync(dir, { recursive: true, force: true });
  const cli = path.join(FIELD_DIR, 'node_modules', site.tool.cli);
  return measureProcess(process.execPath, [cli, 'build'], {
    cwd: site.root,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
    timeoutMs,
  });
}

/** How many of the twin's pages a build wrote. */
function builtFieldPages(site: FieldSite, ids: string[]): number {
  return ids.filter((id) => existsSync(site.builtFile(id))).length;
}

function ratio(a: number | null, b: number | null): number | null {
  return a !== null && b ? round(a / b, 2) : null;
}

/**
 * rspress-1k, starlight-1k: a field tool's twin of the synthetic corpus (same pages, same sidebar order, its own
 * MDX dialect), built cold and then again after one paragraph of one page changed, alternating with docsgen's
 * cold build and warm body-edit build of the same corpus, and Hugo's cold build when installed: wall, CPU, peak
 * RSS, and the tool's ratios to docsgen and to Hugo from this run. Skipped when the tool is not installed under
 * bench/field.
 */
export async function measureField(
  context: BenchContext,
  name: string,
  tool: FieldTool,
  spec: CorpusSpec,
  defaultRuns: number,
): Promise<ScenarioResult> {
  if (!fieldToolInstalled(tool))
    return { name, status: 'not available', note: `skipped: not installed (${FIELD_INSTALL})`, figures: {} };
  const corpus = syntheticCorpus(context, spec);
  const docsgenSite = corpus.site;
  const ids = docsgenSite.pages.map((page) => page.id);
  context.log(`${name}: generating the ${tool.label} twin of ${corpus.name}`);
  const site = generateFieldSite(tool, path.join(path.dirname(docsgenSite.root), tool.name), docsgenSite.pages);
  const timeoutMs = timeoutFor(docsgenSite) * 2;
  const runs = context.runs(defaultRuns);
  const fail = (note: string, run?: ProcessMeasurement): ScenarioResult => ({
    name,
    status: 'failed',
    note,
    figures: run ? { wallS: round(run.wallS), cpuS: round(run.cpuS), peakRssMiB: round(run.peakRssMiB, 1) } : {},
  });

  const cold = {
    tool: [] as ProcessMeasurement[],
    docsgen: [] as ProcessMeasurement[],
    hugo: [] as ProcessMeasurement[],
  };
  for (let i = 1; i <= runs; i++) {
    context.log(`${name}: cold run ${i}/${runs}: docsgen, ${tool.label}${docsgenSite.hugoRoot ? ', hugo' : ''}`);
    const docsgen = await buildSynthetic(context.docsgenRoot, docsgenSite);
    if (docsgen.exitCode !== 0) return fail(`docsgen cold build: ${failureNote(docsgen)}`);
    cold.docsgen.push(docsgen);
    const run = await buildField(site, true, timeoutMs);
    if (run.exitCode !== 0) return fail(`${tool.label} cold build: ${failureNote(run)}`, run);
    const built = builtFieldPages(site, ids);
    if (built !== ids.length) return fail(`${tool.label} built ${built} of ${ids.length} pages`, run);
    cold.tool.push(run);
    if (docsgenSite.hugoRoot) {
      const hugo = await buildHugo(corpus);
      if (hugo.exitCode === 0) cold.hugo.push(hugo);
    }
  }

  // Warm: each run appends a paragraph with a new word to the middle page, in docsgen's copy and in the twin.
  const page = middlePage(docsgenSite);
  const twinFile = site.sourceFile(page.id);
  const twinOriginal = readFileSync(twinFile, 'utf8');
  const docsgenEdit = editParagraph(docsgenSite);
  const warm = { tool: [] as ProcessMeasurement[], docsgen: [] as ProcessMeasurement[] };
  try {
    docsgenEdit.prepare();
    context.log(`${name}: filling docsgen's caches with one build (the twin's come from its last cold build)`);
    const warmUp = await runOnCorpus(context, corpus, ['build']);
    if (warmUp.exitCode !== 0) return fail(`docsgen warm-up build: ${failureNote(warmUp)}`);
    for (let i = 1; i <= runs; i++) {
      context.log(`${name}: body-edit run ${i}/${runs}: docsgen, ${tool.label}`);
      const verify = docsgenEdit.apply(i);
      const docsgen = await runOnCorpus(context, corpus, ['build']);
      const missing = docsgen.exitCode === 0 ? verify() : failureNote(docsgen);
      if (missing) return fail(`docsgen body-edit build: ${missing}`);
      warm.docsgen.push(docsgen);
      const token = editToken(i);
      writeFileSync(twinFile, twinOriginal);
      appendFileSync(twinFile, `\n\nBenchmark paragraph: ${token}.\n`);
      const run = await buildField(site, false, timeoutMs);
      if (run.exitCode !== 0) return fail(`${tool.label} body-edit build: ${failureNote(run)}`, run);
      const html = existsSync(site.builtFile(page.id)) ? readFileSync(site.builtFile(page.id), 'utf8') : '';
      if (!html.includes(token)) return fail(`${tool.label}'s build after the edit does not show ${token}`, run);
      warm.tool.push(run);
    }
  } finally {
    docsgenEdit.restore();
    writeFileSync(twinFile, twinOriginal);
  }

  const toolCold = summarize(cold.tool);
  const toolWarm = summarize(warm.tool);
  const docsgenCold = summarize(cold.docsgen);
  const docsgenWarm = summarize(warm.docsgen);
  const hugo = summarize(cold.hugo);
  const docsgenBuilt = builtDocPages(docsgenSite.root).count;
  const notes = [
    `${tool.label} (${tool.packages.join(', ')} from bench/field) on the ${corpus.name} pages, its defaults`,
    FIELD_CONVERSION_NOTE[tool.name],
    `warm: after one paragraph of ${page.id} edited, with the caches of the previous build`,
    docsgenSite.hugoRoot
      ? `Hugo: ${cold.hugo.length} cold build${cold.hugo.length === 1 ? '' : 's'} alternating with these`
      : 'hugo not installed',
  ];
  if (docsgenBuilt !== ids.length) notes.push(`docsgen built ${docsgenBuilt} of ${ids.length} pages`);
  return {
    name,
    status: 'ok',
    note: notes.join('; '),
    figures: {
      pages: ids.length,
      wallS: round(toolCold.wallS),
      cpuS: round(toolCold.cpuS),
      peakRssMiB: round(toolCold.peakRssMiB, 1),
      warmWallS: round(toolWarm.wallS),
      warmCpuS: round(toolWarm.cpuS),
      warmPeakRssMiB: round(toolWarm.peakRssMiB, 1),
      docsgenWallS: round(docsgenCold.wallS),
      docsgenCpuS: round(docsgenCold.cpuS),
      docsgenPeakRssMiB: round(docsgenCold.peakRssMiB, 1),
      docsgenWarmWallS: round(docsgenWarm.wallS),
      docsgenWarmCpuS: round(docsgenWarm.cpuS),
      hugoWallS: round(hugo.wallS),
      hugoCpuS: round(hugo.cpuS),
      toolPerDocsgen: ratio(toolCold.wallS, docsgenCold.wallS),
      toolPerDocsgenCpu: ratio(toolCold.cpuS, docsgenCold.cpuS),
      warmPerDocsgenWarm: ratio(toolWarm.wallS, docsgenWarm.wallS),
      toolPerHugo: ratio(toolCold.wallS, hugo.wallS),
      warmPerHugo: ratio(toolWarm.wallS, hugo.wallS),
      docsgenPerHugo: ratio(docsgenCold.wallS, hugo.wallS),
      docsgenWarmPerHugo: ratio(docsgenWarm.wallS, hugo.wallS),
    },
    runs: [
      ...cold.tool.map((run) => ({ tool: tool.name, build: 'cold', ...runFigures(run) })),
      ...warm.tool.map((run) => ({ tool: tool.name, build: 'body edit', ...runFigures(run) })),
      ...cold.docsgen.map((run) => ({ tool: 'docsgen', build: 'cold', ...runFigures(run) })),
      ...warm.docsgen.map((run) => ({ tool: 'docsgen', build: 'body edit', ...runFigures(run) })),
      ...cold.hugo.map((run) => ({ tool: 'hugo', build: 'cold', ...runFigures(run) })),
    ],
  };
}
