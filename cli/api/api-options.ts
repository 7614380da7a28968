/**
 * Options of the API reference stage and its error type.
 */

/** How the site's config describes the API reference. */
export interface ApiOptions {
  /** npm package to document, resolved from the site root. */
  package: string;
  /** TypeScript entry point relative to the package directory (default: package.json `source`/`react-native`, else `src/index.ts`). */
  entryPoint?: string;
  /** Sidebar the API pages belong to (unset: the site's first). */
  sidebar?: string;
  /** Label of the sidebar category, e.g. `API`. */
  label: string;
  /** Route prefix of the API pages, e.g. `docs/api`. */
  routeBasePath: string;
  /**
   * "Defined in" link template with `{version}`, `{path}` (relative to the package) and `{line}`.
   * Default: `<repository>/blob/v{version}/<repository.directory>/{path}#L{line}` from package.json.
   */
  sourceLinkTemplate?: string;
}

/** The API reference cannot be built; `hint` says what to do about it. */
export class ApiError extends Error {
  readonly hint: string;

  constructor(message: string, hint: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.hint = hint;
  }
}
