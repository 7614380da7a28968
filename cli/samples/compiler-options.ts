/**
 * The compiler options of every sample, fixed by docsgen: nothing in a
 * sample changes them (there are no `// @flag` comments as in twoslash).
 * A plain description, so the main thread can key its cache on it without
 * loading TypeScript; the worker turns it into `ts.CompilerOptions`.
 */
export const SAMPLE_COMPILER_OPTIONS = {
  strict: true,
  target: 'es2022',
  module: 'esnext',
  moduleResolution: 'bundler',
  customConditions: ['react-native'],
  // Without DOM: with it, a forgotten `Text` import would resolve to the browser's global.
  lib: ['es2022'],
  jsx: 'react-jsx',
  skipLibCheck: true,
  types: [],
  noEmit: true,
  allowJs: false,
  resolveJsonModule: false,
  // Every sample is a module: top-level names of one page never clash with another page's.
  moduleDetection: 'force',
} as const;
