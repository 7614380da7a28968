/**
 * Maps TypeDoc reflections to the pages and anchors of the API reference.
 */
import { ReflectionKind, type Reflection } from 'typedoc';
import type { ApiKind, ApiTarget } from '../api-model.js';

/** The page kind of a top-level reflection, or undefined when it gets no page. */
export function getEntityKind(reflection: Reflection): ApiKind | undefined {
  if (reflection.kindOf(ReflectionKind.Class)) return 'class';
  if (reflection.kindOf(ReflectionKind.Interface)) return 'interface';
  if (reflection.kindOf(ReflectionKind.Function)) return 'function';
  if (reflection.kindOf(ReflectionKind.TypeAlias)) return 'type-alias';
  if (reflection.kindOf(ReflectionKind.Variable)) return 'variable';
  return undefined;
}

/**
 * Finds the page (and member anchor) documenting a reflection: the top-level
 * export that contains it, and the first named declaration below that export
 * (a property, method or accessor; object-type literals are looked through).
 */
export function findTarget(reflection: Reflection | undefined): ApiTarget | undefined {
  const chain: Reflection[] = [];
  for (let cur = reflection; cur && !cur.isProject(); cur = cur.parent) chain.unshift(cur);
  const entity = chain[0];
  if (!entity?.parent?.isProject()) return undefined;
  const kind = getEntityKind(entity);
  if (!kind) return undefined;
  const member = chain.slice(1).find((r) => r.isDeclaration() && !r.kindOf(ReflectionKind.TypeLiteral));
  return member ? { kind, entity: entity.name, member: member.name } : { kind, entity: entity.name };
}
