/**
 * Reads the shared preambles that `setup=<name>` names: `<setupDir>/<name>.ts`
 * or `.tsx`, nothing else. The name is content, so it cannot be a path, and
 * the file's real path must stay inside setupDir (itself inside the root).
 */
import fs from 'node:fs';
import path from 'node:path';
import { isInside, realPathOf } from './file-access.js';
import type { SetupText } from './page-files.js';

/** What a setup name may be: no dots, no slashes. */
export const SETUP_NAME = /^[A-Za-z0-9_-]+$/;

/** Setups read during one check (each file once), by name. */
export class SetupFiles {
  private readonly read = new Map<string, SetupText | undefined>();

  constructor(
    private readonly root: string,
    private readonly setupDir: string,
  ) {}

  /** The setup folder, relative to the site root, for messages. */
  get folder(): string {
    return path.relative(this.root, this.setupDir).split(path.sep).join('/') || '.';
  }

  /** The setup named `name`, undefined when the name is not allowed or no such file exists. */
  get(name: string): SetupText | undefined {
    if (!SETUP_NAME.test(name)) return undefined;
    if (!this.read.has(name)) this.read.set(name, this.load(name));
    return this.read.get(name);
  }

  private load(name: string): SetupText | undefined {
    const root = realPathOf(this.root);
    const dir = realPathOf(this.setupDir);
    if (!root || !dir || !isInside(dir, root)) return undefined;
    for (const ext of ['.ts', '.tsx']) {
      const file = path.join(this.setupDir, name + ext);
      const real = realPathOf(file);
      if (!real || !isInside(real, dir)) continue;
      try {
        if (!fs.statSync(real).isFile()) continue;
        return { name, file: path.relative(this.root, file).split(path.sep).join('/'), text: fs.readFileSync(real, 'utf8') };
      } catch {
        continue;
      }
    }
    return undefined;
  }
}
