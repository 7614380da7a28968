/**
 * The compiler options of every sample, fixed by docsgen: nothing in a
 * sample changes them (there are no `// @flag` comments as in twoslash).
 * Plain descriptions, so the main thread can key its cache on them without
 * loading TypeScript; the worker turns them into `ts.CompilerOptions`.
 */

import type { SampleEnvironment } from '../config/schema.js';

const COMMON = {
  strict: true,
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  jsx: 'react-jsx',
  skipLibCheck: true,
  noEmit: true,
  allowJs: false,
  resolveJsonModule: false,
  // Every sample is a module: top-level names of one page never clash with another page's.
  moduleDetection: 'force',
} as const;

/**
 * React Native's environment (the default): what an app's code has, from
 * React Native's own declarations (`console`, timers, `fetch`, `__DEV__`,
 * `require`…, found like a package from the site root), and no DOM: with it,
 * a forgotten `Text` import would resolve to the browser's global. Packages
 * resolve with the `react-native` condition, as Metro does. The DOM
 * environment is a web page's: the browser's globals and no React Native.
 */
export function sampleCompilerOptions(environment: SampleEnvironment) {
  if (environment === 'dom') return { ...COMMON, lib: ['es2022', 'dom', 'dom.iterable'], types: [] as string[] };
  return { ...COMMON, customConditions: ['react-native'], lib: ['es2022'], types: ['react-native'] };
}
