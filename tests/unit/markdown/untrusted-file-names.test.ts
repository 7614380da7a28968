import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, siteRoot } from '../../helpers/compile.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEklEQVR4nGNgYGD4z8DAwMAAAAYAAX3hDqMAAAAASUVORK5CYII=',
  'base64',
);
const inSite = (file: string) => {
  mkdirSync(path.dirname(path.join(siteRoot, file)), { recursive: true });
  writeFileSync(path.join(siteRoot, file), PNG);
};
const page = (source: string) => compile(source, 'md', path.join(siteRoot, 'content/docs/guides/page.md'));

describe('images whose file names need percent-encoding', () => {
  it('writes the src of a content image percent-encoded (a # or % in its name is part of the name)', async () => {
    inSite('content/docs/guides/shot #1 100%.png');
    const { html, assets, diagnostics } = await page('![Shot](<./shot %231 100%25.png>)\n');
    expect(diagnostics).toEqual([]);
    const out = Object.values(assets)[0];
    expect(out).toMatch(/^assets\/images\/shot #1 100%-[0-9a-f]{8}\.png$/);
    expect(html).toContain(`<img src="/assets/images/shot%20%231%20100%25-${out.slice(-12, -4)}.png"`);
  });

  it('writes the src of a public/ image percent-encoded, whatever the author encoded', async () => {
    inSite('public/img/カメラ #2.png');
    const { html, diagnostics } = await page(
      '![A](</img/カメラ %232.png>)\n\n![B](/img/%E3%82%AB%E3%83%A1%E3%83%A9%20%232.png)\n',
    );
    expect(diagnostics).toEqual([]);
    expect(html.match(/src="[^"]*"/g)).toEqual([
      'src="/img/%E3%82%AB%E3%83%A1%E3%83%A9%20%232.png"',
      'src="/img/%E3%82%AB%E3%83%A1%E3%83%A9%20%232.png"',
    ]);
  });
});
