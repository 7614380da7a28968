// Hidden context for Frame Processor fragments: the hooks and functions they
// call, and stand-ins for the example plugins the guides call (each one a
// plugin like the one built in "Writing Frame Processor Plugins").
import { useState } from 'react'
import { runAsync, runAtTargetFps, useFrameProcessor } from 'react-native-vision-camera'
import type { Frame } from 'react-native-vision-camera'

/** Example plugin: what the frame shows, each label with the model's confidence (0 to 1). */
declare function labelImage(frame: Frame): { label: string; confidence: number }[]
/** Example plugin: the faces in the frame, as boxes in frame coordinates. */
declare function detectFaces(frame: Frame): { x: number; y: number; width: number; height: number }[]
