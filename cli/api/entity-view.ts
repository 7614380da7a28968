/**
 * Builds the view of one entity page (class, interface, function, type alias, variable).
 */
import type { BadgeView, CodeToken, EntityPageView, SectionView } from '../../templates/shared/api-view-types.js';
import type { ApiEntity, ApiMemberKind, ApiType } from '../api-model.js';
import { KIND_LABELS } from './api-paths.js';
import { getCommentBadges, renderDoc } from './doc-view.js';
import { createIdRegistry, type IdRegistry } from './id-registry.js';
import { buildMemberView, buildPropertyRows } from './member-view.js';
import { getSourceView, type PageContext } from './page-context.js';
import { buildSignatureView, buildTypeParamViews } from './signature-view.js';
import { printCallSignature, printType, printTypeParameters, t } from './type-tokens.js';

/** Member sections in page order, with their h2 ids. */
const SECTIONS: { kind: ApiMemberKind; id: string; title: string }[] = [
  { kind: 'constructor', id: 'constructors', title: 'Constructors' },
  { kind: 'property', id: 'properties', title: 'Properties' },
  { kind: 'method', id: 'methods', title: 'Methods' },
  { kind: 'accessor', id: 'accessors', title: 'Accessors' },
];
const RESERVED_IDS = [...SECTIONS.map((s) => s.id), 'type-parameters'];

/** Builds everything an entity page shows. */
export async function buildEntityView(entity: ApiEntity, pc: PageContext): Promise<EntityPageView> {
  const ids = createIdRegistry(RESERVED_IDS);
  const single = entity.kind === 'function' && entity.signatures.length === 1 && !entity.comment;
  const pageComment = single ? entity.signatures[0]!.comment : entity.comment;
  const [doc, typeParameters, signatures, sections] = await Promise.all([
    renderDoc(pageComment, pc, entity.source),
    buildTypeParamViews(entity.typeParameters, pc, entity.comment),
    buildFunctionSignatures(entity, pc, single),
    buildSections(entity, ids, pc),
  ]);
  const objectType = entity.type?.kind === 'object' && entity.type.members.length ? entity.type : undefined;
  // Overloads show their own "Defined in"; everything else shows it once, at the end.
  const source =
    entity.kind === 'function' && entity.signatures.length > 1 ? undefined : getSourceView(pc, entity.source);
  return {
    badges: getPageBadges(entity),
    doc,
    hierarchy: [
      { label: 'Extends', types: entity.extendsTypes.map((x) => printType(x, pc.href)) },
      { label: 'Implements', types: entity.implementsTypes.map((x) => printType(x, pc.href)) },
    ].filter((h) => h.types.length),
    ...(entity.type ? { declaration: printDeclaration(entity, entity.type, pc) } : {}),
    typeParameters,
    signatures,
    sections,
    ...(objectType
      ? {
          properties: {
            id: 'properties',
            title: 'Properties',
            rows: await buildPropertyRows(objectType.members, ids, pc),
          },
        }
      : {}),
    ...(source ? { source } : {}),
  };
}

function getPageBadges(entity: ApiEntity): BadgeView[] {
  const comments = [entity.comment, ...entity.signatures.map((s) => s.comment)];
  const seen = new Set<string>();
  const badges = comments.flatMap(getCommentBadges).filter((b) => !seen.has(b.label) && Boolean(seen.add(b.label)));
  return [{ label: KIND_LABELS[entity.kind], variant: 'kind' }, ...badges];
}

/** Every overload of a function; several get an h2 each. */
async function buildFunctionSignatures(entity: ApiEntity, pc: PageContext, single: boolean) {
  if (entity.kind !== 'function') return [];
  const overloaded = entity.signatures.length > 1;
  return Promise.all(
    entity.signatures.map((sig, i) => {
      const code = [t.kw('function '), t.name(entity.name), ...printCallSignature(sig, pc.href, '', ': ')];
      const heading = overloaded
        ? { id: `overload-${i + 1}`, text: `Overload ${i + 1} of ${entity.signatures.length}` }
        : undefined;
      return buildSignatureView(sig, code, pc, {
        omitDoc: single,
        omitSource: !overloaded,
        ...(heading ? { heading } : {}),
      }).then((view) => (overloaded ? { ...view, badges: getCommentBadges(sig.comment) } : view));
    }),
  );
}

async function buildSections(entity: ApiEntity, ids: IdRegistry, pc: PageContext): Promise<SectionView[]> {
  const sections: SectionView[] = [];
  for (const section of SECTIONS) {
    const members = entity.members.filter((m) => m.kind === section.kind);
    if (!members.length) continue;
    // Ids are claimed synchronously as each build starts, so in page order.
    const views = await Promise.all(members.map((member) => buildMemberView(member, entity, ids, pc)));
    sections.push({ id: section.id, title: section.title, members: views });
  }
  return sections;
}

/** `type Name<T> = …` (one union member per line) or `const Name: Type`. */
function printDeclaration(entity: ApiEntity, type: ApiType, pc: PageContext): CodeToken[] {
  const typeParams = printTypeParameters(entity.typeParameters, pc.href);
  if (entity.kind === 'variable') {
    return [
      t.kw(entity.flags.const ? 'const ' : 'let '),
      t.name(entity.name),
      t.punct(': '),
      ...printType(type, pc.href),
    ];
  }
  const head = [t.kw('type '), { text: entity.name, cls: 'type' as const }, ...typeParams, t.punct(' =')];
  if (type.kind === 'union' && type.types.length > 1) {
    return [...head, ...type.types.flatMap((x) => [t.plain('\n  '), t.punct('| '), ...printType(x, pc.href, '  ')])];
  }
  return [...head, t.plain(' '), ...printType(type, pc.href)];
}
