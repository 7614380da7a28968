#!/usr/bin/env node
// The docsgen CLI. `npm install` compiles cli/ into lib/ (the `prepare` script).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Until lib/ guards stdout and stderr (cli/report/output-streams.ts), a stream that goes away ends the process with
// 2 at once: nothing has started that needs cleaning up, and an unhandled 'error' event would exit 1 (content errors).
const earlyLoss = () => process.exit(2);
process.stdout.on('error', earlyLoss);
process.stderr.on('error', earlyLoss);

const root = fileURLToPath(new URL('..', import.meta.url));
const buildId = path.join(root, 'lib', 'build-id.txt');
const compileScript = path.join(root, 'scripts', 'compile.mjs');

/** The newest modification time of the generator's sources (cli/ and the theme in templates/). */
function newestSource() {
  let newest = 0;
  for (const dir of ['cli', 'templates']) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile())
        newest = Math.max(newest, statSync(path.join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

// `docsgen --version` alone is answered from package.json, as commander would in lib/ (the same line on stdout,
// exit 0), without loading lib/ or looking at the sources: the version does not depend on them.
const args = process.argv.slice(2);
const versionOnly = args.length === 1 && (args[0] === '--version' || args[0] === '-V');
// In a checkout of docsgen itself, lib/ is rebuilt when a source is newer: an edited template or generator
// file would otherwise be ignored (and its cached output reused) until someone ran `npm run compile`.
const compiledAt = statSync(buildId, { throwIfNoEntry: false })?.mtimeMs;
if (existsSync(compileScript) && (compiledAt === undefined || (!versionOnly && compiledAt < newestSource()))) {
  process.stderr.write('• docsgen sources changed since lib/ was compiled: compiling\n');
  const result = spawnSync(process.execPath, [compileScript], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    process.stderr.write('docsgen could not be compiled: run `npm install` in the docsgen folder, then try again.\n');
    process.exit(2);
  }
}
if (!existsSync(buildId)) {
  process.stderr.write(
    'docsgen is not compiled yet: run `npm install` (or `npm run compile`) in the docsgen folder.\n',
  );
  process.exit(2);
}
if (versionOnly) process.stdout.write(`${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}\n`);
else await runCommand();

/** Runs the command in lib/, with the guards every command runs under. */
async function runCommand() {
  // React's production build renders pages about twice as fast as its development build (set before React loads).
  process.env.NODE_ENV ??= 'production';
  const { main, handleCrash, guardOutput, isStopping } = await import('../lib/main.js');
  guardOutput();
  process.stdout.off('error', earlyLoss);
  process.stderr.off('error', earlyLoss);
  process.on('uncaughtException', handleCrash);
  process.on('unhandledRejection', handleCrash);
  // docsgen ends with 0, 1, 2, 129, 130 or 143 and nothing else: an exit before main() returned (a promise nothing
  // settles, say) or with another code (a library calling process.exit) is a bug, reported as one. A stop (a signal, a
  // closed stream) may end the process before main() returns: that is its job.
  let finished = false;
  process.on('exit', (code) => {
    if ([0, 1, 2, 129, 130, 143].includes(code) && (finished || code !== 0 || isStopping())) return;
    const how = [code !== 0 && `with exit code ${code}`, !finished && 'before it finished'].filter(Boolean).join(' ');
    process.stderr.write(`error  docsgen stopped ${how}\n    (this is a bug in docsgen, please report it)\n`);
    process.exitCode = 2;
  });
  process.exitCode = await main(args);
  finished = true;
}
