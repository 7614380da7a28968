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
