/**
 * The messages between the sample checker (main thread) and the compiler's
 * worker thread. The worker knows TypeScript and nothing of Markdown: it
 * gets virtual files and answers with positions in those files; the main
 * thread maps them back to the Markdown and to the shown code.
 */
import type { ApiTarget } from '../api-model.js';
import type { CodeTip } from './code-refs.js';
import type { SampleEnvironment } from '../config/schema.js';

/** The folder of every sample, under the site root (so imports resolve from its node_modules); never written. */
export const SAMPLES_FOLDER = '.docsgen-samples';

/** Sent once, when the worker starts. */
export interface CompilerInit {
  /** The site root's real path: samples live in folders under it, packages come from its node_modules. */
  root: string;
  /** The documented library (`config.api.package`). */
  packageName: string;
  /** The globals samples compile with (`codeSamples.environment`). */
  environment: SampleEnvironment;
}

/** One virtual file of a page. */
export interface SampleFile {
  /** Absolute path (under `<root>/.docsgen-samples/`). */
  path: string;
  text: string;
  /** The lines (0-based, end exclusive) a reader sees: identifiers there get links. */
  shown: { from: number; to: number };
}

/** A page's files, all of them: files of the page not listed are removed from the project. */
export interface PageFiles {
  /** Folder of the page's files (every file of the project under it belongs to the page). */
  folder: string;
  files: SampleFile[];
}

/** A compiler error in a sample file, at a 0-based line and character of that file. */
export interface FileDiagnostic {
  line: number;
  character: number;
  message: string;
  code: number;
}

/** A link in a sample file: 0-based line and the identifier's character range on it. */
export interface FileRef {
  line: number;
  start: number;
  end: number;
  target: ApiTarget;
  tip?: CodeTip;
}

/** What the compiler found in each file of a page, in the order of `PageFiles.files`. */
export interface FileResult {
  diagnostics: FileDiagnostic[];
  refs: FileRef[];
}

/** An export of the library's entry, with its page and popup. */
export interface LibraryExport {
  name: string;
  target: ApiTarget;
  tip?: CodeTip;
}

export type CompilerRequest =
  | { type: 'init'; init: CompilerInit }
  /** `declarations`: the setup folder's global declaration files, set before the pages (the same every check). */
  | { type: 'check'; pages: PageFiles[]; exports: boolean; declarations: PageFiles };

export type CompilerResponse =
  | { type: 'page'; index: number; files: FileResult[] }
  /** The compiler threw on a page (a compiler bug that a sample can trigger): its first line. */
  | { type: 'page-failed'; index: number; message: string }
  | { type: 'exports'; exports: LibraryExport[] }
  | { type: 'done' }
  | { type: 'failed'; message: string };
