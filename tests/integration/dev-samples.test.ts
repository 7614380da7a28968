/**
 * `docsgen dev` and the code samples: one checker for the session, an edited
 * page's samples checked again before it is compiled, and no call to the
 * checker when an edit leaves a page's blocks as they were. The real checker,
 * with its calls counted.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DevSite } from '../../cli/dev/dev-site.js';
import type { SamplePage } from '../../cli/samples/sample-checker.js';
import { FIXTURE_LIB_CONFIG, installFixtureLib } from '../helpers/fixture-lib.js';
import { copySite } from '../helpers/run-cli.js';

const calls = vi.hoisted(() => ({ created: 0, checks: [] as string[][], closed: 0 }));

vi.mock('../../cli/samples/sample-checker.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../cli/samples/sample-checker.js')>();
  return {
    ...real,
    createSampleChecker: (options: Parameters<typeof real.createSampleChecker>[0]) => {
      calls.created++;
      const checker = real.createSampleChecker(options);
      return {
        check: (pages: SamplePage[]) => {
          calls.checks.push(pages.map((page) => page.id));
          return checker.check(pages);
        },
        close: () => {
          calls.closed++;
          return checker.close();
        },
      };
    },
  };
});

const INTRO = 'content/docs/guides/intro.md';
const HEAD =
  '---\ntitle: Introduction\nslug: /guides\n---\n\nWelcome. Read the [second page](./second.md#details) next.\n';
const BAD = "\n```ts\nimport { Widget } from 'fixture-lib'\nnew Widget({ size: 'small' }).paint()\n```\n";

describe('docsgen dev with code samples', () => {
  let root: string;
  let site: DevSite;
  const write = (file: string, text: string) => writeFileSync(path.join(root, file), text);
  const sampleErrors = () =>
    site
      .errors()
      .filter((d) => d.rule === 'code-sample-type-error')
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`);

  beforeAll(async () => {
    root = copySite('minimal');
    installFixtureLib(root);
    const config = path.join(root, 'build.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('  docs:', `${FIXTURE_LIB_CONFIG}\n  docs:`));
    site = new DevSite({ root });
    await site.start();
  });

  afterAll(() => site.close());

  it("checks an edited page's samples before it is compiled, and clears the error once the sample is fixed", async () => {
    expect(sampleErrors()).toEqual([]);
    write(INTRO, HEAD + BAD);
    await site.update([path.join(root, INTRO)]);
    expect(sampleErrors()).toEqual([`${INTRO}:10:31 Property 'paint' does not exist on type 'Widget'. (TS2339)`]);

    write(INTRO, HEAD + BAD.replace('.paint()', '.render()'));
    await site.update([path.join(root, INTRO)]);
    expect(sampleErrors()).toEqual([]);
  });

  it("does not call the checker when an edit leaves the page's blocks as they were, and moves their problems with them", async () => {
    write(INTRO, HEAD + BAD);
    await site.update([path.join(root, INTRO)]);
    const before = calls.checks.length;

    write(INTRO, HEAD + '\nA new paragraph.\n' + BAD);
    await site.update([path.join(root, INTRO)]);
    write('content/docs/guides/second.md', '# Second Page\n\nEdited, with no code.\n\n## Details\n');
    await site.update([path.join(root, 'content/docs/guides/second.md')]);

    expect(calls.checks.length).toBe(before);
    expect(sampleErrors()).toEqual([`${INTRO}:12:31 Property 'paint' does not exist on type 'Widget'. (TS2339)`]);
  });

  it('checks the samples that use a setup again when the setup file changes', async () => {
    write(INTRO, HEAD + "\n```ts setup=fixture-lib\ncreateWidget('large')\n```\n");
    await site.update([path.join(root, INTRO)]);
    expect(sampleErrors()).toEqual([]);

    const setup = 'content/code-setup/fixture-lib.ts';
    write(setup, "import { Widget } from 'fixture-lib'\n");
    await site.update([path.join(root, setup)]);
    expect(sampleErrors()).toContain(`${INTRO}:9:1 Cannot find name 'createWidget'. (TS2304)`);

    installFixtureLib(root);
    await site.update([path.join(root, setup)]);
    expect(sampleErrors()).toEqual([]);
  });

  it('keeps one checker across config reloads and closes it when dev stops', async () => {
    const config = path.join(root, 'build.config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("title: 'Minimal'", "title: 'Minimal, retitled'"));
    await site.update([config]);
    expect(site.config.title).toBe('Minimal, retitled');
    expect(calls.created).toBe(1);
    expect(calls.closed).toBe(0);
    await site.close();
    expect(calls.closed).toBe(1);
  });
});
