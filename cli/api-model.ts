/**
 * The API model: a plain-JSON description of a library's public API,
 * produced by `extractApi` from TypeDoc and consumed by `buildApiPages`, and
 * by the code-sample checker, which links the library's names in samples to
 * their API pages (so it lives here, below both stages).
 * Nothing here refers to TypeDoc objects, so the model can be cached as JSON.
 */

/** Bump whenever the shape of `ApiModel` changes, so old caches are ignored. */
export const MODEL_VERSION = 1;

/** The kinds of entity that get a page, in the order the site lists them. */
export const API_KINDS = ['class', 'function', 'interface', 'type-alias', 'variable'] as const;
export type ApiKind = (typeof API_KINDS)[number];

/** Where a link points: an entity page, optionally one member's anchor on it. */
export interface ApiTarget {
  kind: ApiKind;
  entity: string;
  /** Member name (exact case); the anchor is its lower-case form. */
  member?: string;
}

/** A place in the package's sources, relative to the package directory. */
export interface ApiSource {
  file: string;
  line: number;
}

/** One piece of TSDoc text. `text` parts are Markdown. */
export type ApiCommentPart =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | {
      kind: 'link';
      /** Text shown for the link. */
      text: string;
      /** `{@linkcode}` shows the text as code. */
      code: boolean;
      target?: ApiTarget;
      /** Set for links to a URL. */
      url?: string;
      /** The target as written, kept when it could not be resolved. */
      name?: string;
    };

/** A block tag such as `@example`, `@note`, `@platform` or `@throws`. */
export interface ApiBlockTag {
  tag: string;
  /** For `@param`/`@typeParam`. */
  name?: string;
  content: ApiCommentPart[];
}

/** A TSDoc comment. */
export interface ApiComment {
  summary: ApiCommentPart[];
  blockTags: ApiBlockTag[];
  /** Modifier tags such as `@worklet`, `@component`, `@method`. */
  modifiers: string[];
}

/** A TypeScript type, simplified to what the pages print. */
export type ApiType =
  | { kind: 'intrinsic'; name: string }
  /** `value` is printed source text: `'speed'`, `42`, `null`, `true`. */
  | { kind: 'literal'; value: string }
  | { kind: 'reference'; name: string; target?: ApiTarget; typeArguments?: ApiType[] }
  | { kind: 'array'; element: ApiType }
  | { kind: 'union' | 'intersection'; types: ApiType[] }
  | { kind: 'tuple'; elements: ApiType[] }
  | { kind: 'named-member'; name: string; optional: boolean; element: ApiType }
  | { kind: 'optional' | 'rest'; element: ApiType }
  | { kind: 'operator'; operator: string; target: ApiType }
  | { kind: 'query'; target: ApiType }
  | { kind: 'indexed'; object: ApiType; index: ApiType }
  | { kind: 'conditional'; check: ApiType; extends: ApiType; whenTrue: ApiType; whenFalse: ApiType }
  | { kind: 'predicate'; name: string; asserts: boolean; target?: ApiType }
  | { kind: 'template'; head: string; tail: [ApiType, string][] }
  | { kind: 'mapped'; parameter: string; constraint: ApiType; template: ApiType; readonly?: string; optional?: string }
  | { kind: 'object'; members: ApiMember[]; signatures: ApiSignature[]; indexSignatures: ApiSignature[] }
  | { kind: 'text'; text: string };

export interface ApiTypeParameter {
  name: string;
  constraint?: ApiType;
  default?: ApiType;
  comment?: ApiComment;
}

export interface ApiParameter {
  name: string;
  type?: ApiType;
  optional: boolean;
  rest: boolean;
  defaultValue?: string;
  comment?: ApiComment;
}

/** A call, construct, index, get or set signature. */
export interface ApiSignature {
  name: string;
  comment?: ApiComment;
  typeParameters: ApiTypeParameter[];
  parameters: ApiParameter[];
  returnType?: ApiType;
  source?: ApiSource;
}

export type ApiMemberKind = 'constructor' | 'property' | 'method' | 'accessor';

export interface ApiMemberFlags {
  optional?: boolean;
  readonly?: boolean;
  static?: boolean;
  abstract?: boolean;
  protected?: boolean;
}

/** A member of a class, interface or object type. */
export interface ApiMember {
  name: string;
  kind: ApiMemberKind;
  flags: ApiMemberFlags;
  comment?: ApiComment;
  source?: ApiSource;
  /** Property type. */
  type?: ApiType;
  defaultValue?: string;
  /** Constructor and method signatures. */
  signatures: ApiSignature[];
  getter?: ApiSignature;
  setter?: ApiSignature;
  /** `CameraError.code` and its page when it has one. */
  inheritedFrom?: { name: string; target?: ApiTarget };
}

/** One documented export: a page of the API reference. */
export interface ApiEntity {
  name: string;
  kind: ApiKind;
  comment?: ApiComment;
  source?: ApiSource;
  typeParameters: ApiTypeParameter[];
  /** Classes and interfaces. */
  members: ApiMember[];
  /** Functions. */
  signatures: ApiSignature[];
  /** Type aliases (the aliased type) and variables (the declared type). */
  type?: ApiType;
  /** Variables: the initializer when TypeDoc kept one. */
  defaultValue?: string;
  flags: { const?: boolean; abstract?: boolean };
  extendsTypes: ApiType[];
  implementsTypes: ApiType[];
}

/** A warning TypeDoc reported while converting. */
export interface ApiWarning {
  message: string;
  file?: string;
  line?: number;
}

/** The whole API of one package. */
export interface ApiModel {
  modelVersion: number;
  package: {
    name: string;
    version: string;
    /** Repository web URL, e.g. `https://github.com/owner/repo`. */
    repository?: string;
    /** Package directory inside the repository, from package.json `repository.directory`. */
    directory?: string;
    /** Package directory relative to the site root (for diagnostics). */
    dir: string;
  };
  entities: ApiEntity[];
  warnings: ApiWarning[];
}
