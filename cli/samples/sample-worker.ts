/**
 * The worker thread that compiles samples (started by checker-thread.ts):
 * TypeScript is loaded here only, and the main thread can stop this thread
 * whenever a check runs past its time limit. Pages are answered one by one,
 * so what finished before a stop is kept.
 */
import { parentPort } from 'node:worker_threads';
import type { CompilerRequest, CompilerResponse } from './checker-protocol.js';
import { SampleProject } from './sample-project.js';

let project: SampleProject | undefined;

const send = (response: CompilerResponse) => parentPort!.postMessage(response);
const firstLine = (error: unknown) => String((error as Error)?.message ?? error).split('\n', 1)[0]!;

parentPort?.on('message', (request: CompilerRequest) => {
  try {
    if (request.type === 'init') {
      project = new SampleProject(request.init);
      // The library is read now, before the first check arrives (the thread may be started early: CompilerThread.prestart).
      project.warm();
      return;
    }
    project!.refresh();
    project!.setPage(request.declarations);
    for (const page of request.pages) project!.setPage(page);
    request.pages.forEach((page, index) => {
      try {
        send({ type: 'page', index, files: project!.checkPage(page) });
      } catch (error) {
        send({ type: 'page-failed', index, message: firstLine(error) });
      }
    });
    if (request.exports) send({ type: 'exports', exports: project!.libraryExports() });
    send({ type: 'done' });
  } catch (error) {
    send({ type: 'failed', message: (error as Error)?.stack ?? String(error) });
  }
});
