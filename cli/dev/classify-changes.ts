import path from 'node:path';

/** Which parts of the site a batch of changed files touches. */
export interface ChangeSet {
  config: boolean;
  content: boolean;
  public: boolean;
  /** `templates/styles/` or the site's custom CSS: rebuild the stylesheet, swap it in place. */
  styles: boolean;
  /**
   * `templates/client/`, and the theme and its contract (`templates/theme/`, `templates/shared/`), which the browser
   * bundle holds too (the islands, their hooks, the search terms): rebuild the browser bundle.
   */
  client: boolean;
  /** The server theme and what it reads (`templates/theme/`, `templates/shared/`, `templates/og/`): reload the render layer. */
  templates: boolean;
  /** `codeSamples.setupDir`: the samples that use a setup are checked again. */
  setups: boolean;
  /** A file the site components are bundled from: bundle them again, render the pages that use them again. */
  components: boolean;
  /** A file of the pages folder (src/pages), or one the React pages are bundled from: load the pages again. */
  pages: boolean;
}

export interface WatchedFolders {
  configFile: string;
  docsDir: string;
  /** Docusaurus's versions files and folders (versions.json, versioned_docs/, versioned_sidebars/): content too. */
  versionPaths?: string[];
  /** The static folders (`staticDirectories`). */
  staticDirs: string[];
  templatesDir: string;
  /** `codeSamples.setupDir`, when samples are checked. */
  setupDir?: string;
  /** The files the site components' bundle was made from (absolute). */
  componentInputs?: ReadonlySet<string>;
  /** The site's own files its stylesheet was bundled from (`theme.customCss`, what they import; absolute). */
  styleInputs?: ReadonlySet<string>;
  /** The pages folder (src/pages), and the files its React pages were bundled from (absolute). */
  pagesDir?: string;
  pageInputs?: ReadonlySet<string>;
}

/** The theme's folders whose modules the browser bundle imports as well as the server. */
const BUNDLED_THEME = ['theme', 'shared'];

/** Sorts changed absolute paths by what depends on them. */
export function classifyChanges(files: string[], folders: WatchedFolders): ChangeSet {
  const set: ChangeSet = {
    config: false,
    content: false,
    public: false,
    styles: false,
    client: false,
    templates: false,
    setups: false,
    components: false,
    pages: false,
  };
  const inside = (dir: string, file: string) => {
    const rel = path.relative(dir, file);
    // The folder itself counts too: `public/` replaced, or linked elsewhere.
    return !rel.startsWith('..') && !path.isAbsolute(rel);
  };
  for (const file of files) {
    // Besides what else it is: a component a React page imports is bundled into both.
    if (folders.pageInputs?.has(file) || (folders.pagesDir && inside(folders.pagesDir, file))) set.pages = true;
    if (file === folders.configFile) set.config = true;
    else if (folders.componentInputs?.has(file)) set.components = true;
    else if (folders.styleInputs?.has(file)) set.styles = true;
    else if (folders.setupDir && inside(folders.setupDir, file)) set.setups = true;
    else if (inside(folders.docsDir, file) || folders.versionPaths?.some((p) => inside(p, file))) set.content = true;
    else if (folders.staticDirs.some((dir) => inside(dir, file))) set.public = true;
    else if (inside(path.join(folders.templatesDir, 'styles'), file)) set.styles = true;
    else if (inside(path.join(folders.templatesDir, 'client'), file)) set.client = true;
    else if (inside(folders.templatesDir, file)) {
      set.templates = true;
      // The islands (a theme component hydrated in the browser), their hooks and the shared modules are bundled too.
      if (BUNDLED_THEME.some((dir) => inside(path.join(folders.templatesDir, dir), file))) set.client = true;
    }
  }
  return set;
}
