/**
 * docsgen's documentation site (website/) shows configs and API calls as `ts` blocks that import from 'docsgen'.
 * Each is compiled here against docsgen's own sources (cli/index.ts, what the package exports), so an example
 * that drifts from the real config schema or API fails CI. (The site's own sample checker cannot do it: its
 * package rule refuses a package whose folder holds the site root, and website/ lives inside docsgen.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { findSamples } from '../../cli/samples/find-samples.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const CONTENT = path.join(REPO, 'website/content');

/** Every `ts`/`tsx` block that imports from 'docsgen' (a whole config or API example), with its place. */
function docsgenSamples(): { place: string; code: string; file: string }[] {
  const files = fg.sync('**/*.{md,mdx}', { cwd: CONTENT }).sort();
  return files.flatMap((file) =>
    findSamples(readFileSync(path.join(CONTENT, file), 'utf8'))
      .filter((s) => (s.lang === 'ts' || s.lang === 'tsx') && /from ['"]docsgen['"]/.test(s.code))
      .map((s, i) => ({
        place: `website/content/${file}:${s.line}`,
        code: s.code,
        file: path.join(REPO, `.website-sample-${file.replace(/[^a-z0-9]+/gi, '-')}-${i}.${s.lang}`),
      })),
  );
}

describe("the documentation site's docsgen examples", () => {
  const samples = docsgenSamples();

  it('are found (a broken finder would pass the check below)', () => {
    expect(samples.length).toBeGreaterThan(5);
  });

  it('compile against docsgen’s own types', () => {
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      types: ['node'],
      baseUrl: REPO,
      paths: { docsgen: ['cli/index.ts'] },
      allowImportingTsExtensions: true,
    };
    const virtual = new Map(samples.map((s) => [s.file, s.code]));
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (file) => virtual.get(path.resolve(file)) ?? readFile(file);
    host.fileExists = (file) => virtual.has(path.resolve(file)) || fileExists(file);
    const program = ts.createProgram([...virtual.keys()], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.file && virtual.has(path.resolve(d.file.fileName)))
      .map((d) => {
        const sample = samples.find((s) => s.file === path.resolve(d.file!.fileName))!;
        const { line } = d.file!.getLineAndCharacterOfPosition(d.start ?? 0);
        return `${sample.place} (+${line + 1}): ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
      });
    expect(problems).toEqual([]);
  });
});
