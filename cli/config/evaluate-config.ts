import { Worker } from 'node:worker_threads';
import { DocsgenError } from '../errors.js';
import { onInterrupt } from '../interrupt.js';
import type { Diagnostic } from '../types.js';
import {
  asSidebarProblem,
  describeThrown,
  explainProblem,
  MAX_CONFIG_DEPTH,
  placeOfProblem,
  type ShapeProblem,
  type ThrownDescription,
} from './config-shape.js';
import { BUNDLE_NAME, mapConfigStack, placeInStack } from './config-stack.js';
import { CONFIG_WORKER_SOURCE } from './config-worker-source.js';

/** The config bundled by esbuild: its code and source map (sources relative to `dir`). */
export interface ConfigBundle {
  code: string;
  map: string;
  dir: string;
}

/** Where the config is: its absolute path, the name diagnostics give it, and its source text. */
export interface ConfigFile {
  file: string;
  name: string;
  source: string;
}

type ConfigWorkerMessage =
  | { type: 'loaded'; value: unknown }
  | { type: 'no-default' }
  | { type: 'threw'; error: ThrownDescription }
  | { type: 'not-data'; problem: ShapeProblem }
  | { type: 'exit'; code: number };

/** Heap the config's thread may use: a config needs a few megabytes; one that allocates without end stops here, not the whole process. */
const CONFIG_HEAP_MB = 512;

/**
 * Runs the bundled config on a worker thread and returns its default export,
 * plain data copied back by structured clone. The thread is terminated as soon
 * as the answer arrives, so timers and servers the config left open die with
 * it, and after `timeoutMs` whatever it is doing, so a config that loops or
 * waits forever cannot hold a build; the main thread stays free for signals.
 */
export async function evaluateConfig(bundle: ConfigBundle, where: ConfigFile, timeoutMs: number): Promise<unknown> {
  const url = `data:text/javascript;base64,${Buffer.from(`${bundle.code}\n//# sourceURL=${BUNDLE_NAME}\n`).toString('base64')}`;
  const worker = new Worker(CONFIG_WORKER_SOURCE, {
    eval: true,
    workerData: { url, maxDepth: MAX_CONFIG_DEPTH },
    resourceLimits: { maxOldGenerationSizeMb: CONFIG_HEAP_MB },
  });
  // Ctrl+C and SIGTERM stop the thread and exit 130 / 143 at once, whatever the config is doing.
  const forget = onInterrupt(() => worker.terminate());
  // Whatever the config does after its answer (a timer that throws, say) is ignored: the thread is being stopped.
  let settled = false;
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const fail = (error: DocsgenError) => {
        settled = true;
        reject(error);
      };
      const timer = setTimeout(() => fail(timeoutError(where, timeoutMs)), timeoutMs);
      const finish = () => clearTimeout(timer);
      worker.on('message', (message: ConfigWorkerMessage) => {
        if (settled) return;
        finish();
        if (message.type === 'loaded') {
          settled = true;
          resolve(message.value);
        } else fail(explainMessage(message, bundle, where));
      });
      // What the config throws from a timer or leaves rejected, or running out of its heap.
      worker.on('error', (error: unknown) => {
        if (settled) return;
        finish();
        fail(
          (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? outOfMemoryError(where)
            : threwError(describeError(error), bundle, where),
        );
      });
      worker.on('exit', (code) => {
        if (settled) return;
        finish();
        fail(code === 0 ? unsettledError(where) : exitCalledError(where, code));
      });
    });
  } finally {
    settled = true;
    forget();
    await worker.terminate();
  }
}

function describeError(error: unknown): ThrownDescription {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack ?? '' }
    : { text: String(error) };
}

function explainMessage(
  message: Exclude<ConfigWorkerMessage, { type: 'loaded' }>,
  bundle: ConfigBundle,
  where: ConfigFile,
): DocsgenError {
  switch (message.type) {
    case 'no-default':
      return new DocsgenError(`the config file ${where.name} has no default export`, {
        hint: 'end it with `export default defineConfig({ ... })` or `export default { ... }`',
      });
    case 'threw':
      return threwError(message.error, bundle, where);
    case 'not-data':
      return notDataError(asSidebarProblem(message.problem), where);
    case 'exit':
      return exitCalledError(where, message.code);
  }
}

/** A config that threw (or rejected) while it was evaluated, placed by its mapped stack trace. */
function threwError(error: ThrownDescription, bundle: ConfigBundle, where: ConfigFile): DocsgenError {
  const stack = 'stack' in error ? mapConfigStack(error.stack, bundle.map, bundle.dir) : '';
  const cause = Object.assign(
    new Error('message' in error ? error.message : error.text),
    'name' in error ? { name: error.name, stack } : { stack: '' },
  );
  return new DocsgenError(`the config file ${where.name} threw while loading`, {
    diagnostics: [
      {
        severity: 'error',
        rule: 'config-threw',
        message: `the config threw ${describeThrown(error)}`,
        file: where.name,
        ...placeInStack(stack, where.file),
      },
    ],
    hint: 'the config must evaluate without errors; fix the code that throws',
    cause,
  });
}

/** A default export that is not plain data (a function, a cycle, nesting without end), at its key path. */
export function notDataError(problem: ShapeProblem, where: ConfigFile): DocsgenError {
  const { rule, message, hint } = explainProblem(problem);
  const diagnostic: Diagnostic = {
    severity: 'error',
    rule,
    message,
    file: where.name,
    ...placeOfProblem(where.source, problem),
  };
  return new DocsgenError(`invalid config in ${where.name}`, { diagnostics: [diagnostic], hint });
}

function timeoutError(where: ConfigFile, timeoutMs: number): DocsgenError {
  return new DocsgenError(
    `the config file ${where.name} did not finish loading within ${timeoutMs / 1000} s, and was stopped`,
    {
      hint: `look for a loop that never ends, or a top-level await that waits too long; if it really needs longer, set ${CONFIG_TIMEOUT_ENV} to more seconds`,
    },
  );
}

function outOfMemoryError(where: ConfigFile): DocsgenError {
  return new DocsgenError(
    `the config file ${where.name} ran out of memory while loading (a config may use ${CONFIG_HEAP_MB} MB)`,
    {
      hint: 'look for a loop that keeps adding to an array or a string',
    },
  );
}

/** The config called process.exit() while it was evaluated. */
function exitCalledError(where: ConfigFile, code: number): DocsgenError {
  return new DocsgenError(`the config file ${where.name} called process.exit(${code}) while loading`, {
    hint: 'a config must not exit the process; throw an Error to report a problem',
  });
}

/** The thread ran out of work without an answer: the top-level await waits on a promise that nothing settles. */
function unsettledError(where: ConfigFile): DocsgenError {
  return new DocsgenError(
    `the config file ${where.name} stopped before it finished loading: its top-level await waits on a promise that nothing settles`,
    {
      hint: 'every promise the config awaits at top level must resolve or reject',
    },
  );
}

/** The environment variable that sets how long a config may take to load, in seconds. */
export const CONFIG_TIMEOUT_ENV = 'DOCSGEN_CONFIG_TIMEOUT';
const DEFAULT_TIMEOUT_SECONDS = 30;

/** The config's time limit in milliseconds: DOCSGEN_CONFIG_TIMEOUT seconds, 30 by default. */
export function configTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return timeoutFromEnv(CONFIG_TIMEOUT_ENV, DEFAULT_TIMEOUT_SECONDS, env);
}

/** A time limit in milliseconds read from an environment variable in seconds (`defaultSeconds` when unset); a bad value is a usage error. */
export function timeoutFromEnv(variable: string, defaultSeconds: number, env: NodeJS.ProcessEnv = process.env): number {
  const value = env[variable]?.trim();
  if (value === undefined || value === '') return defaultSeconds * 1000;
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(seconds > 0)) {
    throw new DocsgenError(`${variable} must be a number of seconds greater than 0, not '${value}'`, {
      hint: `for example ${variable}=60, or unset it for the default of ${defaultSeconds} s`,
    });
  }
  // setTimeout takes at most 2^31 - 1 ms (about 24 days); a longer limit would fire at once.
  return Math.min(seconds * 1000, 2 ** 31 - 1);
}
