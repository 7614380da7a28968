import { defineConfig } from 'docsgen';

const repo = 'https://github.com/mrousavy/react-native-vision-camera';

export default defineConfig({
  title: 'VisionCamera',
  tagline: 'A powerful, high-performance React Native Camera library.',
  url: 'https://react-native-vision-camera.com',
  baseUrl: '/',
  favicon: 'favicon.svg',
  organizationName: 'mrousavy',
  projectName: 'react-native-vision-camera',
  titleDelimiter: '|',
  noIndex: false,
  navbar: {
    title: 'VisionCamera',
    logo: { alt: 'VisionCamera logo', src: 'img/logo.svg' },
    hideOnScroll: true,
    items: [
      { label: 'Guides', to: 'docs/guides', position: 'left' },
      { label: 'API', to: 'docs/api', position: 'left' },
      { label: 'Example App', href: `${repo}/tree/main/package/example`, position: 'left' },
      { label: 'ShadowLens', href: 'https://mrousavy.com/projects/shadowlens', position: 'left' },
      { label: 'GitHub', href: repo, position: 'right', 'aria-label': 'GitHub repository' },
    ],
  },
  footer: {
    style: 'dark',
    links: [
      {
        title: 'Docs',
        items: [
          { label: 'Guides', to: 'docs/guides' },
          { label: 'API Reference', to: 'docs/api' },
          { label: 'Example App', href: `${repo}/tree/main/package/example` },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'GitHub Discussions', href: `${repo}/discussions` },
          { label: 'Issues', href: `${repo}/issues` },
        ],
      },
      {
        title: 'More',
        items: [
          { label: 'GitHub', href: repo },
          { label: 'npm', href: 'https://www.npmjs.com/package/react-native-vision-camera' },
          { label: 'ShadowLens', href: 'https://mrousavy.com/projects/shadowlens' },
        ],
      },
    ],
    copyright: `Copyright © ${new Date().getFullYear()} Marc Rousavy. Documentation built with docsgen.`,
  },
  announcementBar: {
    id: 'shadowlens',
    content:
      'Try <b>ShadowLens</b>, the demo app built with VisionCamera: <a target="_blank" rel="noopener noreferrer" href="https://apps.apple.com/app/shadowlens/id6471849004">App Store</a> · <a target="_blank" rel="noopener noreferrer" href="https://play.google.com/store/apps/details?id=com.mrousavy.shadowlens">Google Play</a>',
    backgroundColor: '#2d1b69',
    textColor: '#ffffff',
    isCloseable: false,
  },
  colorMode: { defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false },
  docs: {
    path: 'content/docs',
    routeBasePath: 'docs',
    editUrl: `${repo}/edit/main/docs/`,
    mainDocId: 'guides/getting-started',
    versions: { current: { label: 'Next' } },
    sidebars: {
      visionSidebar: [
        {
          type: 'category',
          label: 'Guides',
          collapsed: false,
          items: [
            'guides/getting-started',
            'guides/devices',
            'guides/lifecycle',
            'guides/formats',
            'guides/preview',
            'guides/taking-photos',
            'guides/recording-videos',
            'guides/code-scanning',
            {
              type: 'category',
              label: 'Realtime Frame Processing',
              collapsed: false,
              items: [
                'guides/frame-processors',
                'guides/frame-processors-interacting',
                'guides/frame-processor-plugins-community',
                'guides/pixel-formats',
                'guides/frame-processors-tips',
                'guides/skia-frame-processors',
                {
                  type: 'category',
                  label: 'Creating Frame Processor Plugins',
                  collapsed: false,
                  items: [
                    'guides/frame-processors-plugins-overview',
                    'guides/frame-processors-plugins-ios',
                    'guides/frame-processors-plugins-android',
                    'guides/frame-processors-plugins-cpp',
                    'guides/frame-processors-plugins-final',
                  ],
                },
              ],
            },
            'guides/zooming',
            'guides/focusing',
            'guides/orientation',
            'guides/exposure',
            'guides/hdr',
            'guides/stabilization',
            'guides/location',
            'guides/performance',
            'guides/errors',
            'guides/mocking',
            'guides/troubleshooting',
            'guides/shadowlens',
          ],
        },
      ],
    },
  },
  api: {
    package: 'react-native-vision-camera',
    sidebar: 'visionSidebar',
    label: 'API',
    routeBasePath: 'docs/api',
    sourceLinkTemplate: `${repo}/blob/v{version}/package/{path}#L{line}`,
  },
  codeSamples: {
    apiExamples: {
      setup: 'api-example',
      skip: {
        createSkiaFrameProcessor:
          'uses @shopify/react-native-skia (Skia, SkImage) and the unexported SurfaceCache type; it also passes 3 of the 4 arguments the function takes',
        useSkiaFrameProcessor: 'frame.drawRect(rect) leaves out the paint argument',
        Templates:
          'uses a `device` it does not declare; other examples declare their own `device`, so the shared preamble cannot',
        getCameraFormat:
          'uses a `device` it does not declare; other examples declare their own `device`, so the shared preamble cannot',
        runAsync: 'calls useFrameProcessor without its required dependencies argument (a mistake in the 4.7.3 example)',
        runAtTargetFps:
          'calls useFrameProcessor without its required dependencies argument (a mistake in the 4.7.3 example)',
        useCameraFormat: 'pseudo-code: `useCameraDevice(...)` stands for any arguments',
        useCameraPermission: 'a fragment of a component body (top-level return) with `<Camera ... />` as pseudo-code',
        useMicrophonePermission:
          'a fragment of a component body (top-level return) whose <Camera> leaves out the required device and isActive',
        useLocationPermission:
          'a fragment of a component body (top-level return); its <Camera> also passes `location`, which 4.7.3 calls `enableLocation`',
        'CameraDevice.neutralZoom': 'pseudo-code (`const device = ...`)',
        'CameraProps.device': 'a fragment of a component body (top-level return)',
        'CameraProps.frameProcessor':
          'a fragment of a component body (top-level return) that spreads an undeclared `cameraProps`',
        'CameraProps.codeScanner':
          'a fragment of a component body (top-level return) that spreads an undeclared `props`',
        'DeviceFilter.physicalDevices':
          'shorthand: calls getCameraDevice with the filter alone, without the devices and position it takes',
      },
    },
  },
  sitemap: { filename: 'sitemap.xml', changefreq: 'weekly', priority: 1, ignorePatterns: ['/tags/**'] },
  highlight: {
    themes: { light: 'github-light-default', dark: 'github-dark-default' },
    additionalLanguages: ['bash', 'json', 'kotlin', 'ruby', 'cmake', 'groovy', 'java'],
  },
  toc: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  home: {
    getStartedTo: 'docs/guides',
    features: [
      {
        title: 'Photos and videos',
        description:
          'Capture high-resolution photos and record videos with audio, HDR, stabilization and flash, from one <code>&lt;Camera&gt;</code> component.',
      },
      {
        title: 'QR and barcode scanning',
        description: 'Scan QR codes, EAN, Code 128 and more with the built-in code scanner, no extra library needed.',
      },
      {
        title: 'Frame processors',
        description:
          'Run JavaScript worklets on every camera frame, in real time, and call native plugins for ML, OCR or face detection.',
      },
      {
        title: 'Full device control',
        description: 'Pick a physical or multi-camera device and a format by resolution, frame rate and HDR support.',
      },
      { title: 'Skia drawing', description: 'Draw shapes, text and shaders onto live frames with React Native Skia.' },
      {
        title: 'Fast and native',
        description: 'Built on AVFoundation and CameraX, with JSI for zero-copy access to frame data.',
      },
    ],
    codeSample: {
      title: 'App.tsx',
      lang: 'tsx',
      code: `import { Camera, useCameraDevice, useCameraPermission } from 'react-native-vision-camera'

export function CameraScreen() {
  const device = useCameraDevice('back')
  const { hasPermission } = useCameraPermission()

  if (!hasPermission || device == null) return null
  return <Camera style={{ flex: 1 }} device={device} isActive={true} photo={true} />
}`,
    },
  },
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  // Every sample of this site compiles: a type error fails the build.
  onCodeSampleErrors: 'throw',
  // Readers ask for pictures and movies; the guides say photos and videos.
  search: {
    provider: 'local',
    synonyms: [
      ['photo', 'picture'],
      ['video', 'movie'],
    ],
  },
});
