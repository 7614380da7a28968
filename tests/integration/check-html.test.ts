import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../cli/types.js';
import { copySite, runCliAsync } from '../helpers/run-cli.js';

/** A diagnostic as `check --format json` prints it. */
type Reported = Omit<Diagnostic, 'severity'>;

/** The minimal site with `second.md` replaced by `markdown` (its `## Details` kept: the intro links to it), and `config` added to its config. */
function siteWith(markdown: string, config = ''): string {
  const root = copySite('minimal');
  writeFileSync(path.join(root, 'content/docs/guides/second.md'), `# Second Page\n\n## Details\n\n${markdown}\n`);
  const file = path.join(root, 'build.config.ts');
  writeFileSync(
    file,
    readFileSync(file, 'utf8').replace("url: 'https://example.com',", `url: 'https://example.com',${config}`),
  );
  return root;
}

async function checkJson(
  root: string,
  extra: string[] = [],
): Promise<{ code: number | null; errors: Reported[]; warnings: Reported[]; stderr: string }> {
  const { code, stdout, stderr } = await runCliAsync(['check', '--root', root, '--format', 'json', ...extra]);
  const report = JSON.parse(stdout) as { errors: Reported[]; warnings: Reported[] };
  return { code, ...report, stderr };
}

const place = (d: Reported) => `${d.file}:${d.line}:${d.column}`;

describe('check reads the rendered pages as HTML', () => {
  it('passes a guide that shows a link tag in inline code: code is text, not a link, and nothing is blamed on the config', async () => {
    const root = siteWith('Write `<a href="/docs/guides/no-such-page">` in JSX, or `<img src="/img/none.png">`.');
    const { code, errors, warnings, stderr } = await checkJson(root);
    expect(errors, stderr).toEqual([]);
    expect(warnings).toEqual([]);
    expect(code).toBe(0);
  });

  it('does not let an id shown in inline code or a code block satisfy a link to it', async () => {
    const root = siteWith(
      [
        '`<span id="fake-anchor">`',
        '```html\n<div id="in-fence"></div>\n```',
        '[fake](#fake-anchor) [fenced](#in-fence)',
      ].join('\n\n'),
    );
    const { code, warnings } = await checkJson(root);
    expect(code).toBe(0);
    expect(warnings.map((w) => [w.rule, w.message, place(w)])).toEqual([
      [
        'broken-anchor',
        "broken anchor → #fake-anchor: the target page has no element with id 'fake-anchor'",
        'content/docs/guides/second.md:11:1',
      ],
      [
        'broken-anchor',
        "broken anchor → #in-fence: the target page has no element with id 'in-fence'",
        'content/docs/guides/second.md:11:22',
      ],
    ]);
  });

  it("takes <a name> as an anchor, but not another element's name", async () => {
    const root = siteWith(
      [
        '<a name="legacy"></a>',
        '<details name="group"><summary>More</summary>Text</details>',
        '[legacy](#legacy) [group](#group)',
      ].join('\n\n'),
    );
    const { warnings } = await checkJson(root);
    expect(warnings.map((w) => [w.message, place(w)])).toEqual([
      ["broken anchor → #group: the target page has no element with id 'group'", 'content/docs/guides/second.md:9:19'],
    ]);
  });

  it('resolves a link to a heading whose id has a character that is escaped in HTML, from the text and from the table of contents', async () => {
    const root = siteWith('## A & B {#a-&-b}\n\nSee [A & B](#a-&-b) and [the same](/docs/guides/second#a-&-b).');
    const { code, errors, warnings } = await checkJson(root);
    expect([...errors, ...warnings]).toEqual([]);
    expect(code).toBe(0);
  });

  it('checks every srcset candidate of a content image and reports a missing one at its line', async () => {
    const root = siteWith('<img src="/img/dot.svg" srcset="/img/dot.svg 1x, /img/missing.svg 2x" alt="dot" />');
    const { code, errors } = await checkJson(root);
    // Read like the image itself: a srcset candidate names a file of the static folders (or next to the page).
    expect(errors.map((e) => [e.rule, e.message, place(e)])).toEqual([
      [
        'missing-image',
        'image not found: /img/missing.svg (looked for public/img/missing.svg)',
        'content/docs/guides/second.md:5:1',
      ],
    ]);
    expect(code).toBe(1);
  });
});

/** A local server standing in for the web (allowed through `externalLinks.allowPrivateNetworks`): it records each request. */
describe('check --external requests each link as the page means it and places it where it is written', () => {
  let server: http.Server;
  let origin: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(req.url?.startsWith('/find?') ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    hits.length = 0;
  });

  const allowLocal = '\n  externalLinks: { allowPrivateNetworks: true },';

  it('requests /find?a=1&b=2 for a Markdown link to it, and passes', async () => {
    const root = siteWith(`[x](${origin}/find?a=1&b=2)`, allowLocal);
    const { code, errors, warnings, stderr } = await checkJson(root, ['--external', '--no-cache']);
    expect([...errors, ...warnings], stderr).toEqual([]);
    expect(code).toBe(0);
    expect(hits).toEqual(['HEAD /find?a=1&b=2']);
  });

  it('reports a broken one at its line in the Markdown, however its & is written there', async () => {
    const root = siteWith(`[x](${origin}/gone?a=1&b=2)\n\n[y](${origin}/also-gone?a=1&amp;b=2)`, allowLocal);
    const { code, errors } = await checkJson(root, ['--external', '--no-cache']);
    expect(errors.map((e) => [e.rule, e.message, place(e)])).toEqual([
      [
        'broken-external-link',
        `broken external link → ${origin}/gone?a=1&b=2 (HTTP 404)`,
        'content/docs/guides/second.md:5:1',
      ],
      [
        'broken-external-link',
        `broken external link → ${origin}/also-gone?a=1&b=2 (HTTP 404)`,
        'content/docs/guides/second.md:7:1',
      ],
    ]);
    expect(code).toBe(1);
    expect(hits.sort()).toEqual([
      'GET /also-gone?a=1&b=2',
      'GET /gone?a=1&b=2',
      'HEAD /also-gone?a=1&b=2',
      'HEAD /gone?a=1&b=2',
    ]);
  });

  it('requests a navbar link with & as written in the config, and reports it at its line there', async () => {
    const navbar = `\n  navbar: { items: [{ label: 'Gone', href: '${origin}/nav-gone?a=1&b=2' }] },`;
    const root = siteWith('Nothing external here.', allowLocal + navbar);
    const { code, errors } = await checkJson(root, ['--external', '--no-cache']);
    expect(errors.map((e) => [e.message, place(e)])).toEqual([
      [`broken external link → ${origin}/nav-gone?a=1&b=2 (HTTP 404)`, 'build.config.ts:5:45'],
    ]);
    expect(code).toBe(1);
    expect(hits.sort()).toEqual(['GET /nav-gone?a=1&b=2', 'HEAD /nav-gone?a=1&b=2']);
  });
});
