import type { Code, Heading, Link, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectApiExamples } from '../../../cli/api/api-examples.js';
import { buildApiPages, type ApiPage } from '../../../cli/api/build-api-pages.js';
import { extractApi, type ApiModel } from '../../../cli/api/extract-api.js';
import { absolutizeLinks, type SiteAddress } from '../../../cli/api/markdown-context.js';
import { FIXTURE_API, FIXTURE_ROOT, REPO_ROOT as ROOT, VISION_CAMERA_API as API } from './fixture.js';
import { createStubContext } from './stub-render-context.js';

const ORIGIN = 'https://react-native-vision-camera.com';
const siteAt = (baseUrl: string): SiteAddress => ({
  origin: ORIGIN,
  baseUrl,
  route: '/docs/api',
  url: (p) => baseUrl + p.replace(/^\/+/, ''),
});

let model: ApiModel;
let pages: ApiPage[];
const page = (p: string) => pages.find((x) => x.path === `/docs/api/${p}`)!;
const parse = (markdown: string) => unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;

function nodesOf<T>(tree: Root, type: string): T[] {
  const found: T[] = [];
  visit(tree, type, (node) => void found.push(node as T));
  return found;
}

beforeAll(async () => {
  model = await extractApi({ root: ROOT, api: API });
  pages = await buildApiPages(model, API, createStubContext(''), siteAt('/'));
});

describe('Markdown copies of the API pages of react-native-vision-camera', () => {
  it('gives every page, the index included, a Markdown copy titled with its name', () => {
    for (const p of pages) {
      const tree = parse(p.content.markdown!);
      const first = tree.children[0] as Heading;
      expect(first.depth, p.path).toBe(1);
      expect(textOf(first), p.path).toBe(p.title);
    }
  });

  it("holds each HTML page's h2/h3 headings, with the same text and depth, in the same order", () => {
    for (const p of pages) {
      const headings = nodesOf<Heading>(parse(p.content.markdown!), 'heading')
        .filter((h) => h.depth === 2 || h.depth === 3)
        .map((h) => `${h.depth} ${textOf(h)}`);
      const html = p.content.headings.map((h) => `${h.depth} ${h.text}`);
      // Labels (Parameters, Returns, Example) are headings without ids on the page: the copy has them too.
      expect(
        headings.filter((h) => html.includes(h)),
        p.path,
      ).toEqual(html);
    }
  });

  it('keeps every @example block as fenced code with its language', () => {
    const examples = collectApiExamples(model, API, '', (p) => p).flatMap((e) =>
      e.blocks.map((block) => ({ ...block, name: e.name })),
    );
    expect(examples.length).toBeGreaterThan(30);
    const all = pages.flatMap((p) => nodesOf<Code>(parse(p.content.markdown!), 'code'));
    for (const example of examples)
      expect(
        all.some((code) => code.lang === example.lang && code.value === example.code),
        example.name,
      ).toBe(true);
  });

  it('writes no HTML and links into the site only with absolute URLs', () => {
    for (const p of pages) {
      const tree = parse(p.content.markdown!);
      expect(nodesOf(tree, 'html'), p.path).toEqual([]);
      for (const link of nodesOf<Link>(tree, 'link')) expect(link.url, p.path).toMatch(/^https:\/\//);
    }
  });

  it('writes the Camera class: kind, summary, its example, methods under ### with their signatures in ts fences', () => {
    const markdown = page('classes/Camera').content.markdown!;
    expect(markdown).toContain('# Camera\n\n**Class** · **Component**\n\n**A powerful `<Camera>` component.**');
    expect(markdown).toContain('## Example\n\n```tsx\nfunction App() {');
    expect(markdown).toContain('## Methods\n\n### `cancelRecording()`');
    expect(markdown).toContain(
      '### `takePhoto()`\n\n```ts\ntakePhoto(options?: TakePhotoOptions): Promise<PhotoFile>\n```',
    );
    expect(markdown).toContain(
      '- `options`: [`TakePhotoOptions`](https://react-native-vision-camera.com/docs/api/interfaces/TakePhotoOptions) (optional)',
    );
    expect(markdown).toContain(
      '#### Throws\n\n[`CameraCaptureError`](https://react-native-vision-camera.com/docs/api/classes/CameraCaptureError)',
    );
  });

  it('writes a function: signature, parameters with type and description, returns', () => {
    expect(page('functions/useCameraDevice').content.markdown).toContain(
      [
        '```ts\nfunction useCameraDevice(position: CameraPosition, filter?: DeviceFilter): CameraDevice | undefined\n```',
        '## Parameters',
        '- `position`: [`CameraPosition`](https://react-native-vision-camera.com/docs/api/type-aliases/CameraPosition): The position of the Camera device relative to the phone.\n- `filter`: [`DeviceFilter`](https://react-native-vision-camera.com/docs/api/interfaces/DeviceFilter) (optional): The filter you want to use.',
      ].join('\n\n'),
    );
    expect(page('functions/useCameraDevice').content.markdown).toContain(
      '## Returns\n\n`CameraDevice | undefined`\n\nThe Camera device that matches your filter the closest',
    );
  });

  it("says an interface member's platforms as text", () => {
    const markdown = page('interfaces/CameraProps').content.markdown!;
    expect(markdown).toContain(
      '### `enableBufferCompression`\n\noptional · Platforms: iOS\n\n```ts\nenableBufferCompression?: boolean\n```',
    );
    expect(markdown).toContain('> **Note:** If you fully unmount the `<Camera>` component');
  });

  it('lists every entity on the index, per kind, as [Name](absolute URL): summary', () => {
    const markdown = pages[0]!.content.markdown!;
    expect(markdown).toContain(
      '## Classes\n\n- [Camera](https://react-native-vision-camera.com/docs/api/classes/Camera): A powerful \\<Camera\\> component.\n- [CameraCaptureError]',
    );
    expect(markdown).toContain(
      '- [useCodeScanner](https://react-native-vision-camera.com/docs/api/functions/useCodeScanner)\n',
    );
    expect(nodesOf<Link>(parse(markdown), 'link')).toHaveLength(64);
  });

  it('pins the copy of Point', () => {
    expect(page('interfaces/Point').content.markdown).toBe(`# Point

**Interface**

Represents a Point in a 2 dimensional coordinate system.

## Properties

### \`x\`

\`\`\`ts
x: number
\`\`\`

The X coordinate of this Point. (double)

Defined in [src/types/Point.ts:8](https://github.com/mrousavy/react-native-vision-camera/blob/v4.7.3/package/src/types/Point.ts#L8)

### \`y\`

\`\`\`ts
y: number
\`\`\`

The Y coordinate of this Point. (double)

Defined in [src/types/Point.ts:12](https://github.com/mrousavy/react-native-vision-camera/blob/v4.7.3/package/src/types/Point.ts#L12)

Defined in [src/types/Point.ts:4](https://github.com/mrousavy/react-native-vision-camera/blob/v4.7.3/package/src/types/Point.ts#L4)
`);
  });

  it('leaves the HTML pages as they are without the copies', async () => {
    const without = await buildApiPages(model, API, createStubContext(''));
    expect(without.map((p) => p.content.markdown)).toEqual(without.map(() => undefined));
    expect(without.map((p) => p.content.html)).toEqual(pages.map((p) => p.content.html));
  });
});

describe('Markdown copies of the fixture package, under a baseUrl', () => {
  let fixturePages: ApiPage[];
  beforeAll(async () => {
    const fixture = await extractApi({ root: FIXTURE_ROOT, api: FIXTURE_API });
    fixturePages = await buildApiPages(fixture, FIXTURE_API, createStubContext('/base'), siteAt('/base/'));
  });

  it('writes a deprecation as a quote and links with the baseUrl', () => {
    const markdown = fixturePages.find((p) => p.path === '/docs/api/interfaces/WidgetProps')!.content.markdown!;
    expect(markdown).toContain(
      '### `onReady`\n\noptional · Deprecated\n\n```ts\nonReady?: () => void\n```\n\n> **Deprecated:** Use [WidgetProps.onInitialized](https://react-native-vision-camera.com/base/docs/api/interfaces/WidgetProps#oninitialized) instead.\n\nCalled when ready.',
    );
  });

  it("lists an object type's members with their comments, and overloads under their own headings", () => {
    const options = fixturePages.find((p) => p.path === '/docs/api/type-aliases/WidgetOptions')!.content.markdown!;
    expect(options).toContain(
      "## Properties\n\n- `label`: `string` (optional)\n\n  A label.\n\n  **Default:** `'Widget'`\n\n- `size`: [`WidgetSize`](https://react-native-vision-camera.com/base/docs/api/type-aliases/WidgetSize)\n\n  The size.\n\nDefined in",
    );
    const create = fixturePages.find((p) => p.path === '/docs/api/functions/createWidget')!.content.markdown!;
    expect(create).toContain(
      '## Overload 2 of 2\n\n```ts\nfunction createWidget(options: WidgetOptions): Widget\n```\n\nCreates a widget from options.\n\n### Parameters',
    );
  });

  it("makes the TSDoc text's site links absolute, under the baseUrl, as the page resolves them", async () => {
    const markdown =
      '[a](/docs/guides/x) [b](#top) [c](./frames#y) [d](https://example.com/z) ![e](/img/e.png)\n\n[f]: /docs/f';
    expect(await absolutizeLinks(markdown, siteAt('/base/'), '/docs/api/classes/Widget')).toBe(
      '[a](https://react-native-vision-camera.com/base/docs/guides/x) [b](https://react-native-vision-camera.com/base/docs/api/classes/Widget#top) [c](https://react-native-vision-camera.com/base/docs/frames#y) [d](https://example.com/z) ![e](https://react-native-vision-camera.com/base/img/e.png)\n\n[f]: https://react-native-vision-camera.com/base/docs/f',
    );
    expect(await absolutizeLinks('No link, *as written*: [x]', siteAt('/'), '/docs/api')).toBe(
      'No link, *as written*: [x]',
    );
  });
});
