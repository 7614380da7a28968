/**
 * Writes the parts of an API page's Markdown copy that mirror the templates'
 * comment blocks (ApiDocBody, ApiDocExtras, ApiBadges, ApiSignature), from
 * views built with the Markdown render context (markdown-context.ts): their
 * `…Html` fields hold Markdown there.
 */
import type {
  BadgeView,
  DocView,
  ParamView,
  SignatureView,
  SourceView,
  TypeParamView,
} from '../../templates/shared/api-view-types.js';
import { escapeMarkdownText, indent, toBlockquote, toCodeFence, toInlineCode, toInlineType } from './markdown-text.js';

const PLATFORM_VARIANTS = new Set(['ios', 'android', 'platform']);

/** Badges as one line of text: `**Class** · Platforms: iOS, Android · Deprecated`. */
export function writeBadges(badges: readonly BadgeView[]): string {
  const parts: (string | undefined)[] = [];
  const platforms: string[] = [];
  for (const badge of badges) {
    const label = escapeMarkdownText(badge.label);
    if (!PLATFORM_VARIANTS.has(badge.variant)) parts.push(badge.variant === 'kind' ? `**${label}**` : label);
    // The platforms are said together, where the first one is.
    else if (platforms.push(label) === 1) parts.push(undefined);
  }
  return parts.map((part) => part ?? `Platforms: ${platforms.join(', ')}`).join(' · ');
}

/** `**Label:** text`; a text that opens with a block (code, list, quote) starts on a line of its own. */
export function writeLabelled(label: string, markdown: string): string {
  const inline = markdown && !/^(```|~~~|[-*+] |\d+\. |>|#|\|)/.test(markdown);
  return inline ? `**${label}:** ${markdown}` : `**${label}:**${markdown ? `\n\n${markdown}` : ''}`;
}

/** A labelled callout: `> **Deprecated:** …`, `> **Note:** …`. */
export function writeCallout(label: string, markdown: string): string {
  return toBlockquote(writeLabelled(label, markdown));
}

/** The deprecation notice. */
export function writeDeprecated(doc: DocView): string {
  return doc.deprecatedHtml === undefined
    ? ''
    : writeCallout('Deprecated', doc.deprecatedHtml || 'This API is deprecated.');
}

/** Deprecation, summary, remarks, notes and default value, as ApiDocBody shows them. */
export function writeDocBody(doc: DocView): string[] {
  return [
    writeDeprecated(doc),
    doc.summaryHtml,
    doc.remarksHtml ?? '',
    ...doc.notesHtml.map((note) => writeCallout('Note', note)),
    doc.defaultHtml ? writeLabelled('Default', doc.defaultHtml) : '',
  ];
}

/** A label heading (`Parameters`, `Returns`, `Example`) at the level the page shows it. */
function writeLabel(level: number, title: string): string {
  return `${'#'.repeat(level)} ${title}`;
}

function writeItems(level: number, title: string, items: readonly string[]): string[] {
  if (!items.length) return [];
  return [
    writeLabel(level, title),
    items.length === 1 ? items[0]! : items.map((item) => `- ${indent(item).trimStart()}`).join('\n'),
  ];
}

/** Throws, other tags, see-also and examples, as ApiDocExtras shows them. */
export function writeDocExtras(doc: DocView, level: number): string[] {
  return [
    ...writeItems(level, 'Throws', doc.throwsHtml),
    ...doc.otherTags.flatMap((tag) => writeItems(level, tag.title, [tag.html])),
    ...writeItems(level, 'See', doc.seeHtml),
    ...(doc.examplesHtml.length
      ? [writeLabel(level, doc.examplesHtml.length > 1 ? 'Examples' : 'Example'), ...doc.examplesHtml]
      : []),
  ];
}

/** A list item whose description follows on its line when it is one line, else indented below. */
function writeListItem(head: string, description: string): string {
  if (!description) return `- ${head}`;
  return description.includes('\n') ? `- ${head}\n\n${indent(description)}` : `- ${head}: ${description}`;
}

/** Type parameters as a list: name, constraint, default, description. */
export function writeTypeParams(params: readonly TypeParamView[], level: number): string[] {
  if (!params.length) return [];
  const items = params.map((p) => {
    const constraint = p.constraint ? ` extends ${toInlineType(p.constraint)}` : '';
    const fallback = p.defaultType ? ` = ${toInlineType(p.defaultType)}` : '';
    return writeListItem(`${toInlineCode(p.name)}${constraint}${fallback}`, p.descriptionHtml);
  });
  return [writeLabel(level, 'Type parameters'), items.join('\n')];
}

/** Parameters as a list: name, type, optional/default, description. */
export function writeParams(params: readonly ParamView[], level: number): string[] {
  if (!params.length) return [];
  const items = params.map((p) => {
    const type = p.type.length ? `: ${toInlineType(p.type)}` : '';
    const flags = [p.optional ? 'optional' : '', p.defaultValue ? `default ${toInlineCode(p.defaultValue)}` : '']
      .filter(Boolean)
      .join(', ');
    return writeListItem(`${toInlineCode(p.name)}${type}${flags ? ` (${flags})` : ''}`, p.descriptionHtml);
  });
  return [writeLabel(level, 'Parameters'), items.join('\n')];
}

/** "Defined in", linked to the source when there is a template. */
export function writeSource(source: SourceView | undefined): string {
  if (!source) return '';
  return source.href
    ? `Defined in [${escapeMarkdownText(source.label)}](${source.href})`
    : `Defined in ${toInlineCode(source.label)}`;
}

/** One call signature, as ApiSignature shows it; `level` is its labels' heading level. */
export function writeSignature(sig: SignatureView, level: number): string[] {
  const labels = sig.heading ? level + 1 : level;
  return [
    sig.heading ? `${'#'.repeat(level)} ${sig.heading.text}` : '',
    sig.badges.length ? writeBadges(sig.badges) : '',
    toCodeFence(sig.code),
    ...writeDocBody(sig.doc),
    ...writeTypeParams(sig.typeParameters, labels),
    ...writeParams(sig.parameters, labels),
    ...(sig.returns ? [writeLabel(labels, 'Returns'), toInlineType(sig.returns.type), sig.returns.html] : []),
    ...writeDocExtras(sig.doc, labels),
    writeSource(sig.source),
  ];
}
