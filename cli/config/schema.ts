import { bundledLanguages, bundledLanguagesInfo } from 'shiki/langs';
import { bundledThemes } from 'shiki/themes';
import * as z from 'zod';
import { SEVERITIES } from '../diagnostics.js';
import { markdownSettings } from './markdown-schema.js';
import { recordOf } from './own-record.js';
import { sidebarSchema } from './sidebar-schema.js';

const severity = z.enum(SEVERITIES);

/** The globals code samples compile with (`codeSamples.environment`; cli/samples/compiler-options.ts). */
export const SAMPLE_ENVIRONMENTS = ['react-native', 'dom'] as const;
export type SampleEnvironment = (typeof SAMPLE_ENVIRONMENTS)[number];

const navbarItem = z.strictObject({
  /** Docusaurus's name for a link item; the default. */
  type: z.literal('default').optional(),
  /** Text of the link. */
  label: z.string(),
  /** Internal path, relative to baseUrl (`docs/guides`). */
  to: z.string().optional(),
  /** External URL. */
  href: z.string().optional(),
  /** Which side of the navbar. */
  position: z.enum(['left', 'right']).default('left'),
  /** Accessible label, for icon links such as GitHub. */
  'aria-label': z.string().optional(),
});

/** One docs version's options (`docs.versions.<name>`), as Docusaurus names them. */
const docsVersionOptions = z.strictObject({
  label: z.string().optional(),
  /** URL segment under `routeBasePath` (default: the version's name; `next` for `current` when it is not the last version). */
  path: z.string().optional(),
  banner: z.enum(['none', 'unreleased', 'unmaintained']).optional(),
  /** Keeps the version's pages out of the sitemap and asks search engines not to index them. */
  noIndex: z.boolean().optional(),
  /** Accepted for compatibility: docsgen shows no version badge. */
  badge: z.boolean().optional(),
  /** Accepted for compatibility: ignored. */
  className: z.string().optional(),
});

/** Docusaurus's version dropdown: every docs version, linking to the page's doc in each. */
const versionDropdownItem = z.strictObject({
  type: z.literal('docsVersionDropdown'),
  position: z.enum(['left', 'right']).default('left'),
});

export type { SidebarItemConfig } from './sidebar-schema.js';

const footerLinkColumn = z.strictObject({
  title: z.string(),
  items: z.array(z.strictObject({ label: z.string(), to: z.string().optional(), href: z.string().optional() })),
});

/** A language shiki bundles, by id or alias (`bash`, `sh`); anything else would stop the highlighter at its first page. */
const shikiLanguage = z.string().superRefine((name, ctx) => {
  if (Object.hasOwn(bundledLanguages, name)) return;
  const hint = `use one of the languages shiki knows (an id or an alias): ${bundledLanguagesInfo.map((lang) => lang.id).join(', ')}`;
  ctx.addIssue({ code: 'custom', message: `unknown language '${name}'`, params: { hint } });
});

/** A theme shiki bundles. */
const shikiTheme = z.string().superRefine((name, ctx) => {
  if (Object.hasOwn(bundledThemes, name)) return;
  ctx.addIssue({
    code: 'custom',
    message: `unknown theme '${name}'`,
    params: { hint: `use one of shiki's themes: ${Object.keys(bundledThemes).join(', ')}` },
  });
});

export const configSchema = z.strictObject({
  /** Site title, shown in the navbar, the home hero and every document title. */
  title: z.string().min(1),
  /** One-line description of the site. */
  tagline: z.string().default(''),
  /** Production origin, e.g. `https://react-native-vision-camera.com` (no path). */
  url: z.url(),
  /** Path the site is served under; starts and ends with `/`. */
  baseUrl: z
    .string()
    .default('/')
    .refine((v) => v.startsWith('/') && v.endsWith('/'), {
      error: (issue) => `must start and end with '/': write '${`/${String(issue.input)}/`.replace(/\/{2,}/g, '/')}'`,
    }),
  /** Favicon path relative to `public/`. */
  favicon: z.string().optional(),
  /** GitHub owner, used for the edit and issue links. */
  organizationName: z.string().optional(),
  /** GitHub repository name. */
  projectName: z.string().optional(),
  /** Separator between page title and site title in `<title>`. */
  titleDelimiter: z.string().default('|'),
  /** Ask search engines not to index the site. */
  noIndex: z.boolean().default(false),
  /**
   * Folders copied as they are to the root of the site, relative to the site
   * root, in order (Docusaurus's key; its default is `['static']`).
   */
  staticDirectories: z.array(z.string().min(1)).min(1).default(['public']),
  /** Image used for Open Graph and Twitter cards, relative to `public/`. */
  image: z.string().optional(),

  navbar: z
    .strictObject({
      title: z.string().optional(),
      logo: z.strictObject({ alt: z.string(), src: z.string(), srcDark: z.string().optional() }).optional(),
      hideOnScroll: z.boolean().default(false),
      /** Docusaurus's `navbar.style`: `'dark'` is a dark navbar in both colour modes, `'primary'` one in the primary colour. */
      style: z.enum(['dark', 'primary']).optional(),
      items: z.array(z.discriminatedUnion('type', [navbarItem, versionDropdownItem])).default([]),
    })
    .default({ hideOnScroll: false, items: [] }),

  /**
   * The site's own look. `customCss`: stylesheets of the site's own code (Docusaurus's `theme.customCss`), relative
   * to the site root, bundled after the theme's (cli/assets/site-styles.ts), where Docusaurus's Infima variables
   * (`--ifm-color-primary`...) set the theme's colours and fonts. Trusted files the config names, like `components`.
   */
  theme: z
    .strictObject({ customCss: z.union([z.string().min(1), z.array(z.string().min(1))]).default([]) })
    .default({ customCss: [] }),

  footer: z
    .strictObject({
      style: z.enum(['light', 'dark']).default('dark'),
      links: z.array(footerLinkColumn).default([]),
      copyright: z.string().optional(),
    })
    .default({ style: 'dark', links: [] }),

  announcementBar: z
    .strictObject({
      /** Changing the id shows a dismissed bar again. */
      id: z.string(),
      /** HTML content. */
      content: z.string(),
      backgroundColor: z.string().default('#fafbfc'),
      textColor: z.string().default('#091E42'),
      isCloseable: z.boolean().default(true),
    })
    .optional(),

  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).default('light'),
      respectPrefersColorScheme: z.boolean().default(true),
      disableSwitch: z.boolean().default(false),
    })
    .default({ defaultMode: 'light', respectPrefersColorScheme: true, disableSwitch: false }),

  docs: z
    .strictObject({
      /** Folder of the docs, relative to the site root. */
      path: z.string().default('content/docs'),
      /** URL segment the docs live under. */
      routeBasePath: z.string().default('docs'),
      /**
       * Sidebars by name, Docusaurus shape (every item type, and the `{ 'Label': [items] }` shorthand). Unset: one
       * sidebar, `defaultSidebar`, autogenerated from the docs folder, as Docusaurus does; `{}`: no sidebar at all.
       */
      sidebars: recordOf(sidebarSchema).optional(),
      /** Prefix of "Edit this page" links; the doc's path (relative to the site root) is appended. */
      editUrl: z.string().optional(),
      /** The doc `/docs` sends readers to. */
      mainDocId: z.string().optional(),
      /**
       * Options of each docs version (Docusaurus names): `current` (the docs folder) or a name in versions.json.
       * A name that is neither is an error once versions.json is read (cli/versions/plan-versions.ts).
       */
      versions: recordOf(docsVersionOptions).default({}),
      /** The version served at `routeBasePath`: by default the first name in versions.json, else `current`. */
      lastVersion: z.string().optional(),
      /** Whether the docs folder (`current`) is built besides the versions of versions.json. */
      includeCurrentVersion: z.boolean().default(true),
      /** Build only these versions (names of versions.json, or `current`). */
      onlyIncludeVersions: z.array(z.string()).optional(),
      /** "Last updated on <date>" at the foot of each guide, from git history (front matter `last_update` overrides it). */
      showLastUpdateTime: z.boolean().default(true),
      /** Also name the author of the last change ("by <name>"). */
      showLastUpdateAuthor: z.boolean().default(false),
    })
    .default({
      path: 'content/docs',
      routeBasePath: 'docs',
      versions: {},
      includeCurrentVersion: true,
      showLastUpdateTime: true,
      showLastUpdateAuthor: false,
    }),

  /**
   * The site's own pages (Docusaurus's `src/pages`), when the folder exists: each `.md`/`.mdx` file is a page of
   * content (no sidebar), each `.tsx`/`.jsx`/`.ts`/`.js` file a React page (trusted code, rendered at build time).
   * `src/pages/help.md` is `/help`, `src/pages/x/index.mdx` is `/x`; `_` files and folders are not pages. `false`:
   * no pages.
   */
  pages: z
    .union([
      z.literal(false),
      z.strictObject({
        /** The pages folder, relative to the site root. */
        path: z.string().default('src/pages'),
        /** URL segment the pages live under (`/` by default, as on Docusaurus). */
        routeBasePath: z.string().default('/'),
        /** Files of the folder that are not pages (fast-glob patterns, relative to it), besides `_` files and folders. */
        exclude: z.array(z.string().min(1)).default([]),
        /**
         * React pages hydrated in the browser (interactive: state, effects, event handlers), each as one island
         * loaded once visible: `true` for every React page, or a list of page files relative to the folder
         * (`['index.tsx']`). `false`: static markup only, no script.
         */
        client: z.union([z.boolean(), z.array(z.string().min(1))]).default(false),
      }),
    ])
    .default({ path: 'src/pages', routeBasePath: '/', exclude: [], client: false }),

  /**
   * The blog (Docusaurus's `plugin-content-blog` options): on when its folder exists, unless `false`. Its logic is
   * in cli/blog/.
   */
  blog: z
    .union([
      z.literal(false),
      z.strictObject({
        /** Folder of the posts, relative to the site root. */
        path: z.string().default('blog'),
        /** URL segment the blog lives under. */
        routeBasePath: z.string().default('blog'),
        /** `'ALL'`: every post on one list page (Docusaurus's value). */
        postsPerPage: z.union([z.number().int().min(1), z.literal('ALL')]).default(10),
        blogTitle: z.string().default('Blog'),
        blogDescription: z.string().default('Blog'),
        showReadingTime: z.boolean().default(true),
        /** The authors' file, relative to the blog folder. */
        authorsMapPath: z.string().default('authors.yml'),
        /** How many recent posts the blog sidebar lists (0: no sidebar). */
        blogSidebarCount: z.union([z.number().int().min(0), z.literal('ALL')]).default(5),
        blogSidebarTitle: z.string().default('Recent posts'),
        /** `null`: no feed. */
        feedOptions: z
          .strictObject({
            type: z.union([z.array(z.enum(['rss', 'atom'])), z.enum(['rss', 'atom', 'all']), z.null()]).default('all'),
            title: z.string().optional(),
            description: z.string().optional(),
            copyright: z.string().optional(),
          })
          .default({ type: 'all' }),
      }),
    ])
    .default({
      path: 'blog',
      routeBasePath: 'blog',
      postsPerPage: 10,
      blogTitle: 'Blog',
      blogDescription: 'Blog',
      showReadingTime: true,
      authorsMapPath: 'authors.yml',
      blogSidebarCount: 5,
      blogSidebarTitle: 'Recent posts',
      feedOptions: { type: 'all' },
    }),

  /** API reference generated by typedoc from a package's sources. */
  api: z
    .strictObject({
      package: z.string(),
      entryPoint: z.string().optional(),
      /** The sidebar the API category is appended to; unset: the site's first sidebar (`defaultSidebar` without any). */
      sidebar: z.string().optional(),
      label: z.string().default('API'),
      routeBasePath: z.string().default('docs/api'),
      sourceLinkTemplate: z.string().optional(),
    })
    .optional(),

  sitemap: z
    .strictObject({
      filename: z.string().default('sitemap.xml'),
      changefreq: z.enum(['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never']).default('weekly'),
      priority: z.number().min(0).max(1).default(1),
      ignorePatterns: z.array(z.string()).default(['/tags/**']),
      /** `<lastmod>` of each page from its last update: a day (`date`), a full timestamp (`datetime`), or none (`false`/`null`). */
      lastmod: z.union([z.enum(['date', 'datetime']), z.literal(false), z.null()]).default('date'),
    })
    .default({
      filename: 'sitemap.xml',
      changefreq: 'weekly',
      priority: 1,
      ignorePatterns: ['/tags/**'],
      lastmod: 'date',
    }),

  /** A Markdown copy of every page at `<route>.md`, linked from its HTML page (`rel="alternate"`) and served for `Accept: text/markdown`. */
  markdownPages: z.boolean().default(true),
  /** `/llms.txt` and `/llms-full.txt` (the llmstxt.org format): the site's pages as Markdown for AI assistants. */
  llmsTxt: z.boolean().default(true),
  /** The menu next to each doc's title: copy page, view as Markdown, open in ChatGPT or Claude, edit this page. */
  pageActions: z.boolean().default(true),
  /** A 1200x630 social image per page, generated at build time (`og:image`, `twitter:image`); front matter `image` wins. */
  socialImages: z.boolean().default(true),
  /** JSON-LD in every page: `BreadcrumbList` from its breadcrumbs, `TechArticle` on guides. */
  structuredData: z.boolean().default(true),
  /** `robots.txt` naming the sitemap (a `robots.txt` in a static folder is published instead). */
  robotsTxt: z.boolean().default(true),

  highlight: z
    .strictObject({
      themes: z
        .strictObject({ light: shikiTheme, dark: shikiTheme })
        .default({ light: 'github-light-default', dark: 'github-dark-default' }),
      additionalLanguages: z.array(shikiLanguage).default([]),
    })
    .default({ themes: { light: 'github-light-default', dark: 'github-dark-default' }, additionalLanguages: [] }),

  markdown: markdownSettings,

  /**
   * The site's own React components content may use, by name: `{ BrowserWindow: 'src/components/BrowserWindow.tsx' }`.
   * Each module (inside the site root, never under the docs folder, `public/` or `node_modules/`) is trusted code:
   * its default export is rendered on the server at build time (cli/components/); one written
   * `{ path: 'src/…', client: true }` is also hydrated in the browser as a lazy island.
   */
  components: recordOf(
    z.union([z.string().min(1), z.strictObject({ path: z.string().min(1), client: z.boolean().default(false) })], {
      error:
        "a component is its module's path, 'src/components/X.tsx', or { path: 'src/components/X.tsx', client: true } to hydrate it in the browser",
    }),
  )
    .superRefine((components, ctx) => {
      for (const name of Object.keys(components)) {
        if (!/^[A-Z][A-Za-z0-9_]*$/.test(name))
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: `'${name}' is no component name: content uses it as <${name}>, so it starts with a capital letter and has only letters, digits and _`,
          });
      }
    })
    .default({}),

  toc: z
    .strictObject({
      minHeadingLevel: z.number().int().min(2).max(6).default(2),
      maxHeadingLevel: z.number().int().min(2).max(6).default(3),
    })
    .default({ minHeadingLevel: 2, maxHeadingLevel: 3 }),

  /** Home page content. */
  home: z
    .strictObject({
      features: z.array(z.strictObject({ title: z.string(), description: z.string() })).default([]),
      /** A short code sample shown on the home page. */
      codeSample: z.strictObject({ title: z.string().optional(), lang: z.string(), code: z.string() }).optional(),
      /** The hero's "Get started" link, a site path; by default the first doc of the first sidebar (what `/docs` redirects to). */
      getStartedTo: z.string().optional(),
    })
    .default({ features: [] }),

  onBrokenLinks: severity.default('throw'),
  onBrokenMarkdownLinks: severity.default('throw'),
  onBrokenAnchors: severity.default('warn'),
  onDuplicateRoutes: severity.default('warn'),
  /**
   * A `ts`/`tsx` code sample (or an API `@example`) that does not compile against the `api` package (rule
   * `code-sample-type-error`). A warning by default, so a site that turns checking on is not failed by it; `'throw'`
   * once `docsgen check` reports none.
   */
  onCodeSampleErrors: severity.default('warn'),

  /**
   * Code samples: `ts`/`tsx` blocks are type-checked against the `api` package's own types, and library names in
   * `ts`/`tsx`/`js`/`jsx` blocks link to their API pages with a popup of their type. Needs `api`.
   */
  codeSamples: z
    .strictObject({
      /** Type-check the samples and link API names (false: neither; the compiler never starts). */
      check: z.boolean().default(true),
      /** Where the shared preambles named by `setup=<name>` live (`<setupDir>/<name>.ts` or `.tsx`), inside the site root. */
      setupDir: z.string().default('content/code-setup'),
      /** Seconds type-checking may take before it is stopped and reported (content must never make a build hang). */
      timeout: z.number().positive().max(3600).default(60),
      /**
       * The globals samples compile with: `'react-native'` (React Native's own declarations: `console`, timers,
       * `fetch`, `__DEV__`; no DOM) or `'dom'` (a web page's: the browser's globals) for a web library's docs.
       */
      environment: z.enum(SAMPLE_ENVIRONMENTS).default('react-native'),
      /**
       * The library's own `@example` blocks, checked like guide samples only when this is set (`{}` checks them
       * with no setup): a library's TSDoc comes with its package, and the site may not own it.
       */
      apiExamples: z
        .strictObject({
          /** A preamble (a name in `setupDir`) prepended to every API example, as `setup=<name>` does for a guide's block. */
          setup: z.string().optional(),
          /** Examples not checked, each with the reason: `'Frame.toString'` (the documented entity and member) → why. */
          skip: recordOf(z.string().min(1, 'give the reason this example is not checked')).default({}),
        })
        .optional(),
    })
    .default({ check: true, setupDir: 'content/code-setup', timeout: 60, environment: 'react-native' }),

  search: z
    .union([
      z.strictObject({
        provider: z.literal('local'),
        /**
         * Groups of words a reader may use for one another (`[['photo', 'picture']]`): a query word finds its
         * group's other words and their forms as it finds its own forms. Single words, as the index splits text.
         */
        synonyms: z
          .array(
            z
              .array(z.string().regex(/^[\p{L}\p{N}_]+$/u, 'a synonym is one word: letters, digits or _'))
              .min(2, 'a group of synonyms has two words or more')
              .max(20),
          )
          .max(1000)
          .optional(),
      }),
      z.strictObject({
        provider: z.literal('algolia'),
        appId: z.string(),
        apiKey: z.string(),
        indexName: z.string(),
        contextualSearch: z.boolean().default(false),
        searchParameters: recordOf(z.unknown()).default({}),
        externalUrlRegex: z.string().optional(),
      }),
    ])
    .default({ provider: 'local' }),

  /** `docsgen check --external`. */
  externalLinks: z
    .strictObject({
      /**
       * Also request links to loopback, private (10/8, 172.16/12, 192.168/16,
       * fc00::/7), link-local, CGNAT and cloud metadata addresses, decided by
       * the addresses a name resolves to. Off by default: a link in an
       * untrusted pull request must not make CI reach the internal network.
       */
      allowPrivateNetworks: z.boolean().default(false),
      /**
       * Seconds the whole external check may take. Links come from content, and a
       * link that never answers costs its timeout and retries: once this time is
       * spent, the requests still running stop and every link not checked gets a
       * warning (`external-link-unchecked`), so a thousand dead links cannot hold CI for hours.
       */
      timeout: z.number().positive().max(86_400).default(180),
    })
    .default({ allowPrivateNetworks: false, timeout: 180 }),

  /** `docsgen dev` only. */
  dev: z
    .strictObject({
      /**
       * Host names the dev server answers for besides its own address and
       * `localhost` (a guard against DNS rebinding); `.example.com` also
       * allows its subdomains; `true` allows any host.
       */
      allowedHosts: z
        .union([
          z.array(
            z.string().regex(/^\.?[a-z0-9_.:[\]-]+$/i, 'expected a host name, such as docs.local or .example.com'),
          ),
          z.literal(true),
        ])
        .default([]),
    })
    .default({ allowedHosts: [] }),

  analytics: z
    .strictObject({
      gtag: z.strictObject({ trackingID: z.string(), anonymizeIP: z.boolean().default(false) }).optional(),
    })
    .default({}),
});

/** The config as written by the user (before defaults). */
export type UserConfig = z.input<typeof configSchema>;
/** The config after validation, with every default filled in. */
export type SiteConfig = z.output<typeof configSchema>;
