import path from 'node:path';
import { cacheDirOf } from '../cache/cache-folder.js';
import { REPORTED_AT_REFERENCE } from '../check/check-links.js';
import { explainDraftLinks } from '../check/draft-links.js';
import { collectExternalLinks } from '../check/collect-external-links.js';
import { checkExternalLinks, type ExternalCheckOptions } from '../check/external-links.js';
import { formatText, type ReportFormat } from '../report/format-check-report.js';
import { EXIT_CONTENT } from '../errors.js';
import { buildSite, type BuildSiteOptions } from '../pipeline/build-site.js';
import type { SampleCount } from '../samples/code-samples.js';
import { createStageTimer } from '../pipeline/stage-timer.js';
import { colorsFor } from '../report/colors.js';
import { noticesFor } from '../report/notices.js';
import type { Diagnostic, Notice, Timings } from '../types.js';
import { runReported } from './run-reported.js';

export interface CheckOptions extends Omit<BuildSiteOptions, 'pruneCache'> {
  /** Also request every external link (off by default: CI is often offline). */
  external?: boolean | ExternalCheckOptions;
}

export interface CheckResult {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** Every problem, sorted by nothing in particular; `errors` and `warnings` split them. */
  diagnostics: Diagnostic[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
  /** What a reviewer should know that is no problem: `markdown.trustContent` is on. */
  notices: Notice[];
  /** Pages the site would have. */
  pages: number;
  /** The code samples type-checked and opted out, and whether TypeScript was started; unset when samples are not checked. */
  samples?: SampleCount;
  /** Milliseconds spent in each stage, in the order they finished. */
  timings: Timings;
  /** Milliseconds. */
  duration: number;
}

/**
 * Runs the whole pipeline in memory (nothing is written) and every check:
 * links, anchors, images, drafts, sidebars, MDX and front matter, duplicate
 * routes and heading ids, code languages, and with `external` the external
 * links. Config and environment problems reject with a DocsgenError.
 */
export async function check(options: CheckOptions = {}): Promise<CheckResult> {
  const start = performance.now();
  const root = path.resolve(options.root ?? process.cwd());
  // Nothing is written and no search index or Markdown copies made: pages are read for their links and dropped.
  const site = await buildSite({
    ...options,
    root,
    searchIndex: false,
    markdownOutputs: false,
    pruneCache: false,
    openOutput: async () => ({ write: async () => undefined }),
  });
  const diagnostics = withoutEchoes(
    explainDraftLinks(site.diagnostics, { config: site.config, routes: site.routes, drafts: site.drafts }),
  );
  if (options.external) {
    const settings: ExternalCheckOptions = {
      cacheFile: options.noCache ? undefined : path.join(cacheDirOf(root), 'external-links.json'),
      allowPrivateNetworks: site.config.externalLinks.allowPrivateNetworks,
      budgetMs: site.config.externalLinks.timeout * 1000,
      ...(options.external === true ? {} : options.external),
    };
    const uses = collectExternalLinks(site.links, {
      root,
      configFile: site.configFile,
      siteUrl: site.config.url.replace(/\/$/, '') + site.config.baseUrl,
    });
    const timer = createStageTimer(options.reporter);
    diagnostics.push(
      ...(await timer.stage('external links', () => checkExternalLinks(uses, site.config.onBrokenLinks, settings))),
    );
    Object.assign(site.timings, timer.timings);
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return {
    ok: errors.length === 0,
    diagnostics,
    errors,
    warnings: diagnostics.filter((d) => d.severity === 'warning'),
    notices: [...noticesFor(site.config), ...(site.lastUpdateNotice ? [site.lastUpdateNotice] : [])],
    pages: site.routes.length,
    ...(site.samples ? { samples: site.samples } : {}),
    timings: site.timings,
    duration: Math.round(performance.now() - start),
  };
}

/**
 * `docsgen check` on the command line: stage lines on stderr, the report on
 * stdout; returns 0, 1 (errors) or 2 (usage, config).
 */
export async function runCheck(options: CheckOptions & { format: ReportFormat; verbose?: boolean }): Promise<number> {
  return runReported(
    { command: 'check', format: options.format, verbose: options.verbose },
    async (reporter) => {
      const result = await check({ ...options, reporter });
      return {
        exitCode: result.ok ? 0 : EXIT_CONTENT,
        diagnostics: result.diagnostics,
        notices: result.notices,
        pages: result.pages,
        samples: result.samples,
      };
    },
    (outcome, duration) =>
      process.stdout.write(
        formatText(
          outcome.diagnostics,
          { pages: outcome.pages, seconds: duration / 1000, notices: outcome.notices, samples: outcome.samples },
          colorsFor(process.stdout),
          options.verbose ? Infinity : undefined,
        ),
      ),
  );
}

/**
 * A missing (or refused) image or an unresolved `.md` link is also seen by the link
 * checker as a broken link at the same place: report it once, under the
 * more precise rule.
 */
function withoutEchoes(diagnostics: Diagnostic[]): Diagnostic[] {
  const precise = new Set(
    diagnostics
      .filter((d) => REPORTED_AT_REFERENCE.has(d.rule) || d.rule === 'draft-link')
      .map((d) => `${d.file}:${d.line}:${d.column}`),
  );
  return diagnostics.filter((d) => d.rule !== 'broken-link' || !precise.has(`${d.file}:${d.line}:${d.column}`));
}
