/**
 * Runs TypeDoc's converter on one entry point, quietly: its messages are
 * collected as warnings instead of being printed.
 */
import path from 'node:path';
import {
  Application,
  Converter,
  TypeScript as ts,
  Logger,
  LogLevel,
  OptionDefaults,
  type MinimalNode,
  type MinimalSourceFile,
  type Context,
  type ProjectReflection,
  type Reflection,
} from 'typedoc';
import type { ApiWarning } from '../api-model.js';

/** Block tags the library uses beyond TSDoc's own (they take content). */
export const CUSTOM_BLOCK_TAGS = ['@note', '@platform'] as const;
/** Modifier tags the library uses beyond TSDoc's own (they stand alone). */
export const CUSTOM_MODIFIER_TAGS = ['@worklet', '@component', '@method'] as const;

/** A logger that records messages with their place instead of printing them. */
class CollectingLogger extends Logger {
  readonly messages: (ApiWarning & { level: LogLevel })[] = [];
  private place: { file?: string; line?: number } = {};

  override log(message: string, level: LogLevel): void {
    super.log(message, level);
    if (level >= LogLevel.Warn) this.messages.push({ message, level, ...this.place });
    this.place = {};
  }

  protected override addContext(
    message: string,
    _level: Exclude<LogLevel, LogLevel.None>,
    ...args: [MinimalNode?] | [number, MinimalSourceFile]
  ): string {
    const [first, second] = args;
    const file = typeof first === 'number' ? second : first?.getSourceFile();
    const pos = typeof first === 'number' ? first : first?.getStart();
    if (file && pos !== undefined) {
      this.place = { file: file.fileName, line: file.getLineAndCharacterOfPosition(pos).line + 1 };
    }
    return message;
  }
}

export interface TypedocResult {
  project: ProjectReflection | undefined;
  warnings: ApiWarning[];
  errors: string[];
  /** Reflection id → `extends` clause texts as written (TypeDoc loses unresolved ones). */
  heritage: Map<number, string[]>;
}

/** Converts `entryPoint` (an absolute .ts/.tsx path) with TypeDoc. */
export async function runTypedoc(entryPoint: string): Promise<TypedocResult> {
  const app = await Application.bootstrap(
    {
      entryPoints: [entryPoint],
      readme: 'none',
      skipErrorChecking: true,
      // Files under node_modules are external by default; nothing is external here.
      externalPattern: [],
      excludePrivate: true,
      excludeInternal: true,
      disableGit: true,
      sourceLinkTemplate: '{path}#L{line}',
      blockTags: [...OptionDefaults.blockTags, ...CUSTOM_BLOCK_TAGS],
      modifierTags: [...OptionDefaults.modifierTags, ...CUSTOM_MODIFIER_TAGS],
      logLevel: 'Warn',
      compilerOptions: {
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        skipLibCheck: true,
        esModuleInterop: true,
        types: [],
      },
    },
    // No option readers: ignore any typedoc.json / tsconfig.json around the site.
    [],
  );
  const logger = new CollectingLogger();
  logger.level = LogLevel.Warn;
  app.logger = logger;
  const heritage = new Map<number, string[]>();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context: Context, reflection: Reflection) => {
    const texts = readExtendsClause(context, reflection);
    if (texts.length) heritage.set(reflection.id, texts);
  });
  const project = await app.convert();
  const toWarning = ({ message, file, line }: ApiWarning): ApiWarning => ({
    message,
    ...(file ? { file: path.normalize(file) } : {}),
    ...(line ? { line } : {}),
  });
  return {
    project,
    warnings: logger.messages.filter((m) => m.level === LogLevel.Warn).map(toWarning),
    heritage,
    errors: logger.messages.filter((m) => m.level >= LogLevel.Error).map((m) => m.message),
  };
}

/** The `extends` types of a class or interface declaration, as source text. */
function readExtendsClause(context: Context, reflection: Reflection): string[] {
  const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
  if (!declaration || !(ts.isClassDeclaration(declaration) || ts.isInterfaceDeclaration(declaration))) return [];
  return (declaration.heritageClauses ?? [])
    .filter((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
    .flatMap((clause) => clause.types.map((t) => t.getText()));
}
