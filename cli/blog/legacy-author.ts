import type { BlogAuthorEntry, FrontMatter } from '../types.js';

/**
 * Docusaurus's older way to name a post's author: `author`, `author_title`, `author_url`, `author_image_url` (or
 * their camelCase forms `authorTitle`, `authorURL`, `authorImageURL`) in the front matter. Docusaurus still reads
 * them, and many real blogs were written with them: such a post shows its author instead of none. The entry is an
 * inline author, so its URLs pass the same checks as `authors` entries.
 */
export function legacyAuthor(fm: FrontMatter): BlogAuthorEntry | undefined {
  if (fm.author === undefined) return undefined;
  const title = fm.author_title ?? fm.authorTitle;
  const url = fm.author_url ?? fm.authorURL;
  const imageUrl = fm.author_image_url ?? fm.authorImageURL;
  return {
    name: fm.author,
    ...(title !== undefined ? { title } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(imageUrl !== undefined ? { image_url: imageUrl } : {}),
  };
}
