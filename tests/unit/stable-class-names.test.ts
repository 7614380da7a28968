/**
 * The class names the custom CSS guide (website/content/docs/guides/custom-css.md) promises are stable: each is still
 * written by the theme's components or the Markdown pipeline, so renaming one fails here before it breaks the sites
 * whose stylesheets target it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
const GUIDE = path.join(REPO, 'website/content/docs/guides/custom-css.md');

/** The `.class` names in the guide's "Class names you can rely on" table. */
function promisedClasses(): string[] {
  const text = readFileSync(GUIDE, 'utf8');
  const section = text.slice(text.indexOf('| Part |', text.indexOf('## Class names you can rely on')));
  const table = section.slice(0, section.indexOf('\n\n'));
  return [...new Set([...table.matchAll(/`\.([a-z][a-z0-9-]*)`/g)].map((m) => m[1]))];
}

it("every class name the custom CSS guide calls stable is still written by the theme's sources", () => {
  const classes = promisedClasses();
  expect(classes.length).toBeGreaterThan(30);
  const sources = fg
    .sync(['templates/theme/**/*.tsx', 'templates/theme/**/*.ts', 'cli/markdown/**/*.ts', 'cli/render/**/*.ts'], {
      cwd: REPO,
    })
    .map((file) => readFileSync(path.join(REPO, file), 'utf8'))
    .join('\n');
  // A class is written as a word of a class string (`navbar-link`), or by its stem and a value (`footer-${style}`).
  const written = (name: string) =>
    new RegExp(`[\\s'"\`]${name}[\\s'"\`$]`).test(sources) ||
    sources.includes(`${name.slice(0, name.lastIndexOf('-'))}-\${`);
  expect(classes.filter((name) => !written(name))).toEqual([]);
});
