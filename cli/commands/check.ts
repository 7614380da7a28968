import path from 'node:path';
import { explainDraftLinks } from '../check/draft-links.js';
import { collectExternalLinks } from '../check/collect-external-links.js';
import { checkExternalLinks, type ExternalCheckOptions } from '../check/external-links.js';
import { formatGithub, formatJson, formatText, type CheckFormat, type Notice } from '../check/format-check-report.js';
import type { SiteConfig } from '../config/schema.js';
import { DocsgenError, EXIT_CONTENT, describeErrorChain } from '../errors.js';
import { buildSite, type BuildSiteOptions } from '../pipeline/build-site.js';
import type { Diagnostic } from '../types.js';
import { dim, red, reportFailure, yellow } from './report.js';

export interface CheckOptions extends Omit<BuildSiteOptions, 'reporter'> {
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
  // Nothing is written and no search index built: pages are read for their links and dropped.
  const site = await buildSite({ ...options, root, searchIndex: false, openOutput: async () => ({ write: async () => undefined }) });
  const diagnostics = withoutEchoes(explainDraftLinks(site.diagnostics, { config: site.config, routes: site.routes, drafts: site.drafts }));
  if (options.external) {
    const settings: ExternalCheckOptions = {
      cacheFile: options.noCache ? undefined : path.join(root, 'node_modules', '.cache', 'docsgen', 'external-links.json'),
      allowPrivateNetworks: site.config.externalLinks.allowPrivateNetworks,
      ...(options.external === true ? {} : options.external),
    };
    const uses = collectExternalLinks(site.links, { root, configFile: site.configFile, siteUrl: site.config.url.replace(/\/$/, '') + site.config.baseUrl });
    diagnostics.push(...(await checkExternalLinks(uses, site.config.onBrokenLinks, settings)));
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return {
    ok: errors.length === 0,
    diagnostics,
    errors,
    warnings: diagnostics.filter((d) => d.severity === 'warning'),
    notices: noticesFor(site.config),
    pages: site.routes.length,
    duration: Math.round(performance.now() - start),
  };
}

/** `docsgen check` on the command line: prints the report on stdout and returns 0, 1 (errors) or 2 (usage, config). */
export async function runCheck(options: CheckOptions & { format: CheckFormat; verbose?: boolean }): Promise<number> {
  let result: CheckResult;
  try {
    result = await check(options);
  } catch (error) {
    if (options.format !== 'text' && error instanceof DocsgenError) {
      const diagnostics: Diagnostic[] = error.diagnostics.length
        ? error.diagnostics.map((d) => ({ ...d, severity: 'error' }))
        : [{ severity: 'error', rule: 'config', message: describeErrorChain(error) }];
      process.stdout.write(options.format === 'json' ? formatJson(diagnostics) : formatGithub(diagnostics));
    }
    return reportFailure(error, options.verbose ?? false);
  }
  const { diagnostics, notices } = result;
  if (options.format === 'json') process.stdout.write(formatJson(diagnostics, notices));
  else if (options.format === 'github') process.stdout.write(formatGithub(diagnostics, notices));
  else process.stdout.write(formatText(diagnostics, { pages: result.pages, seconds: result.duration / 1000, notices }, useColor() ? { error: red, warning: yellow, dim } : undefined));
  return result.ok ? 0 : EXIT_CONTENT;
}

/**
 * A site that trusts its content is worth a reviewer's eye: a pull request
 * to it can put script in the pages. `check` says so every time it runs.
 */
function noticesFor(config: SiteConfig): Notice[] {
  if (!config.markdown.trustContent) return [];
  return [{ rule: 'trust-content', message: 'markdown.trustContent is on: pages are not sanitised, so content can put script in them' }];
}

/**
 * A missing image or an unresolved `.md` link is also seen by the link
 * checker as a broken link at the same place: report it once, under the
 * more precise rule.
 */
function withoutEchoes(diagnostics: Diagnostic[]): Diagnostic[] {
  const precise = new Set(diagnostics.filter((d) => d.rule === 'missing-image' || d.rule === 'broken-markdown-link' || d.rule === 'draft-link').map((d) => `${d.file}:${d.line}:${d.column}`));
  return diagnostics.filter((d) => d.rule !== 'broken-link' || !precise.has(`${d.file}:${d.line}:${d.column}`));
}

function useColor(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}
