import matter from 'gray-matter';
import { z } from 'zod';
import type { Diagnostic, FrontMatter } from '../types.js';

const frontMatterSchema = z.looseObject({
  id: z.string().regex(/^[^/\\]+$/, 'must not contain slashes').optional(),
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  slug: z
    .string()
    .refine((s) => !s.split('/').includes('..'), "must not contain '..' segments")
    .optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  image: z.string().optional(),
  hide_title: z.boolean().optional(),
  hide_table_of_contents: z.boolean().optional(),
  toc_min_heading_level: z.number().int().min(2).max(6).optional(),
  toc_max_heading_level: z.number().int().min(2).max(6).optional(),
  draft: z.boolean().optional(),
  unlisted: z.boolean().optional(),
});

export interface ParsedFrontMatter {
  frontMatter: FrontMatter;
  body: string;
  bodyLineOffset: number;
  diagnostics: Diagnostic[];
}

/** Splits a file into front matter and body, validating the known keys. */
export function parseFrontMatter(source: string, file: string): ParsedFrontMatter {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // An empty options object would make gray-matter cache by content; pass a fresh one.
    parsed = matter(source, {});
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return {
      // The body is still compiled, so the page exists for links and sidebars while this error fails the build.
      ...bodyAfterFrontMatter(source),
      frontMatter: {},
      diagnostics: [
        {
          severity: 'error',
          rule: 'invalid-front-matter',
          message: `invalid YAML front matter: ${reason}`,
          file,
          // gray-matter hands the YAML over starting with the opening `---` line's newline, and marks are 0-based.
          line: mark ? mark.line + 1 : 1,
          column: mark ? mark.column + 1 : 1,
          hint: 'fix the YAML between the two --- lines',
        },
      ],
    };
  }
  const prefix = source.length - parsed.content.length;
  const bodyLineOffset = source.slice(0, prefix).split('\n').length - 1;
  const result = frontMatterSchema.safeParse(parsed.data);
  if (result.success) {
    return { frontMatter: result.data as FrontMatter, body: parsed.content, bodyLineOffset, diagnostics: [] };
  }
  const diagnostics = result.error.issues.map((issue): Diagnostic => {
    const key = String(issue.path[0] ?? '');
    return {
      severity: 'error',
      rule: 'invalid-front-matter',
      message: `front matter ${issue.path.join('.')}: ${issue.message.replace(/^Invalid input: /, '')}`,
      file,
      line: findKeyLine(source, key),
      column: 1,
      hint: 'see "Front matter" in the README for the accepted keys and types',
    };
  });
  // Keys of the wrong type are dropped (and reported); the page keeps the others.
  const invalid = new Set(result.error.issues.map((issue) => issue.path[0]));
  const frontMatter = Object.fromEntries(Object.entries(parsed.data).filter(([key]) => !invalid.has(key))) as FrontMatter;
  return { frontMatter, body: parsed.content, bodyLineOffset, diagnostics };
}

/** The body of a file whose front matter is not valid YAML: everything after the closing `---`, if there is one. */
function bodyAfterFrontMatter(source: string): { body: string; bodyLineOffset: number } {
  const block = /^---[^\n]*\n(?:[\s\S]*?\n)?---[ \t]*(?:\n|$)/.exec(source);
  if (!block) return { body: '', bodyLineOffset: 0 };
  return { body: source.slice(block[0].length), bodyLineOffset: block[0].split('\n').length - 1 };
}

function findKeyLine(source: string, key: string): number {
  const lines = source.split('\n');
  const index = lines.findIndex((line, i) => i > 0 && line.startsWith(`${key}:`));
  return index === -1 ? 1 : index + 1;
}
