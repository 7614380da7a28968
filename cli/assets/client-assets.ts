/** The theme's bundled browser code and stylesheet, as `buildClientAssets` makes them and its cache keeps them. */
export interface ClientAssets {
  /** URLs (baseUrl applied) of the stylesheets and scripts every page loads. */
  css: string[];
  js: string[];
  /** Chunks the entry script imports statically, for `<link rel="modulepreload">`. */
  preload: string[];
  /** Output path (relative to the out dir) → contents. */
  files: Map<string, Uint8Array>;
  /** The site's own files the stylesheet was bundled from (`theme.customCss` and what they import), which dev watches. */
  siteInputs: string[];
}
