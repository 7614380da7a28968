import { describe, expect, it } from 'vitest';
import { sampleKey, type BlockRefs, type CodeRef, type CodeTip } from '../../../cli/samples/code-refs.js';
import { compile } from '../../helpers/compile.js';

/** A typical guide sample: 30 lines of a screen using the library. */
const SAMPLE = `import * as React from 'react'
import { useCallback, useRef, useState } from 'react'
import { StyleSheet, View } from 'react-native'
import { Camera, useCameraDevice, useCameraFormat, useCameraPermission } from 'react-native-vision-camera'
import type { PhotoFile } from 'react-native-vision-camera'

export function PhotoScreen(): React.ReactElement | null {
  const camera = useRef<Camera>(null)
  const device = useCameraDevice('back')
  const { hasPermission, requestPermission } = useCameraPermission()
  const format = useCameraFormat(device, [{ photoResolution: 'max' }])
  const [photo, setPhoto] = useState<PhotoFile>()

  const onPress = useCallback(async () => {
    const file = await camera.current?.takePhoto({ flash: 'auto', enableShutterSound: false })
    if (file != null) setPhoto(file)
  }, [])

  if (!hasPermission) {
    requestPermission()
    return null
  }
  if (device == null) return null
  return (
    <View style={StyleSheet.absoluteFill}>
      <Camera ref={camera} style={StyleSheet.absoluteFill} device={device} format={format} isActive photo />
      {photo != null && <Preview path={photo.path} width={photo.width} onPress={onPress} />}
    </View>
  )
}`;

const API = '/docs/api';
const TIPS: CodeTip[] = [
  { signature: 'class Camera', doc: 'A powerful `<Camera>` component.' },
  {
    signature: 'function useCameraDevice(position: CameraPosition, filter?: DeviceFilter): CameraDevice | undefined',
    doc: 'Get the best matching Camera device that best satisfies your requirements using a sorting filter.',
  },
  {
    signature:
      'function useCameraFormat(device: CameraDevice | undefined, filters: FormatFilter[]): CameraDeviceFormat | undefined',
    doc: 'Get the best matching Camera format for the given device that satisfies your requirements using a sorting filter.',
  },
  {
    signature: 'function useCameraPermission(): PermissionState',
    doc: 'Returns whether the user has granted permission to use the Camera, or not.',
  },
  { signature: 'interface PhotoFile', doc: 'Represents a Photo taken by the Camera written to the local filesystem.' },
  {
    signature: '(method) Camera.takePhoto(options?: TakePhotoOptions): Promise<PhotoFile>',
    doc: 'Take a single photo and write its content to a temporary file.',
  },
  { signature: '(property) PhotoFile.path: string', doc: 'The path of the file.' },
  { signature: '(property) CameraProps.device: CameraDevice', doc: 'The Camera Device to use.' },
];

/** 15 refs of the shown code, where a checker would put them. */
function typicalRefs(code: string): BlockRefs {
  const lines = code.split('\n');
  const at = (word: string, line: number, href: string, tip: number, from = 0): CodeRef => {
    const start = lines[line].indexOf(word, from);
    if (start < 0) throw new Error(`${word} not on line ${line}`);
    return { line, start, end: start + word.length, href: `${API}/${href}`, tip };
  };
  return {
    refs: [
      at('Camera', 3, 'classes/Camera', 0),
      at('useCameraDevice', 3, 'functions/useCameraDevice', 1),
      at('useCameraFormat', 3, 'functions/useCameraFormat', 2),
      at('useCameraPermission', 3, 'functions/useCameraPermission', 3),
      at('PhotoFile', 4, 'interfaces/PhotoFile', 4),
      at('Camera', 7, 'classes/Camera', 0),
      at('useCameraDevice', 8, 'functions/useCameraDevice', 1),
      at('useCameraPermission', 9, 'functions/useCameraPermission', 3),
      at('useCameraFormat', 10, 'functions/useCameraFormat', 2),
      at('PhotoFile', 11, 'interfaces/PhotoFile', 4),
      at('takePhoto', 14, 'classes/Camera#takephoto', 5),
      at('Camera', 25, 'classes/Camera', 0),
      at('device', 25, 'interfaces/CameraProps#device', 7, 50),
      at('path', 26, 'interfaces/PhotoFile#path', 6, 30),
      at('width', 26, 'interfaces/PhotoFile#width', 6, 50),
    ],
    tips: TIPS,
  };
}

describe('code links: what they add to a page', () => {
  it('a page with a typical sample (30 lines, 15 links, 8 tips) grows by at most 30 % with its links and tips', async () => {
    const source = [
      '# Taking Photos',
      '',
      'To take a photo, ask the `Camera` for one: it captures a frame at the highest resolution the format allows and writes it to a temporary file.',
      '',
      'The screen below asks for permission, picks the back camera and its best photo format, and shows the photo once it is taken:',
      '',
      '```tsx title="PhotoScreen.tsx"',
      SAMPLE,
      '```',
      '',
      "The photo is a file in the app's temporary folder: move it somewhere else to keep it.",
      '',
    ].join('\n');
    const refs = typicalRefs(SAMPLE);
    expect(refs.refs).toHaveLength(15);
    const plain = await compile(source, 'mdx');
    const linked = await compile(source, 'mdx', undefined, {
      samples: { sampleRefs: { [sampleKey('tsx', 'title="PhotoScreen.tsx"', SAMPLE)]: refs } },
    });
    expect(linked.html.match(/class="code-ref"/g)).toHaveLength(15);
    expect(linked.html.match(/role="tooltip"/g)).toHaveLength(8);
    // The page's article alone: the theme around it (head, navbar, sidebar) would make the growth smaller still.
    expect(linked.html.length / plain.html.length).toBeLessThanOrEqual(1.3);
  });
});
