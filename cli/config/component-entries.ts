import type { SiteConfig } from './schema.js';

/** A `components` entry as the config writes it: the module's path, or the path and whether it is hydrated. */
type ComponentEntry = SiteConfig['components'][string];

/** The module path of an entry. */
export const componentPath = (entry: ComponentEntry): string => (typeof entry === 'string' ? entry : entry.path);

/** True for an entry marked `client: true`: hydrated in the browser as well as rendered at build time. */
export const isClientComponent = (entry: ComponentEntry): boolean => typeof entry !== 'string' && entry.client;

/** Each registered name's module path, as content's imports are matched against them (site-components.ts). */
export function componentPaths(config: SiteConfig): Record<string, string> {
  return Object.fromEntries(Object.entries(config.components).map(([name, entry]) => [name, componentPath(entry)]));
}
