import type { UserConfig } from './schema.js';

/** Identity function that gives `build.config.ts` its types. */
export function defineConfig(config: UserConfig): UserConfig {
  return config;
}
