/**
 * The `@example` blocks of the API reference, as its pages show them, for the
 * code-sample checker: each with the name `codeSamples.apiExamples.skip` knows
 * it by (`Frame.toString`, or `Camera` for the entity's own) and the place of
 * the declaration it documents.
 */
import { findSamples } from '../samples/find-samples.js';
import type { ApiComment, ApiEntity, ApiMember, ApiModel, ApiSource } from '../api-model.js';
import type { ApiOptions } from './api-options.js';
import { toMarkdown } from './comment-markdown.js';
import { readCodeTag } from './doc-view.js';
import { createPageContext, type ApiRenderContext } from './page-context.js';

/** One code block of an `@example`. */
export interface ApiExampleBlock {
  lang: string;
  /** As the page's fence has it (a lone block gets the meta its highlighting is given: see `highlightMeta`). */
  meta: string;
  code: string;
}

/** One `@example` tag of a documented declaration. */
export interface ApiExample {
  /** `Entity` (its own comment, its call signatures) or `Entity.member`. */
  name: string;
  /** An inherited member's example is its origin's too (`Frame.toString` for `DrawableFrame.toString`). */
  inheritedFrom?: string;
  /** The declaration whose comment holds the example, relative to the package directory. */
  source?: ApiSource;
  /** A lone fenced block (highlighted as it is), or the code blocks of the tag's Markdown. */
  lone: boolean;
  blocks: ApiExampleBlock[];
}

/** A comment an API page shows, and whose it is. */
interface ShownComment {
  name: string;
  inheritedFrom?: string;
  comment: ApiComment | undefined;
  source?: ApiSource;
}

/**
 * Every `@example` the API pages show, in page order: those of each entity's
 * comment and call signatures, and of its members (a method's on each of its
 * signatures) and of the members of the object type it declares.
 * `highlightMeta` is the meta the pages' highlighting gives a lone block
 * (`setup=<name>`), so the checker's key of the block is the page's.
 */
export function collectApiExamples(
  model: ApiModel,
  options: ApiOptions,
  highlightMeta: string,
  url: (path: string) => string,
): ApiExample[] {
  // Only toMarkdown runs: it needs the links' hrefs, never the rendering.
  const render: ApiRenderContext = { renderMarkdown: () => Promise.resolve(''), highlight: () => '', url };
  const examples: ApiExample[] = [];
  for (const entity of model.entities) {
    const pc = createPageContext(model, options, render, '');
    for (const shown of shownComments(entity)) {
      for (const tag of shown.comment?.blockTags ?? []) {
        if (tag.tag !== '@example') continue;
        const markdown = toMarkdown(tag.content, pc, shown.source).trim();
        const lone = readCodeTag(markdown);
        const blocks = lone
          ? [{ ...lone, meta: highlightMeta }]
          : findSamples(markdown).map(({ lang, meta, code }) => ({ lang, meta, code }));
        const { name, inheritedFrom, source } = shown;
        examples.push({
          name,
          ...(inheritedFrom ? { inheritedFrom } : {}),
          ...(source ? { source } : {}),
          lone: !!lone,
          blocks,
        });
      }
    }
  }
  return examples;
}

/** The comments an entity's page shows, as entity-view.ts and member-view.ts pick them. */
function shownComments(entity: ApiEntity): ShownComment[] {
  const own: ShownComment[] = [
    { name: entity.name, comment: entity.comment, source: entity.source },
    ...entity.signatures.map((sig) => ({
      name: entity.name,
      comment: sig.comment,
      source: sig.source ?? entity.source,
    })),
  ];
  // An object type's members are table rows: one comment each, as a class's properties.
  const rows =
    entity.type?.kind === 'object' ? entity.type.members.map((member) => memberComment(entity.name, member)) : [];
  return [...own, ...entity.members.flatMap((member) => sectionComments(entity.name, member)), ...rows];
}

/** A member's section: a method shows each signature's comment, any other member one comment. */
function sectionComments(owner: string, member: ApiMember): ShownComment[] {
  if (member.kind !== 'method' && member.kind !== 'constructor') return [memberComment(owner, member)];
  return member.signatures.map((sig) => ({
    ...namesOf(owner, member),
    comment: sig.comment,
    source: sig.source ?? member.source,
  }));
}

function memberComment(owner: string, member: ApiMember): ShownComment {
  return {
    ...namesOf(owner, member),
    comment: member.comment ?? member.signatures[0]?.comment ?? member.getter?.comment,
    source: member.source,
  };
}

function namesOf(owner: string, member: ApiMember): Pick<ShownComment, 'name' | 'inheritedFrom'> {
  return {
    name: `${owner}.${member.name}`,
    ...(member.inheritedFrom ? { inheritedFrom: member.inheritedFrom.name } : {}),
  };
}
