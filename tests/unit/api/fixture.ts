/**
 * The fixture site whose node_modules holds `fixture-lib` (a real folder, kept
 * in git by tests/fixtures/api/site/.gitignore).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiOptions } from '../../../cli/api/extract-api.js';

export const FIXTURE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/api/site');

export const FIXTURE_API: ApiOptions = {
  package: 'fixture-lib',
  sidebar: 'docs',
  label: 'API',
  routeBasePath: 'docs/api',
};

/** This repository, whose node_modules holds the real react-native-vision-camera. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The API options of this repository's site (build.config.ts). */
export const VISION_CAMERA_API: ApiOptions = {
  package: 'react-native-vision-camera',
  sidebar: 'visionSidebar',
  label: 'API',
  routeBasePath: 'docs/api',
  sourceLinkTemplate: 'https://github.com/mrousavy/react-native-vision-camera/blob/v{version}/package/{path}#L{line}',
};
