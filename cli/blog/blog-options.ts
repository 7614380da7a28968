import type { SiteConfig } from '../config/schema.js';

/** The config's `blog` options, when the blog is not turned off. */
export type BlogOptions = Exclude<SiteConfig['blog'], false>;
