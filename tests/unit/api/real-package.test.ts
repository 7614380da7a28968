import { beforeAll, describe, expect, it } from 'vitest';
import { buildApiPages, buildApiSidebar, type ApiPage } from '../../../cli/api/build-api-pages.js';
import { extractApi, type ApiModel } from '../../../cli/api/extract-api.js';
import { REPO_ROOT as ROOT, VISION_CAMERA_API as API } from './fixture.js';
import { createStubContext } from './stub-render-context.js';

/** The API pages SPEC section 2 lists. */
const SPEC: Record<string, string[]> = {
  classes: ['Camera', 'CameraCaptureError', 'CameraRuntimeError'],
  functions: [
    'createFrameProcessor',
    'createSkiaFrameProcessor',
    'getCameraDevice',
    'getCameraFormat',
    'isErrorWithCause',
    'runAsync',
    'runAtTargetFps',
    'tryParseNativeCameraError',
    'useCameraDevice',
    'useCameraDevices',
    'useCameraFormat',
    'useCameraPermission',
    'useCodeScanner',
    'useFrameProcessor',
    'useLocationPermission',
    'useMicrophonePermission',
    'useSkiaFrameProcessor',
  ],
  interfaces: [
    'CameraDevice',
    'CameraDeviceFormat',
    'CameraProps',
    'Code',
    'CodeScanner',
    'CodeScannerFrame',
    'DeviceFilter',
    'DrawableFrame',
    'DrawableFrameProcessor',
    'ErrorWithCause',
    'FormatFilter',
    'Frame',
    'FrameProcessorPlugin',
    'NativeBuffer',
    'OnShutterEvent',
    'PhotoFile',
    'Point',
    'ReadonlyFrameProcessor',
    'RecordVideoOptions',
    'TakePhotoOptions',
    'TakeSnapshotOptions',
    'VideoFile',
  ],
  'type-aliases': [
    'AutoFocusSystem',
    'CameraPermissionRequestResult',
    'CameraPermissionStatus',
    'CameraPosition',
    'CaptureError',
    'CodeScannerError',
    'CodeType',
    'DeviceError',
    'FormatError',
    'Orientation',
    'OutputOrientation',
    'ParameterError',
    'PermissionError',
    'PhysicalCameraDeviceType',
    'PixelFormat',
    'SessionError',
    'SnapshotFile',
    'SystemError',
    'UnknownError',
    'VideoStabilizationMode',
  ],
  variables: ['Templates', 'VisionCameraProxy'],
};

let model: ApiModel;
let pages: ApiPage[];
const page = (p: string) => pages.find((x) => x.path === `/docs/api/${p}`)!;
const htmlIds = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

beforeAll(async () => {
  model = await extractApi({ root: ROOT, api: API });
  pages = await buildApiPages(model, API, createStubContext());
});

describe('API reference of react-native-vision-camera 4.7.3', () => {
  it('has the index plus exactly the 64 pages SPEC lists', () => {
    expect(pages).toHaveLength(65);
    expect(pages[0]).toMatchObject({ path: '/docs/api', id: 'api/index', kind: 'index' });
    const expected = Object.entries(SPEC).flatMap(([segment, names]) => names.map((n) => `/docs/api/${segment}/${n}`));
    expect(
      pages
        .slice(1)
        .map((p) => p.path)
        .sort(),
    ).toEqual(expected.sort());
    expect(page('classes/Camera').kind).toBe('class');
    expect(page('type-aliases/CodeType').kind).toBe('type-alias');
  });

  it('anchors Camera methods and CameraProps properties by lower-case name, plus exact case', () => {
    expect(page('classes/Camera').content.headings.map((h) => h.id)).toEqual(
      expect.arrayContaining(['takephoto', 'takesnapshot', 'startrecording']),
    );
    expect(page('interfaces/CameraProps').content.headings.map((h) => h.id)).toEqual(
      expect.arrayContaining(['oninitialized', 'format', 'photo']),
    );
    expect(htmlIds(page('interfaces/CameraProps').content.html)).toEqual(
      expect.arrayContaining(['photoqualitybalance', 'photoQualityBalance', 'onInitialized']),
    );
    for (const p of pages) {
      const all = htmlIds(p.content.html);
      expect(new Set(all).size, p.path).toBe(all.length);
    }
  });

  it('links types, names inherited members and links sources at the version tag', () => {
    const camera = page('classes/Camera').content.html;
    expect(camera).toContain('<a href="/docs/api/interfaces/TakePhotoOptions" class="tk-type">TakePhotoOptions</a>');
    expect(camera).toContain(
      'href="https://github.com/mrousavy/react-native-vision-camera/blob/v4.7.3/package/src/Camera.tsx#L',
    );
    expect(page('classes/CameraCaptureError').content.html).toContain('Inherited from <code>CameraError.code</code>');
    // ViewProps comes from react-native, whose types are installed (the samples compile against them): a type of its own, not linked.
    expect(page('interfaces/CameraProps').content.html).toContain(
      '<dt>Extends</dt><dd><code class="api-type"><span class="tk-type">ViewProps</span></code>',
    );
    expect(page('functions/runAsync').content.html).toContain('>Worklet</span>');
  });

  it('builds the sidebar in SPEC order', () => {
    const sidebar = buildApiSidebar(model, API, (p) => p);
    if (sidebar.type !== 'category') throw new Error('not a category');
    expect(sidebar.items.map((i) => ['label' in i ? i.label : '', i.type === 'category' ? i.items.length : 1])).toEqual(
      [
        ['Overview', 1],
        ['Classes', 3],
        ['Functions', 17],
        ['Interfaces', 22],
        ['Type Aliases', 20],
        ['Variables', 2],
      ],
    );
  });
});
