import * as z from 'zod';
import { MARKDOWN_FORMATS } from '../config/markdown-schema.js';
import { findIdProblem, findRouteTextProblem } from '../route-text.js';
import { LAST_UPDATE_HINT, lastUpdateSchema } from '../last-update/front-matter-date.js';

/** Refuses text that cannot become part of a route (see route-text.ts). */
const routeText = (findProblem: (text: string) => string | undefined) =>
  z.string().superRefine((text, ctx) => {
    const problem = findProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An author written in a post's front matter instead of a key of authors.yml. */
const blogAuthor = z.preprocess(
  // Front matter maps are read as Maps (no key can reach a prototype): the author's keys are read from it.
  (value) => (value instanceof Map ? Object.fromEntries(value) : value),
  z.strictObject({
    name: z.string().optional(),
    title: z.string().optional(),
    url: z.string().optional(),
    image_url: z.string().optional(),
    imageURL: z.string().optional(),
    key: z.string().optional(),
    email: z.string().optional(),
    socials: z.unknown().optional(),
  }),
);

/**
 * The front matter keys docsgen reads, each validated on its own, so a key of
 * the wrong type is dropped and reported while the others are kept. Other keys
 * (Docusaurus has many) are ignored.
 */
export const FRONT_MATTER_KEYS = {
  id: routeText(findIdProblem),
  title: z.string(),
  sidebar_label: z.string(),
  sidebar_position: z.number(),
  sidebar_class_name: z.string(),
  slug: routeText(findRouteTextProblem),
  description: z.string(),
  keywords: z.array(z.string()),
  image: z.string(),
  hide_title: z.boolean(),
  hide_table_of_contents: z.boolean(),
  toc_min_heading_level: z.number().int().min(2).max(6),
  toc_max_heading_level: z.number().int().min(2).max(6),
  draft: z.boolean(),
  unlisted: z.boolean(),
  /** How this file is compiled, whatever `markdown.format` says (Docusaurus's `format`). */
  format: z.enum(MARKDOWN_FORMATS),
  /** A blog post's date, authors and tags (cli/blog/; docs ignore them). */
  date: z.string(),
  authors: z.union([z.string(), blogAuthor, z.array(z.union([z.string(), blogAuthor]))]),
  tags: z.array(z.union([z.string(), z.looseObject({ label: z.string() })])),
  /** Docusaurus's older single-author keys, still common in real blogs (cli/blog/legacy-author.ts). */
  author: z.string(),
  author_title: z.string(),
  authorTitle: z.string(),
  author_url: z.string(),
  authorURL: z.string(),
  author_image_url: z.string(),
  authorImageURL: z.string(),
  /** When and by whom the page last changed, instead of what git says (Docusaurus's `last_update`). */
  last_update: lastUpdateSchema,
} satisfies Record<string, z.ZodType>;

/** What to do about a key of the wrong shape, for keys that need more than the documentation's table. */
export const FRONT_MATTER_HINTS: Partial<Record<FrontMatterKey, string>> = { last_update: LAST_UPDATE_HINT };

export type FrontMatterKey = keyof typeof FRONT_MATTER_KEYS;

/** Whether a key is one docsgen reads (an own key of the table, so `constructor` or `__proto__` never are). */
export function isFrontMatterKey(key: string): key is FrontMatterKey {
  return Object.hasOwn(FRONT_MATTER_KEYS, key);
}
