/**
 * The Markdown copy of an API page (`content.markdown`), written from the
 * same views the React templates render, built with the Markdown render
 * context (markdown-context.ts) rather than converted from the HTML: the
 * same headings (`##` sections, `###` members), signatures and declarations
 * in `ts` fences, parameters and type parameters as lists, `@example`
 * blocks fenced with their language, platform tags as text, deprecations as
 * `> **Deprecated:**` quotes, and absolute URLs for every link into the site.
 */
import type {
  EntityPageView,
  IndexGroupView,
  MemberView,
  PropertyRowView,
} from '../../templates/shared/api-view-types.js';
import type { ApiEntity, ApiModel } from '../api-model.js';
import type { ApiOptions } from './api-options.js';
import { buildEntityView } from './entity-view.js';
import { createMarkdownContext, type SiteAddress } from './markdown-context.js';
import { escapeMarkdownText, indent, toCodeFence, toInlineCode, toInlineType } from './markdown-text.js';
import { createPageContext } from './page-context.js';
import {
  writeBadges,
  writeCallout,
  writeDeprecated,
  writeLabelled,
  writeDocBody,
  writeDocExtras,
  writeSignature,
  writeSource,
  writeTypeParams,
} from './write-doc-markdown.js';

/** The Markdown copy of an entity's page; its diagnostics are the HTML page's, so they are not reported twice. */
export async function buildEntityMarkdown(
  entity: ApiEntity,
  model: ApiModel,
  options: ApiOptions,
  site: SiteAddress,
  path: string,
): Promise<string> {
  const pc = createPageContext(model, options, createMarkdownContext(site, path), path);
  return writeEntityMarkdown(entity.name, await buildEntityView(entity, pc));
}

/** Writes an entity page's view (built with the Markdown context) as Markdown, in the template's order. */
export function writeEntityMarkdown(title: string, view: EntityPageView): string {
  return joinBlocks([
    `# ${title}`,
    writeBadges(view.badges),
    ...writeDocBody(view.doc),
    view.hierarchy.map((h) => `**${h.label}:** ${h.types.map(toInlineType).join(', ')}`).join('\n\n'),
    view.declaration ? toCodeFence(view.declaration) : '',
    ...writeTypeParams(view.typeParameters, 2),
    ...view.signatures.flatMap((sig) => writeSignature(sig, 2)),
    ...writeDocExtras(view.doc, 2),
    ...(view.properties ? [`## ${view.properties.title}`, writePropertyRows(view.properties.rows)] : []),
    ...view.sections.flatMap((section) => [`## ${section.title}`, ...section.members.flatMap(writeMember)]),
    writeSource(view.source),
  ]);
}

/** One member under its `###` heading, as ApiMember shows it. */
function writeMember(member: MemberView): string[] {
  const inherited = member.inherited ? toInlineCode(member.inherited.name) : '';
  return [
    `### ${toInlineCode(member.headingText)}`,
    writeBadges(member.badges),
    member.code ? toCodeFence(member.code) : '',
    ...(member.doc ? writeDocBody(member.doc) : []),
    ...member.signatures.flatMap((sig) => writeSignature(sig, 4)),
    ...(member.doc ? writeDocExtras(member.doc, 4) : []),
    member.inherited
      ? `Inherited from ${member.inherited.href ? `[${inherited}](${member.inherited.href})` : inherited}`
      : '',
    member.signatures.length ? '' : writeSource(member.source),
  ];
}

/** An object type's members as a list: tight while none has a description. */
function writePropertyRows(rows: readonly PropertyRowView[]): string {
  const items = rows.map(writePropertyRow);
  return items.join(items.some((item) => item.includes('\n')) ? '\n\n' : '\n');
}

/** A member of an object type as a list item: name, type, flags, then its comment (as the table's cell). */
function writePropertyRow(row: PropertyRowView): string {
  const flags = [row.optional ? 'optional' : '', writeBadges(row.badges)].filter(Boolean).join(' · ');
  const head = `- ${toInlineCode(row.name)}${row.type.length ? `: ${toInlineType(row.type)}` : ''}${flags ? ` (${flags})` : ''}`;
  const { doc } = row;
  const body = joinBlocks([
    writeDeprecated(doc),
    doc.summaryHtml,
    ...doc.notesHtml.map((note) => writeCallout('Note', note)),
    doc.defaultHtml ? writeLabelled('Default', doc.defaultHtml) : '',
    ...doc.examplesHtml,
  ]);
  return body ? `${head}\n\n${indent(body.trimEnd())}` : head;
}

/** The API index's copy: its intro, then a list per kind of `[Name](absolute URL): summary`. */
export function writeIndexMarkdown(
  title: string,
  packageName: string,
  version: string,
  groups: readonly IndexGroupView[],
): string {
  return joinBlocks([
    `# ${title}`,
    `Reference of every export of ${toInlineCode(packageName)} ${version}, generated from its TypeScript sources.`,
    ...groups.flatMap((group) => [
      `## ${group.title}`,
      group.items
        .map(
          (item) =>
            `- [${item.name}](${item.href})${item.deprecated ? ' (deprecated)' : ''}${item.summary ? `: ${escapeMarkdownText(item.summary)}` : ''}`,
        )
        .join('\n'),
    ]),
  ]);
}

/** Blocks separated by a blank line, empty ones left out, ending with one newline. */
function joinBlocks(blocks: readonly string[]): string {
  // Leading spaces stay: a block may open with indented code.
  return `${blocks
    .map((block) => block.replace(/^\n+/, '').trimEnd())
    .filter(Boolean)
    .join('\n\n')}\n`;
}
