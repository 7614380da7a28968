import type { DiskCache } from '../cache/disk-cache.js';
import type { SiteConfig } from '../config/schema.js';
import { timeoutFromEnv } from '../config/evaluate-config.js';
import type { FileRule } from '../files/content-files.js';
import { bundleBrowserComponents } from './browser-bundle.js';
import { bundleComponents } from './bundle-components.js';
import { ComponentRenderer } from './component-renderer.js';
import { resolveComponentModules } from './component-modules.js';
import { siteDefine } from './docusaurus-shims.js';
import type { SiteComponents } from './fill-components.js';

/** The environment variable that sets how long one component use may take to render, in seconds. */
export const COMPONENT_TIMEOUT_ENV = 'DOCSGEN_COMPONENT_TIMEOUT';
const DEFAULT_COMPONENT_TIMEOUT_SECONDS = 10;

/** True when the config registers site components. */
export const hasComponents = (config: SiteConfig) => Object.keys(config.components).length > 0;

/**
 * Checks and bundles the config's `components` (config errors, exit 2, for a
 * module outside the site's own code or one that does not build); undefined
 * when the config registers none. Each use renders within
 * DOCSGEN_COMPONENT_TIMEOUT seconds (10 by default).
 */
export async function loadSiteComponents(
  config: SiteConfig,
  rule: FileRule,
  configFile: string,
  cache?: DiskCache,
): Promise<SiteComponents | undefined> {
  if (!hasComponents(config)) return undefined;
  const timeoutMs = timeoutFromEnv(COMPONENT_TIMEOUT_ENV, DEFAULT_COMPONENT_TIMEOUT_SECONDS);
  const modules = resolveComponentModules(config, rule, configFile);
  const define = siteDefine(config);
  const [bundle, browser] = await Promise.all([
    bundleComponents(rule.root, modules, { define }),
    bundleBrowserComponents(rule.root, modules, { baseUrl: config.baseUrl, define, cache }),
  ]);
  // Run once now: a module that throws or loops when imported is a config error before any page is compiled.
  const renderer = new ComponentRenderer(bundle, rule.root, timeoutMs);
  try {
    await renderer.started();
  } finally {
    await renderer.close();
  }
  const client = new Set(modules.filter((m) => m.client).map((m) => m.name));
  return { bundle, client, ...(browser ? { browser } : {}), root: rule.root, timeoutMs };
}
