import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { DocsgenError, EXIT_USAGE } from '../errors.js';
import { onInterrupt } from '../interrupt.js';
import { SHARED_MODULES, type ComponentBundle } from './bundle-components.js';
import { COMPONENT_WORKER_SOURCE } from './component-worker-source.js';

/** One use of a component to render: its props (plain data) and whether it has children. */
export interface RenderRequest {
  name: string;
  props: Record<string, unknown>;
  children: boolean;
  /** A `client: true` component: its children are wrapped as the browser gives them back (hydrate-component.tsx). */
  island?: boolean;
  /** The prefix of the ids `useId()` makes in this use, unique in its page (the browser hydrates with it too). */
  idPrefix?: string;
}

/** A code block `@theme/CodeBlock` asked for, highlighted on the main thread (templates/docusaurus/CodeBlock.tsx). */
export interface CodeBlockRequest {
  code: string;
  language: string;
  title?: string;
  showLineNumbers: boolean;
}

/** The markup of one use, or why there is none (`threw while rendering: …`, `did not finish rendering …`). */
export type RenderOutcome = { html: string; codeBlocks: CodeBlockRequest[] } | { error: string };

/**
 * Uses stopped for time after which the others are not rendered at all: each
 * use has its time limit, but content could repeat a slow use a thousand times.
 * The build fails at the first one anyway.
 */
export const MAX_STOPPED_USES = 3;

/** Heap a component's thread may use: past it, the render is stopped and reported. */
const COMPONENT_HEAP_MB = 512;

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-failed'; message: string }
  | { type: 'not-component'; name: string }
  | { type: 'done'; id: number; html: string; codeBlocks: CodeBlockRequest[] }
  | { type: 'threw'; id: number; message: string };

/** Where docsgen's own copies of the modules the bundle shares are. */
function sharedModulePaths(): Record<string, string> {
  const require = createRequire(import.meta.url);
  return Object.fromEntries(SHARED_MODULES.map((id) => [id, require.resolve(id)]));
}

/**
 * Renders component uses one at a time on a worker thread, each with a
 * time limit: a component that loops forever, or allocates without end, is
 * stopped (the thread is terminated and a fresh one renders the next use),
 * and its use gets an error instead of markup. The thread starts on the
 * first render; `close()` stops it.
 */
export class ComponentRenderer {
  /** The element that stands for a use's children in the markup; random, so that no prop can spell it. */
  readonly childrenTag = `dg-children-${randomBytes(8).toString('hex')}`;
  /** The element that stands for a code block `@theme/CodeBlock` asked for; random for the same reason. */
  readonly codeBlockTag = `dg-code-${randomBytes(8).toString('hex')}`;
  private thread?: { worker: Worker; ready: Promise<void>; forget: () => void };
  private nextId = 0;
  private stopped = 0;

  constructor(
    private readonly bundle: ComponentBundle,
    private readonly root: string,
    private readonly timeoutMs: number,
  ) {}

  /** Renders one use; rejects only with a DocsgenError when the bundle itself cannot run (a config error). */
  async render(request: RenderRequest): Promise<RenderOutcome> {
    if (this.stopped >= MAX_STOPPED_USES)
      return {
        error: `was not rendered: ${MAX_STOPPED_USES} uses of site components were already stopped in this build`,
      };
    const thread = await this.started();
    const id = this.nextId++;
    const outcome = await new Promise<RenderOutcome | 'stop'>((resolve) => {
      const finish = (result: RenderOutcome | 'stop') => {
        clearTimeout(timer);
        thread.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'done' && message.id === id)
          finish({ html: message.html, codeBlocks: message.codeBlocks });
        else if (message.type === 'threw' && message.id === id)
          finish({ error: `threw while rendering: ${message.message}` });
      };
      const onError = (error: Error & { code?: string }) =>
        finish(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { error: `needed more than ${COMPONENT_HEAP_MB} MB of memory while rendering, and was stopped` }
            : { error: `threw while rendering: ${error.message}` },
        );
      const onExit = () => finish({ error: 'stopped its thread while rendering' });
      const timer = setTimeout(() => finish('stop'), this.timeoutMs);
      thread.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      thread.worker.postMessage({ id, ...request });
    });
    if (outcome !== 'stop' && 'html' in outcome) return outcome;
    // Stopped, or its thread is no longer usable: the next use gets a fresh one.
    await this.close();
    if (outcome === 'stop') this.stopped++;
    return outcome === 'stop'
      ? { error: `did not finish rendering within ${this.timeoutMs / 1000} s, and was stopped` }
      : outcome;
  }

  /**
   * Starts the thread (once) and waits until the bundle has run, within the
   * time limit: a module that throws, loops or whose default export is no
   * component is a config error (exit 2).
   */
  async started(): Promise<NonNullable<ComponentRenderer['thread']>> {
    const thread = (this.thread ??= this.start());
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DocsgenError(
              `the site components (\`components\` in the config) did not finish loading within ${this.timeoutMs / 1000} s, and were stopped`,
              {
                exitCode: EXIT_USAGE,
                hint: 'look for a loop that never ends in the code a component module runs when it is imported',
              },
            ),
          ),
        this.timeoutMs,
      );
    });
    try {
      await Promise.race([thread.ready, timeout]);
      return thread;
    } catch (error) {
      await this.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = undefined;
    if (!thread) return;
    thread.forget();
    await thread.worker.terminate();
  }

  private start() {
    const worker = new Worker(COMPONENT_WORKER_SOURCE, {
      eval: true,
      workerData: {
        code: this.bundle.code,
        shared: sharedModulePaths(),
        root: this.root,
        childrenTag: this.childrenTag,
        codeBlockTag: this.codeBlockTag,
      },
      resourceLimits: { maxOldGenerationSizeMb: COMPONENT_HEAP_MB },
    });
    // Ctrl+C stops the thread whatever the component is doing.
    const forget = onInterrupt(() => worker.terminate());
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.type === 'done' || message.type === 'threw') return;
        worker.off('message', onMessage).off('error', onError);
        if (message.type === 'ready') resolve();
        else reject(loadError(message));
      };
      const onError = (error: Error) => reject(loadError({ type: 'load-failed', message: error.message }));
      worker.on('message', onMessage).on('error', onError);
    });
    // Awaited by render(); a failed start is reported there.
    ready.catch(() => undefined);
    return { worker, ready, forget };
  }
}

/** The bundle could not run, or a registered module's default export is not a component: the config's modules are at fault. */
function loadError(message: Extract<WorkerMessage, { type: 'load-failed' | 'not-component' }>): DocsgenError {
  if (message.type === 'not-component') {
    return new DocsgenError(`components.${message.name}: the module's default export is not a React component`, {
      exitCode: EXIT_USAGE,
      hint: 'the module must `export default` a function component (or a memo/forwardRef of one)',
    });
  }
  return new DocsgenError(
    `the site components (\`components\` in the config) threw while loading: ${message.message}`,
    {
      exitCode: EXIT_USAGE,
      hint: 'fix the code that runs when a component module is imported',
    },
  );
}
