import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** How long a file waits for another file of the run to finish the shared work: a bound for a lost worker, as long as runCli's for a build. */
const WAIT_BOUND_MS = 300_000;

/**
 * The vitest run this worker belongs to: the process that forked it (vitest's
 * forks pool) and when that process started, so a pid reused by a later run
 * names another run. Undefined where /proc cannot tell, and in watch mode,
 * where one vitest process runs the files again after an edit and each rerun
 * must build what the sources now say: then nothing is shared.
 */
function runKey(): string | undefined {
  if (process.env.VITEST_MODE === 'WATCH') return undefined;
  try {
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    // Field 22, starttime; the fields after the command name, which is in parentheses and may hold spaces.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime ? `${process.ppid}-${startTime}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `make` once per vitest run for all the test files that ask under the
 * same `name`, and gives each of them its result (JSON): the first file to ask
 * runs it, the others wait for its result. For work whose output the files
 * only read, such as a built site they serve: building it in each file proves
 * nothing more, as every file of a run uses the same compiled CLI and the same
 * fixture. If `make` fails, every file waiting for it fails with its message.
 */
export async function oncePerRun<T>(name: string, make: () => T | Promise<T>): Promise<T> {
  const key = runKey();
  if (!key) return make();
  const dir = path.join(os.tmpdir(), `docsgen-e2e-run-${key}`);
  mkdirSync(dir, { recursive: true });
  const resultFile = path.join(dir, `${name}.json`);
  let mine = true;
  try {
    mkdirSync(path.join(dir, `${name}.lock`));
  } catch {
    mine = false;
  }
  if (mine) {
    let outcome: { value?: T; error?: string };
    try {
      outcome = { value: await make() };
    } catch (error) {
      outcome = { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    // Written whole, then renamed: a waiting file never reads half of it.
    writeFileSync(`${resultFile}.tmp`, JSON.stringify(outcome));
    renameSync(`${resultFile}.tmp`, resultFile);
    if (outcome.error !== undefined) throw new Error(outcome.error);
    return outcome.value as T;
  }
  const deadline = Date.now() + WAIT_BOUND_MS;
  while (!existsSync(resultFile)) {
    if (Date.now() > deadline)
      throw new Error(
        `another test file of this run did not finish "${name}" (${resultFile}) in ${WAIT_BOUND_MS / 1000} s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const outcome = JSON.parse(readFileSync(resultFile, 'utf8')) as { value?: T; error?: string };
  if (outcome.error !== undefined)
    throw new Error(`"${name}", made by another test file of this run, failed:\n${outcome.error}`);
  return outcome.value as T;
}
