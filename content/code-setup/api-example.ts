// Hidden context for the library's own @example blocks (codeSamples.apiExamples.setup
// in build.config.ts): the imports they leave out, and the values they take as given.
import type { ReactNode, RefObject } from 'react'
import { Dimensions, StyleSheet } from 'react-native'
import {
  Camera,
  getCameraDevice,
  getCameraFormat,
  runAsync,
  runAtTargetFps,
  Templates,
  useCameraDevice,
  useCameraFormat,
  useCodeScanner,
  useFrameProcessor,
} from 'react-native-vision-camera'
import type { Frame } from 'react-native-vision-camera'

/** The ref given to `<Camera ref={camera} />`, once the camera is mounted. */
declare const camera: RefObject<Camera>
/** The frame a Frame Processor was called with. */
declare const frame: Frame
/** The tap to focus on, in the Camera view's coordinates. */
declare const tapEvent: { x: number; y: number }
/** Resolves after `ms` milliseconds. */
declare function timeout(ms: number): Promise<void>
/** The app's screen for phones without a camera. */
declare function NoCameraErrorView(): ReactNode
/** Example Frame Processor Plugins: the faces in a frame, as boxes in frame coordinates. */
declare function scanFaces(frame: Frame): { x: number; y: number; width: number; height: number }[]
declare function detectFaces(frame: Frame): { x: number; y: number; width: number; height: number }[]
