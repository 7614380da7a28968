/** docsgen's programmatic API: what other tooling scripts against. */
export { build, type BuildOptions, type BuildResult } from './commands/build.js';
export { check, type CheckOptions, type CheckResult } from './commands/check.js';
export { buildSite, type BuildSiteOptions, type Site } from './pipeline/build-site.js';
export { loadConfig } from './config/load-config.js';
export { defineConfig } from './config/define-config.js';
export type { SiteConfig, UserConfig } from './config/schema.js';
export { DocsgenError } from './errors.js';
export { REPORT_SCHEMA_VERSION, type JsonReport, type JsonDiagnostic, type JsonSummary } from './report/json-report.js';
export type { Diagnostic, Notice, Route, SidebarItem } from './types.js';
