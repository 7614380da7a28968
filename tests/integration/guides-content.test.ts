import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../cli/load/front-matter.js';
import { repoRoot } from '../helpers/run-cli.js';

const GUIDES: Record<string, string> = {
  'getting-started': 'Getting Started',
  devices: 'Camera Devices',
  lifecycle: 'Lifecycle',
  formats: 'Camera Formats',
  preview: 'Preview',
  'taking-photos': 'Taking Photos',
  'recording-videos': 'Recording Videos',
  'code-scanning': 'QR/Barcode Scanning',
  'frame-processors': 'Frame Processors',
  'frame-processors-interacting': 'Interacting with Frame Processors',
  'frame-processor-plugins-community': 'Community Frame Processor Plugins',
  'pixel-formats': 'Pixel Formats',
  'frame-processors-tips': 'Frame Processors Tips',
  'skia-frame-processors': 'Drawing to a Frame (Skia)',
  'frame-processors-plugins-overview': 'Creating Frame Processor Plugins',
  'frame-processors-plugins-ios': 'Creating Frame Processor Plugins for iOS',
  'frame-processors-plugins-android': 'Creating Frame Processor Plugins for Android',
  'frame-processors-plugins-cpp': 'Creating Frame Processor Plugins in C++',
  'frame-processors-plugins-final': '',
  zooming: 'Zooming',
  focusing: 'Focusing',
  orientation: 'Orientation',
  exposure: 'Exposure',
  hdr: 'HDR',
  stabilization: 'Video Stabilization',
  location: 'GPS Location Tags',
  performance: 'Performance',
  errors: 'Camera Errors',
  mocking: 'Mocking',
  troubleshooting: 'Troubleshooting',
  shadowlens: 'ShadowLens',
};
const dir = path.join(repoRoot, 'content/docs/guides');

/** Words of explanation: no front matter, code, imports, JSX tags or link targets. */
function proseWords(body: string): number {
  const text = body
    .replace(/^(```|~~~)[\s\S]*?^\1\s*$/gm, ' ')
    .replace(/^import .*$/gm, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/^:::.*$/gm, ' ');
  return text.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;
}

describe('the guides', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.mdx'));
  const parsed = Object.fromEntries(
    files.map((f) => {
      const { frontMatter, body, diagnostics } = parseFrontMatter(readFileSync(path.join(dir, f), 'utf8'), f);
      expect(diagnostics, f).toEqual([]);
      return [f.replace(/\.mdx$/, ''), { data: frontMatter, content: body }];
    }),
  );

  it.each(Object.entries(GUIDES))('%s exists with its title, enough prose and code', (id, title) => {
    const guide = parsed[id];
    expect(guide, `content/docs/guides/${id}.mdx is missing`).toBeDefined();
    expect(guide.data.id).toBe(id);
    expect(guide.data.title).toBeTruthy();
    if (title) expect(guide.data.title).toBe(title);
    expect(guide.data.sidebar_label).toBeTruthy();
    expect(proseWords(guide.content)).toBeGreaterThanOrEqual(250);
    expect(guide.content).toMatch(/^```[a-z]+/m);
  });

  it('getting started is the /guides entry', () => {
    expect(parsed['getting-started'].data.slug).toBe('/guides');
  });

  it('adds up to at least 16,000 words of prose', () => {
    const total = Object.values(parsed).reduce((sum, g) => sum + proseWords(g.content), 0);
    expect(total).toBeGreaterThanOrEqual(16_000);
  });
});
