/**
 * Worker thread entry: compiles Markdown pages sent by the main thread.
 * Each worker creates its own highlighter once and reuses it for every page.
 */
import { parentPort } from 'node:worker_threads';
import type { ContentFile, PageContent } from '../types.js';
import { compileMarkdown, type MarkdownContext } from './compile-markdown.js';
import { createCodeHighlighter, DEFAULT_LANGUAGES } from './highlighter.js';

/** What the main thread sends once, before any page. */
export interface WorkerInit {
  baseUrl: string;
  publicDir: string;
  docsDirFromRoot: string;
  docRoutes: [string, string][];
  themes: { light: string; dark: string };
  additionalLanguages: string[];
}

export type WorkerRequest = { type: 'init'; init: WorkerInit } | { type: 'compile'; id: number; file: ContentFile; route: string };
export type WorkerResponse = { type: 'done'; id: number; content: PageContent } | { type: 'failed'; id: number; message: string };

let context: Promise<MarkdownContext> | undefined;

parentPort?.on('message', async (request: WorkerRequest) => {
  if (request.type === 'init') {
    const { init } = request;
    context = createCodeHighlighter({ themes: init.themes, languages: [...DEFAULT_LANGUAGES, ...init.additionalLanguages] }).then((highlighter) => ({
      baseUrl: init.baseUrl,
      publicDir: init.publicDir,
      docsDirFromRoot: init.docsDirFromRoot,
      docRoutes: new Map(init.docRoutes),
      highlighter,
    }));
    return;
  }
  try {
    const content = await compileMarkdown(request.file, request.route, await context!);
    parentPort!.postMessage({ type: 'done', id: request.id, content } satisfies WorkerResponse);
  } catch (error) {
    parentPort!.postMessage({ type: 'failed', id: request.id, message: (error as Error)?.stack ?? String(error) } satisfies WorkerResponse);
  }
});
