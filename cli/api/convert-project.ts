/**
 * Converts a TypeDoc project into the entities of the API model.
 */
import { ReflectionKind, type DeclarationReflection, type ProjectReflection } from 'typedoc';
import { API_KINDS, type ApiEntity, type ApiKind, type ApiType, type ApiWarning } from '../api-model.js';
import { convertComment } from './convert-comment.js';
import { convertSource, type ConvertContext } from './convert-context.js';
import {
  convertMembers,
  convertObjectType,
  convertSignature,
  convertType,
  convertTypeParameters,
} from './convert-types.js';
import { getEntityKind } from './reflection-target.js';

/** Converts every top-level export that gets a page; others become warnings. */
export function convertProject(
  project: ProjectReflection,
  cx: ConvertContext,
): { entities: ApiEntity[]; warnings: ApiWarning[] } {
  const entities: ApiEntity[] = [];
  const warnings: ApiWarning[] = [];
  for (const child of project.children ?? []) {
    const kind = getEntityKind(child);
    if (kind) entities.push(convertEntity(child, kind, cx));
    else
      warnings.push({
        message: `Export ${child.name} (${ReflectionKind[child.kind]}) has no page kind and was skipped`,
        ...convertSource(child, cx),
      });
  }
  return { entities: sortEntities(entities), warnings };
}

/** Sorts entities by kind (site order), then by name. */
export function sortEntities(entities: ApiEntity[]): ApiEntity[] {
  const rank = (k: ApiKind) => API_KINDS.indexOf(k);
  return [...entities].sort((a, b) => rank(a.kind) - rank(b.kind) || compareNames(a.name, b.name));
}

function compareNames(a: string, b: string): number {
  return a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

function convertEntity(decl: DeclarationReflection, kind: ApiKind, cx: ConvertContext): ApiEntity {
  const hasType = kind === 'type-alias' || kind === 'variable';
  return {
    name: decl.name,
    kind,
    comment: convertComment(decl.comment),
    source: convertSource(decl, cx),
    typeParameters: convertTypeParameters(decl.typeParameters, cx),
    members: kind === 'class' || kind === 'interface' ? convertMembers(decl.children, cx) : [],
    signatures: (decl.signatures ?? []).map((s) => convertSignature(s, cx)),
    ...(hasType ? getDeclaredType(decl, cx) : {}),
    ...(kind === 'variable' && decl.defaultValue && decl.defaultValue !== '...'
      ? { defaultValue: decl.defaultValue }
      : {}),
    flags: {
      ...(decl.flags.isConst ? { const: true } : {}),
      ...(decl.flags.isAbstract ? { abstract: true } : {}),
    },
    extendsTypes: convertExtendedTypes(decl, cx),
    implementsTypes: (decl.implementedTypes ?? []).map((t) => convertType(t, cx)!),
  };
}

/** `extends` types; a base TypeDoc could not resolve is named by its source text. */
function convertExtendedTypes(decl: DeclarationReflection, cx: ConvertContext): ApiType[] {
  const written = cx.heritage?.get(decl.id) ?? [];
  return (decl.extendedTypes ?? []).map((t, i) => {
    const type = convertType(t, cx)!;
    const unresolved = type.kind === 'reference' && type.name === 'unknown' && !type.target;
    return unresolved && written[i] ? { kind: 'text', text: written[i] } : type;
  });
}

/** The aliased or declared type; TypeDoc keeps object-literal aliases as children instead. */
function getDeclaredType(decl: DeclarationReflection, cx: ConvertContext): { type?: ApiType } {
  if (decl.type) return { type: convertType(decl.type, cx)! };
  if (decl.children?.length || decl.signatures?.length || decl.indexSignatures?.length)
    return { type: convertObjectType(decl, cx) };
  return {};
}
