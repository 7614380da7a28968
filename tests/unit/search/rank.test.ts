/**
 * Ranking as a reader meets it: queries against a small site shaped like the VisionCamera docs (task guides beside
 * API pages whose names share the guides' words), through the index builder and the browser's provider.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSearchIndex } from '../../../cli/search/build-search-index.js';
import type { RenderedPage, Route } from '../../../cli/types.js';
import { createLocalProvider } from '../../../templates/client/search/local-provider.js';
import type { SearchSettings } from '../../../templates/shared/search-types.js';

function guide(slug: string, title: string, body: string, description = ''): RenderedPage {
  return rendered({ path: `/docs/guides/${slug}`, title, frontMatter: { description } } as Route, body, 'Guides');
}

function api(kind: string, name: string, body: string): RenderedPage {
  const route = {
    path: `/docs/api/${kind}/${name}`,
    title: name,
    kind: 'api',
    breadcrumbs: [{ label: 'API' }, { label: kind }, { label: name }],
  } as Route;
  return rendered(route, body);
}

function rendered(route: Route, body: string, group?: string): RenderedPage {
  const html = `<html><body><main><article class="doc-article"><header class="markdown"><h1>${route.title}</h1></header><div class="markdown">${body}</div></article></main></body></html>`;
  return {
    route: {
      breadcrumbs: [{ label: group ?? 'Guides' }, { label: route.title }],
      ...route,
      kind: route.kind ?? 'doc',
    } as Route,
    outPath: `${route.path.slice(1)}/index.html`,
    html,
  };
}

const signature = (code: string) => `<pre class="api-signature"><code>${code}</code></pre>`;
const member = (id: string, name: string, text: string) =>
  `<h3 id="${id.toLowerCase()}">${name}</h3>${signature(name)}<p>${text}</p>`;

const site = [
  guide(
    'taking-photos',
    'Taking Photos',
    `<p>Enable the photo output, then call takePhoto() on the Camera ref.</p>
     <h2 id="capture-options">Capture options</h2><p>Pass flash and shutter sound settings when you take a photo.</p>
     <h2 id="the-photofile-result">The PhotoFile result</h2><p>The photo is written to a temporary file.</p>`,
    'Capture still photos with the Camera and read the resulting file.',
  ),
  guide(
    'recording-videos',
    'Recording Videos',
    `<p>Enable video and audio, then start a recording.</p>
     <h2 id="start-and-stop">Start and stop a recording</h2><p>Call startRecording() and stopRecording() on the Camera ref.</p>
     <h2 id="bit-rate">Bit rate</h2><p>Lower the bit rate for smaller files.</p>`,
  ),
  guide(
    'frame-processors',
    'Frame Processors',
    `<p>A frame processor is a function that runs for every camera frame.</p>
     <h2 id="writing">Writing a frame processor</h2><p>Use the useFrameProcessor hook to create one.</p>`,
  ),
  guide(
    'devices',
    'Camera Devices',
    `<p>Pick the front or back camera.</p><h2 id="mirroring">Mirroring</h2><p>Front cameras are mirrored in the preview.</p>`,
  ),
  guide(
    'errors',
    'Camera Errors',
    `<p>Every error has a code.</p><h2 id="device">device</h2><p>device/invalid-device means the camera ID no longer exists. device/no-device means no camera was found.</p>`,
  ),
  guide('focusing', 'Focusing', '<p>Tap to focus on a point of the preview.</p>'),
  guide('installation', 'Installation', '<p>Install VisionCamera in an Expo app, or a bare React Native app.</p>'),
  guide('plugins', 'Plugins', '<p>Install the plugin with npm, then restart the camera.</p>'),
  guide('exposure', 'Exposure', '<p>Brighten a dark exposure with the exposure prop.</p>'),
  guide('flashlight', 'Torch', '<p>Turn the flashlight on with the torch prop.</p>'),
  api(
    'interfaces',
    'TakePhotoOptions',
    `<p>Options for taking a photo.</p>${member('flash', 'flash', 'The flash mode to take a photo with.')}${member('enableShutterSound', 'enableShutterSound', 'Play the shutter sound when you take a photo.')}`,
  ),
  api(
    'interfaces',
    'PhotoFile',
    `<p>A photo taken by the Camera.</p>${member('path', 'path', 'Where the photo file is.')}`,
  ),
  api(
    'interfaces',
    'RecordVideoOptions',
    `<p>Options for recording a video.</p>${member('videoCodec', 'videoCodec', 'The codec used to record the video.')}${member('videoBitRate', 'videoBitRate', 'The target bit rate of the video.')}`,
  ),
  api(
    'interfaces',
    'DrawableFrameProcessor',
    `<p>A frame processor that can draw.</p>${member('frameProcessor', 'frameProcessor', 'The frame processor function.')}`,
  ),
  api(
    'functions',
    'useFrameProcessor',
    `${signature('useFrameProcessor(frame: Frame): FrameProcessor')}<p>Creates a frame processor.</p>`,
  ),
  api(
    'functions',
    'useCameraFormat',
    `${signature('useCameraFormat(device, filters)')}<p>Returns the best format for the device.</p>`,
  ),
  api(
    'classes',
    'Camera',
    `<p>The Camera view.</p>${member('takePhoto', 'takePhoto()', 'Takes a photo.')}${member('getAvailableCameraDevices', 'getAvailableCameraDevices()', 'Lists every camera device on the phone.')}`,
  ),
  api('type-aliases', 'DeviceError', signature('type DeviceError = "device/invalid-device" | "device/no-device"')),
];

let files: Map<string, string>;
function provider(synonyms?: string[][]) {
  const built = synonyms
    ? buildSearchIndex(site, { baseUrl: '/', search: { provider: 'local', synonyms } }).files
    : (files ??= buildSearchIndex(site, { baseUrl: '/', search: { provider: 'local' } }).files);
  vi.stubGlobal('fetch', async (url: URL) => {
    const body = built.get(url.pathname.slice(1));
    return body === undefined ? new Response('missing', { status: 404 }) : new Response(body);
  });
  const settings = JSON.parse(built.get('search/settings.json')!) as SearchSettings;
  return createLocalProvider(settings.index!, new URL('http://site.test/search/settings.json'));
}

/** The pages a query finds, best first (hash left out). */
async function pages(query: string): Promise<string[]> {
  const { hits } = await provider().search(query, { page: 0, hitsPerPage: 20, snippetWords: 10 });
  return hits.map((hit) => hit.url.split('#')[0]);
}

afterEach(() => vi.unstubAllGlobals());

describe('ranking', () => {
  it('lists each page once, showing its best section', async () => {
    const { hits } = await provider().search('bit rate', { page: 0, hitsPerPage: 20, snippetWords: 10 });
    const urls = hits.map((hit) => hit.url);
    expect(urls[0]).toBe('/docs/guides/recording-videos#bit-rate');
    expect(new Set(urls.map((url) => url.split('#')[0])).size).toBe(urls.length);
  });

  it('puts the guide a task phrase names above API members that share its words', async () => {
    expect((await pages('take photo'))[0]).toBe('/docs/guides/taking-photos');
    expect((await pages('take a photo'))[0]).toBe('/docs/guides/taking-photos');
    expect((await pages('record video'))[0]).toBe('/docs/guides/recording-videos');
    const frames = await pages('frame processor');
    expect(frames[0]).toBe('/docs/guides/frame-processors');
    expect(frames).toContain('/docs/api/interfaces/DrawableFrameProcessor');
  });

  it('ranks the API page first for an exact API name, in any case', async () => {
    expect((await pages('useCameraFormat'))[0]).toBe('/docs/api/functions/useCameraFormat');
    expect((await pages('usecameraformat'))[0]).toBe('/docs/api/functions/useCameraFormat');
    expect((await pages('useFrameProcessor'))[0]).toBe('/docs/api/functions/useFrameProcessor');
    const { hits } = await provider().search('getAvailableCameraDevices', {
      page: 0,
      hitsPerPage: 5,
      snippetWords: 10,
    });
    expect(hits[0].url).toBe('/docs/api/classes/Camera#getavailablecameradevices');
  });

  it('returns the best partial matches when no page has every word, pages with every word first', async () => {
    // No page says "battery": the pages with the other words are still found.
    expect((await pages('video battery')).sort()).toEqual([
      '/docs/api/interfaces/RecordVideoOptions',
      '/docs/guides/recording-videos',
    ]);
    // "mirrored" and "front" are only in the devices guide; "video" is elsewhere.
    expect((await pages('mirror front camera video'))[0]).toBe('/docs/guides/devices');
    expect(await pages('zzqx')).toEqual([]);
  });

  it('does not need stop words on a page to count it as matching every word', async () => {
    // Plugins has "install", "the", "with" and "camera"; Installation has "install", "camera" and "expo".
    const found = await pages('install the camera with expo');
    expect(found[0]).toBe('/docs/guides/installation');
    expect(found).toContain('/docs/guides/plugins');
    // A query of stop words only still needs them.
    expect(await pages('with the')).toContain('/docs/guides/plugins');
  });

  it('ranks pages with a finished word above pages with only longer words it begins', async () => {
    // `expo` is a word of the index: the exposure guide, much richer in `exposure`, comes after.
    expect(await pages('expo')).toEqual(['/docs/guides/installation', '/docs/guides/exposure']);
  });

  it('matches plural and verb forms by their stem, and camelCase parts', async () => {
    expect((await pages('photos'))[0]).toBe('/docs/guides/taking-photos');
    expect((await pages('recording'))[0]).toBe('/docs/guides/recording-videos');
    expect((await pages('records videos'))[0]).toBe('/docs/guides/recording-videos');
    // `codec` is only a part of videoCodec.
    expect(await pages('codec')).toEqual(['/docs/api/interfaces/RecordVideoOptions']);
  });

  it('finds error codes whole and by their parts, and words run together', async () => {
    for (const query of ['device/invalid-device', 'invalid-device', 'invalid device'])
      expect((await pages(query)).slice(0, 2).sort(), query).toEqual([
        '/docs/api/type-aliases/DeviceError',
        '/docs/guides/errors',
      ]);
    expect((await pages('video bitrate'))[0]).toBe('/docs/guides/recording-videos');
  });

  it('tolerates typos without letting them drown exact matches', async () => {
    expect((await pages('recordng video'))[0]).toBe('/docs/guides/recording-videos');
    expect((await pages('focsing'))[0]).toBe('/docs/guides/focusing');
    // Two edits for a word of 8+ letters.
    expect((await pages('procesors'))[0]).toBe('/docs/guides/frame-processors');
    // `flash` is a word of the index: the pages with it come before `flashlight` (a prefix match, as the reader may
    // still be typing), and no neighbour one typo away (`flask`, `clash`) is looked for.
    const flash = await pages('flash');
    expect(flash.at(-1)).toBe('/docs/guides/flashlight');
    expect(flash.slice(0, -1).sort()).toEqual(['/docs/api/interfaces/TakePhotoOptions', '/docs/guides/taking-photos']);
    // No typo allowed under 4 letters.
    expect(await pages('fash')).toContain('/docs/guides/taking-photos');
    expect(await pages('tap')).toEqual(['/docs/guides/focusing']);
  });

  it('matches the last word as a prefix while the reader types', async () => {
    expect((await pages('recordi'))[0]).toBe('/docs/guides/recording-videos');
    expect((await pages('useCameraF'))[0]).toBe('/docs/api/functions/useCameraFormat');
  });

  it("finds a word's synonyms, and their forms, when the site names them", async () => {
    // No page says "picture".
    expect(await pages('taking pictures')).not.toContain('/docs/guides/flashlight');
    expect((await pages('pictures')).length).toBe(0);
    const search = provider([['Photo', 'picture']]);
    const { hits } = await search.search('taking pictures', { page: 0, hitsPerPage: 5, snippetWords: 10 });
    expect(hits[0].url).toBe('/docs/guides/taking-photos');
    // The synonym's form is what the page says, and is marked.
    expect(hits[0].titleMarks.filter((part) => part.mark).map((part) => part.text)).toEqual(['Taking', 'Photos']);
    // The word itself still comes first; a word of no group finds only itself.
    const photo = await search.search('photo', { page: 0, hitsPerPage: 20, snippetWords: 10 });
    expect(photo.hits[0].url.split('#')[0]).toBe('/docs/guides/taking-photos');
    expect((await search.search('image', { page: 0, hitsPerPage: 20, snippetWords: 10 })).hits).toEqual([]);
  });

  it('highlights the matched words in the title and the snippet, whatever form matched', async () => {
    const { hits } = await provider().search('take photos', { page: 0, hitsPerPage: 5, snippetWords: 10 });
    expect(hits[0].titleMarks).toEqual([
      { text: 'Taking', mark: true },
      { text: ' ', mark: false },
      { text: 'Photos', mark: true },
    ]);
    expect(hits[0].snippet.filter((part) => part.mark).map((part) => part.text)).toContain('photo');
  });
});
