// Hidden context for fragments of a camera screen: the imports such a screen
// has, and the values it holds once it has found its camera device.
import type { RefObject } from 'react'
import { StyleSheet, Text, View } from 'react-native'
import { Camera } from 'react-native-vision-camera'
import type { CameraDevice, CameraProps, CodeScanner, ReadonlyFrameProcessor } from 'react-native-vision-camera'

/** The camera the screen shows, already checked for `undefined`. */
declare const device: CameraDevice
/** The ref given to `<Camera ref={camera} />`. */
declare const camera: RefObject<Camera | null>
/** The screen's frame processor, made with `useFrameProcessor()`. */
declare const frameProcessor: ReadonlyFrameProcessor
/** The screen's code scanner, made with `useCodeScanner()`. */
declare const codeScanner: CodeScanner
