#!/usr/bin/env node
// The docsgen CLI. `npm install` compiles cli/ into lib/ (the `prepare` script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lib = fileURLToPath(new URL('../lib/main.js', import.meta.url));
if (!existsSync(lib)) {
  process.stderr.write('docsgen is not compiled yet: run `npm install` (or `npm run compile`) in the docsgen folder.\n');
  process.exit(2);
}
// React's production build renders pages about twice as fast as its development build (set before React loads).
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/main.js');
process.exitCode = await main(process.argv.slice(2));
