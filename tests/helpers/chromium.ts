import { existsSync } from 'node:fs';

/** The Chromium browser tests drive: $CHROMIUM_PATH, or Debian's. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Why browser tests cannot run on this machine, or undefined when they can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH or install chromium)`;
}
