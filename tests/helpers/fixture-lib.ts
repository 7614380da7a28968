/**
 * tests/fixtures/api's `fixture-lib` as a site documents it: copied into the
 * site's node_modules, with what its `@example`s take as given so they
 * type-check (a setup that imports the library; `Widget.render`'s example
 * uses a widget it does not make, so it is skipped).
 */
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './run-cli.js';

/**
 * The config keys that document fixture-lib, for a config object's body (each line indented by two spaces). Its
 * samples all compile, so a type error fails the build, as this repository's own config has it.
 */
export const FIXTURE_LIB_CONFIG = [
  "  api: { package: 'fixture-lib', sidebar: 'main' },",
  "  onCodeSampleErrors: 'throw',",
  "  codeSamples: { apiExamples: { setup: 'fixture-lib', skip: { 'Widget.render': 'uses a widget made elsewhere' } } },",
].join('\n');

/** Copies fixture-lib into `<root>/node_modules` and writes the setup its examples use. */
export function installFixtureLib(root: string): void {
  cpSync(
    path.join(repoRoot, 'tests/fixtures/api/site/node_modules/fixture-lib'),
    path.join(root, 'node_modules/fixture-lib'),
    { recursive: true },
  );
  mkdirSync(path.join(root, 'content/code-setup'), { recursive: true });
  writeFileSync(
    path.join(root, 'content/code-setup/fixture-lib.ts'),
    "import { createWidget, Widget } from 'fixture-lib'\n",
  );
}
