import pc from 'picocolors';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { chromiumMissing } from './chromium.js';

/**
 * A vitest reporter that ends the run, after the summary, with one loud line
 * when browser tests (tagged `browser`, see `describeInBrowser`) were skipped
 * because Chromium is missing: "SKIPPED 37 browser tests: Chromium not found
 * at /usr/bin/chromium (…)". A green run that checked no browser behaviour
 * should not look like one that did.
 */
export default class BrowserSkipReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const reason = chromiumMissing();
    if (!reason || !this.vitest) return;
    let skipped = 0;
    for (const module of testModules)
      for (const test of module.children.allTests('skipped')) if (test.tags.includes('browser')) skipped++;
    if (skipped === 0) return;
    this.vitest.logger.log(
      pc.bold(pc.yellow(`\n SKIPPED ${skipped} browser test${skipped === 1 ? '' : 's'}: ${reason}\n`)),
    );
  }
}
