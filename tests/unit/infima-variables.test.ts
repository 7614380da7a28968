/**
 * The Infima variables the custom CSS guide says the theme reads are read by its stylesheet (`var(--ifm-…, …)`), and
 * none it says are not read is: the guide's table stays true as templates/styles/ changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');

it("reads every Infima variable the custom CSS guide's table lists as read, and none it lists as not read", () => {
  const guide = readFileSync(path.join(REPO, 'website/content/docs/guides/custom-css.md'), 'utf8');
  const table = guide.slice(guide.indexOf('| Variable |'), guide.indexOf('\n\n', guide.indexOf('| Variable |')));
  const rows = table.split('\n').slice(2);
  const styles = fg
    .sync('templates/styles/*.css', { cwd: REPO })
    .map((file) => readFileSync(path.join(REPO, file), 'utf8'))
    .join('\n');
  const readByTheme = new Set([...styles.matchAll(/var\((--ifm-[a-z-]+)/g)].map((m) => m[1]));
  const listed = (row: string) => {
    const first = row.split('|')[1];
    const names = [...first.matchAll(/`(--ifm-[a-z-]+)`/g)].map((m) => m[1]);
    // `--ifm-color-primary-darker`, `-lighter`: the shorthand names the base's shades.
    const base = names[0]?.replace(/-[a-z]+$/, '');
    return [...names, ...[...first.matchAll(/`(-[a-z]+)`/g)].map((m) => base + m[1])];
  };
  const read = rows.filter((row) => !row.includes('Not read')).flatMap(listed);
  const notRead = rows.filter((row) => row.includes('Not read')).flatMap(listed);
  expect(read.length).toBeGreaterThan(15);
  expect(read.filter((name) => !readByTheme.has(name))).toEqual([]);
  expect(notRead.filter((name) => readByTheme.has(name))).toEqual([]);
});
