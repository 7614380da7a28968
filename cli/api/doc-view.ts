/**
 * Renders TSDoc comments (summary and block tags) into `DocView`s and badges.
 */
import type { BadgeView, DocView } from '../../templates/shared/api-view-types.js';
import { escapeHtml } from '../strings.js';
import type { ApiBlockTag, ApiComment, ApiSource } from '../api-model.js';
import { toMarkdown } from './comment-markdown.js';
import type { PageContext } from './page-context.js';

/** Tags rendered elsewhere (parameters, returns, badges) or never shown. */
const HANDLED_ELSEWHERE = new Set([
  '@param',
  '@typeParam',
  '@template',
  '@returns',
  '@return',
  '@platform',
  '@privateRemarks',
  '@hidden',
  '@ignore',
]);
const MODIFIER_BADGES: Record<string, BadgeView> = {
  '@worklet': { label: 'Worklet', variant: 'worklet', title: 'Runs on the Frame Processor (worklet) thread' },
  '@component': { label: 'Component', variant: 'kind', title: 'A React component' },
  '@method': { label: 'Method', variant: 'kind' },
  '@beta': { label: 'Beta', variant: 'warning' },
  '@alpha': { label: 'Alpha', variant: 'warning' },
  '@experimental': { label: 'Experimental', variant: 'warning' },
};

/** An empty DocView. */
export function createEmptyDoc(): DocView {
  return { summaryHtml: '', notesHtml: [], throwsHtml: [], seeHtml: [], examplesHtml: [], otherTags: [] };
}

/** Renders the summary and block tags of a comment through the site's Markdown pipeline. */
export async function renderDoc(
  comment: ApiComment | undefined,
  pc: PageContext,
  source?: ApiSource,
): Promise<DocView> {
  const doc = createEmptyDoc();
  if (!comment) return doc;
  const md = (tag: ApiBlockTag) => renderMarkdown(toMarkdown(tag.content, pc, source), pc);
  const jobs: Promise<void>[] = [
    renderMarkdown(toMarkdown(comment.summary, pc, source), pc).then((h) => void (doc.summaryHtml = h)),
  ];
  const lists = {
    notes: [] as Promise<string>[],
    throws: [] as Promise<string>[],
    see: [] as Promise<string>[],
    examples: [] as Promise<string>[],
  };
  const others: Promise<{ title: string; html: string }>[] = [];
  for (const tag of comment.blockTags) {
    if (HANDLED_ELSEWHERE.has(tag.tag)) continue;
    if (tag.tag === '@note') lists.notes.push(md(tag));
    else if (tag.tag === '@throws') lists.throws.push(md(tag));
    else if (tag.tag === '@see') lists.see.push(md(tag));
    else if (tag.tag === '@example') lists.examples.push(renderCodeTag(tag, pc, source, 'block'));
    else if (tag.tag === '@default' || tag.tag === '@defaultValue')
      jobs.push(renderCodeTag(tag, pc, source, 'inline').then((h) => void (doc.defaultHtml = h)));
    else if (tag.tag === '@remarks') jobs.push(md(tag).then((h) => void (doc.remarksHtml = h)));
    else if (tag.tag === '@deprecated') jobs.push(md(tag).then((h) => void (doc.deprecatedHtml = h)));
    else others.push(md(tag).then((html) => ({ title: getTagTitle(tag), html })));
  }
  await Promise.all(jobs);
  doc.notesHtml = await Promise.all(lists.notes);
  doc.throwsHtml = await Promise.all(lists.throws);
  doc.seeHtml = await Promise.all(lists.see);
  doc.examplesHtml = await Promise.all(lists.examples);
  doc.otherTags = await Promise.all(others);
  return doc;
}

/** Renders the content of one block tag (e.g. `@returns`) as HTML, or '' when absent. */
export async function renderTagContent(
  comment: ApiComment | undefined,
  tagName: string,
  pc: PageContext,
  source?: ApiSource,
): Promise<string> {
  const tag = comment?.blockTags.find((b) => b.tag === tagName);
  return tag ? renderMarkdown(toMarkdown(tag.content, pc, source), pc) : '';
}

async function renderMarkdown(markdown: string, pc: PageContext): Promise<string> {
  return markdown.trim() ? pc.render.renderMarkdown(markdown.trim()) : '';
}

/**
 * `@example` and `@default`: a lone fenced block is highlighted directly
 * (a one-line `@default` becomes inline code); anything else is Markdown.
 */
async function renderCodeTag(
  tag: ApiBlockTag,
  pc: PageContext,
  source: ApiSource | undefined,
  mode: 'block' | 'inline',
): Promise<string> {
  const markdown = toMarkdown(tag.content, pc, source).trim();
  const block = readCodeTag(markdown);
  if (!block) return renderMarkdown(markdown, pc);
  if (mode === 'inline' && !block.code.includes('\n'))
    return pc.render.inlineCode ? pc.render.inlineCode(block.code) : `<code>${escapeHtml(block.code)}</code>`;
  return pc.render.highlight(block.code, block.lang);
}

/**
 * The code block an `@example` or `@default` shows highlighted as it is: its
 * Markdown is one fenced block (language `ts` when it names none). Otherwise
 * undefined, and the tag is shown as Markdown. The code-sample checker reads
 * `@example`s the same way (api-examples.ts).
 */
export function readCodeTag(markdown: string): { lang: string; code: string } | undefined {
  const fence = readLoneFence(markdown);
  if (!fence || fence.code.includes('```')) return undefined;
  return { lang: fence.lang || 'ts', code: fence.code.trimEnd() };
}

/**
 * The language and code of a text that is one fenced block from its first
 * character to its last (` ```ts ` … ` ``` `), read by a scan rather than a
 * pattern whose language and info-string parts overlapped.
 */
function readLoneFence(markdown: string): { lang: string; code: string } | undefined {
  const newline = markdown.indexOf('\n');
  if (!markdown.startsWith('```') || !markdown.endsWith('```') || newline === -1) return undefined;
  let langEnd = 3;
  while (langEnd < newline && /[\w-]/.test(markdown[langEnd]!)) langEnd++;
  const code = markdown.slice(newline + 1, markdown.length - 3);
  return { lang: markdown.slice(3, langEnd), code: code.endsWith('\n') ? code.slice(0, -1) : code };
}

function getTagTitle(tag: ApiBlockTag): string {
  const name = tag.tag.replace(/^@/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Badges for `@platform`, `@deprecated` and modifier tags such as `@worklet`. */
export function getCommentBadges(comment: ApiComment | undefined): BadgeView[] {
  if (!comment) return [];
  const badges: BadgeView[] = [];
  for (const tag of comment.blockTags) {
    if (tag.tag !== '@platform') continue;
    const text = tag.content
      .map((p) => p.text)
      .join('')
      .replace(/`/g, '')
      .trim();
    for (const platform of text
      .split(/,|\/|\band\b/)
      .map((p) => p.trim())
      .filter(Boolean))
      badges.push(getPlatformBadge(platform));
  }
  for (const modifier of comment.modifiers) {
    const badge = MODIFIER_BADGES[modifier];
    if (badge) badges.push(badge);
  }
  if (comment.blockTags.some((tag) => tag.tag === '@deprecated'))
    badges.push({ label: 'Deprecated', variant: 'deprecated' });
  return badges;
}

function getPlatformBadge(platform: string): BadgeView {
  const variant = /^ios/i.test(platform) ? 'ios' : /^android/i.test(platform) ? 'android' : 'platform';
  return { label: platform, variant, title: `Only available on ${platform}` };
}
