import * as z from 'zod';

/**
 * How `.md` and `.mdx` files are read (`markdown.format`): `'mdx'` compiles
 * both as MDX, as Docusaurus 3 does by default; `'detect'` reads `.md` as
 * CommonMark + GFM with raw HTML and `.mdx` as MDX; `'md'` reads both as
 * CommonMark. A doc's front matter `format:` overrides it for that file.
 */
export const MARKDOWN_FORMATS = ['mdx', 'detect', 'md'] as const;
export type MarkdownFormat = (typeof MARKDOWN_FORMATS)[number];

/** One word of a `class` attribute: a letter, `_` or `-` first, then letters, digits, `_` and `-`. */
const CLASS_WORD = /^[A-Za-z_-][\w-]*$/;
/** A magic comment's directive: what follows the comment opener (`highlight-next-line`). */
const DIRECTIVE = /^[\w][\w.:-]*$/;

/** Docusaurus's class for a highlighted line: a config copied from Docusaurus gets the theme's own highlighted line. */
const DOCUSAURUS_HIGHLIGHTED = 'theme-code-block-highlighted-line';

/**
 * A `class` attribute value the config gives a code line: words separated by
 * single spaces, so it can be written into the HTML as it is.
 */
const className = z
  .string()
  .superRefine((value, ctx) => {
    const words = value.split(' ');
    if (value.length > 0 && value.length <= 200 && words.every((w) => CLASS_WORD.test(w))) return;
    ctx.addIssue({
      code: 'custom',
      message: `'${value}' is not a class name`,
      params: {
        hint: "use CSS class names (letters, digits, '-' and '_', not starting with a digit), separated by single spaces",
      },
    });
  })
  .transform((value) =>
    value
      .split(' ')
      .map((word) => (word === DOCUSAURUS_HIGHLIGHTED ? 'highlighted' : word))
      .join(' '),
  );

const directive = z.string().superRefine((value, ctx) => {
  if (value.length <= 100 && DIRECTIVE.test(value)) return;
  ctx.addIssue({
    code: 'custom',
    message: `'${value}' cannot be a magic comment`,
    params: { hint: "write one word of letters, digits, '-', '_', '.' or ':' (like 'highlight-next-line')" },
  });
});

/** A magic comment, in the shape of Docusaurus's `prism.magicComments`: the class a line gets, and the comments that mark it. */
export const magicComment = z
  .strictObject({
    /** Class of the marked lines (`highlighted` is the theme's highlighted line). */
    className,
    /** A comment that marks the next line (`highlight-next-line`). */
    line: directive.optional(),
    /** Comments that mark the lines between them (`highlight-start`, `highlight-end`). */
    block: z.strictObject({ start: directive, end: directive }).optional(),
  })
  .refine((entry) => entry.line !== undefined || entry.block !== undefined, {
    message: 'a magic comment needs `line`, `block` or both',
    params: { hint: "add line: 'name-next-line' or block: {start: 'name-start', end: 'name-end'}" },
  });

export type MagicComment = z.infer<typeof magicComment>;

/** Docusaurus's default: the theme's highlighted line, by `highlight-next-line` and `highlight-start`/`highlight-end`. */
export const DEFAULT_MAGIC_COMMENTS: MagicComment[] = [
  { className: 'highlighted', line: 'highlight-next-line', block: { start: 'highlight-start', end: 'highlight-end' } },
];

/** An admonition keyword: a directive name as remark-directive reads one (a letter, then letters, digits, `-`, `_`). */
const ADMONITION_KEYWORD = /^[A-Za-z][\w-]*$/;

/** Whether a word can be an admonition keyword (`markdown.admonitions.keywords`). */
export function isAdmonitionKeyword(value: string): boolean {
  return value.length <= 50 && ADMONITION_KEYWORD.test(value);
}

const admonitionKeyword = z.string().superRefine((value, ctx) => {
  if (isAdmonitionKeyword(value)) return;
  ctx.addIssue({
    code: 'custom',
    message: `'${value}' cannot be an admonition keyword`,
    params: {
      hint: "write the word content puts after ':::' (a letter, then letters, digits, '-' or '_'), like 'release'",
    },
  });
});

/**
 * The admonitions' settings, in the shape of Docusaurus's docs option `admonitions`: `keywords` are
 * the types a site adds besides the theme's (a plugin or swizzled theme of a Docusaurus site drew
 * them); content using one gets the neutral look, titled with the word, and no warning.
 */
export const admonitionSettings = z
  .strictObject({ keywords: z.array(admonitionKeyword).max(100).default([]) })
  .default({ keywords: [] });

/** The `markdown` settings. */
export const markdownSettings = z
  .strictObject({
    /**
     * Trust everything under `content/`: pages keep the HTML content writes as it is, `<script>`, event
     * handlers and `javascript:` URLs included. Off by default: pages are sanitised, so a pull request
     * cannot put script in the site. Turn it on only if every change to content is reviewed like code;
     * `docsgen check` says so in its summary.
     */
    trustContent: z.boolean().default(false),
    /** How `.md` files are read: as MDX (`'mdx'`, Docusaurus 3's default), by extension (`'detect'`), or all as CommonMark (`'md'`). */
    format: z.enum(MARKDOWN_FORMATS).default('mdx'),
    /** Comments in code blocks that mark lines and are removed from the shown code; replaces the default list when set. */
    magicComments: z.array(magicComment).max(50).default(DEFAULT_MAGIC_COMMENTS),
    /** ` ```bash npm2yarn ` blocks become npm / Yarn / pnpm tabs. */
    npm2yarn: z.boolean().default(true),
    /** `:::word` types besides the theme's (Docusaurus's `admonitions.keywords`). */
    admonitions: admonitionSettings,
  })
  .default({
    trustContent: false,
    format: 'mdx',
    magicComments: DEFAULT_MAGIC_COMMENTS,
    npm2yarn: true,
    admonitions: { keywords: [] },
  });
