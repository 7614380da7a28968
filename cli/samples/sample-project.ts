/**
 * The TypeScript project of a site's samples (worker side): one language
 * service over every page's virtual files, kept alive between checks so a
 * changed page costs only its own files. It reads through SampleFileAccess,
 * and nothing else.
 */
import path from 'node:path';
import ts from 'typescript';
import {
  SAMPLES_FOLDER,
  type CompilerInit,
  type FileDiagnostic,
  type FileResult,
  type LibraryExport,
  type PageFiles,
} from './checker-protocol.js';
import { sampleCompilerOptions } from './compiler-options.js';
import { SampleFileAccess } from './file-access.js';
import { findPackageDir } from './package-rule.js';
import { findRefs, type RefContext } from './find-refs.js';
import { findGlobalEffects } from './global-effects.js';
import { collectEntities, type LibraryEntity } from './library-entities.js';
import { tipOf } from './tip-text.js';

export class SampleProject {
  private readonly access: SampleFileAccess;
  private readonly service: ts.LanguageService;
  /** A virtual module importing the library, so the entry is in the project and its exports can be listed. */
  private readonly libraryFile: string;
  private projectVersion = 0;
  /** Each page folder's files, as last set. */
  private readonly pages = new Map<string, string[]>();

  constructor(private readonly init: CompilerInit) {
    const libDir = path.dirname(ts.getDefaultLibFilePath({}));
    this.access = new SampleFileAccess({ root: init.root, libDir });
    this.libraryFile = path.join(init.root, SAMPLES_FOLDER, 'library.ts');
    this.access.writeVirtual(this.libraryFile, `export * as library from ${JSON.stringify(init.packageName)};\n`);
    const { options } = ts.convertCompilerOptionsFromJson(sampleCompilerOptions(init.environment), init.root);
    const access = this.access;
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => options,
      getProjectVersion: () => String(this.projectVersion),
      getScriptFileNames: () => [...access.files.keys()],
      getScriptVersion: (file) => String(access.files.get(file)?.version ?? 0),
      getScriptSnapshot: (file) => {
        const text = access.readFile(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => init.root,
      getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
      fileExists: (file) => access.fileExists(file),
      readFile: (file) => access.readFile(file),
      directoryExists: (dir) => access.directoryExists(dir),
      realpath: (file) => access.realpath(file),
      getDirectories: (dir) => access.getDirectories(dir),
      readDirectory: () => [],
      useCaseSensitiveFileNames: () => ts.sys.useCaseSensitiveFileNames,
      getNewLine: () => '\n',
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry());
  }

  /** Replaces a page's files (its other files, from an earlier check, are dropped). */
  setPage(page: PageFiles): void {
    const keep = new Set(page.files.map((f) => f.path));
    for (const file of this.pages.get(page.folder) ?? []) if (!keep.has(file)) this.access.removeVirtual(file);
    for (const file of page.files) this.access.writeVirtual(file.path, file.text);
    this.pages.set(page.folder, [...keep]);
    this.projectVersion++;
  }

  /** Starts a check: packages may have changed since the last one. */
  refresh(): void {
    this.access.forgetRealPaths();
    this.projectVersion++;
  }

  /** Reads the library and its types now (the program and its checker): the first check would otherwise. */
  warm(): void {
    this.refContext();
  }

  /** Errors and links of each file of a page (set with `setPage` first). */
  checkPage(page: PageFiles): FileResult[] {
    const cx = this.refContext();
    return page.files.map((file) => {
      const source = cx.service.getProgram()!.getSourceFile(file.path)!;
      return {
        diagnostics: this.diagnosticsOf(source),
        refs: cx.entities.size ? findRefs(cx, source, file.shown) : [],
      };
    });
  }

  /** Every export of the library with a page, with its popup (the compiler's quick info at its declaration). */
  libraryExports(): LibraryExport[] {
    const { entities, service } = this.refContext();
    const seen = new Set<string>();
    const exports: LibraryExport[] = [];
    for (const [declaration, entity] of entities) {
      if (seen.has(entity.name)) continue;
      seen.add(entity.name);
      const name = (declaration as ts.NamedDeclaration).name ?? declaration;
      const tip = tipOf(service.getQuickInfoAtPosition(declaration.getSourceFile().fileName, name.getStart()));
      exports.push({ name: entity.name, target: { kind: entity.kind, entity: entity.name }, ...(tip ? { tip } : {}) });
    }
    return exports;
  }

  private diagnosticsOf(source: ts.SourceFile): FileDiagnostic[] {
    // `// @ts-nocheck` would hide the file's type errors: a sample opts out in its meta, with a reason, instead.
    const pragmas = source as { checkJsDirective?: { enabled: boolean } };
    if (pragmas.checkJsDirective?.enabled === false) pragmas.checkJsDirective = undefined;
    const found = [
      ...this.service.getSyntacticDiagnostics(source.fileName),
      ...this.service.getSemanticDiagnostics(source.fileName),
    ];
    return [
      ...findGlobalEffects(source),
      ...found.map((d) => placeDiagnostic(source, d.start ?? 0, d.messageText, d.code)),
    ];
  }

  private cachedContext?: { program: ts.Program; cx: RefContext };

  /** The checker and the library's entities of the current program (computed again when the program changed). */
  private refContext(): RefContext {
    const program = this.service.getProgram()!;
    if (this.cachedContext?.program === program) return this.cachedContext.cx;
    const checker = program.getTypeChecker();
    const packageDir =
      findPackageDir(this.init.root, this.init.packageName) ??
      path.join(this.init.root, 'node_modules', this.init.packageName);
    const cx = { service: this.service, checker, entities: this.entitiesOf(program, checker, packageDir), packageDir };
    this.cachedContext = { program, cx };
    return cx;
  }

  private entitiesOf(program: ts.Program, checker: ts.TypeChecker, packageDir: string): Map<ts.Node, LibraryEntity> {
    const source = program.getSourceFile(this.libraryFile);
    const specifier = source?.statements.find(ts.isExportDeclaration)?.moduleSpecifier;
    const entry = specifier && checker.getSymbolAtLocation(specifier);
    if (!entry) return new Map();
    return collectEntities(checker, entry, packageDir);
  }
}

function placeDiagnostic(
  source: ts.SourceFile,
  start: number,
  text: string | ts.DiagnosticMessageChain,
  code: number,
): FileDiagnostic {
  const { line, character } = source.getLineAndCharacterOfPosition(start);
  const message = ts
    .flattenDiagnosticMessageText(text, '\n')
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return { line, character, message, code };
}
