/**
 * Converts TypeDoc types to the model's `ApiType`.
 */
import type { SomeType } from 'typedoc';
import type { ApiType } from './api-model.js';
import { findTarget } from './reflection-target.js';
import { convertObjectType, type ConvertContext } from './convert-members.js';

/** Converts a type; returns undefined for a missing type. */
export function convertType(type: SomeType | undefined, cx: ConvertContext): ApiType | undefined {
  return type ? toApiType(type, cx) : undefined;
}

function toApiType(type: SomeType, cx: ConvertContext): ApiType {
  const sub = (t: SomeType) => toApiType(t, cx);
  switch (type.type) {
    case 'intrinsic':
      return { kind: 'intrinsic', name: type.name };
    case 'literal':
      return { kind: 'literal', value: printLiteral(type.value) };
    case 'reference': {
      const target = type.refersToTypeParameter ? undefined : findTarget(type.reflection);
      return {
        kind: 'reference',
        name: type.name,
        ...(target ? { target } : {}),
        ...(type.typeArguments?.length ? { typeArguments: type.typeArguments.map(sub) } : {}),
      };
    }
    case 'array':
      return { kind: 'array', element: sub(type.elementType) };
    case 'union':
    case 'intersection':
      return { kind: type.type, types: type.types.map(sub) };
    case 'tuple':
      return { kind: 'tuple', elements: type.elements.map(sub) };
    case 'namedTupleMember':
      return { kind: 'named-member', name: type.name, optional: type.isOptional, element: sub(type.element) };
    case 'optional':
    case 'rest':
      return { kind: type.type, element: sub(type.elementType) };
    case 'typeOperator':
      return { kind: 'operator', operator: type.operator, target: sub(type.target) };
    case 'query':
      return { kind: 'query', target: sub(type.queryType) };
    case 'indexedAccess':
      return { kind: 'indexed', object: sub(type.objectType), index: sub(type.indexType) };
    case 'conditional':
      return {
        kind: 'conditional',
        check: sub(type.checkType),
        extends: sub(type.extendsType),
        whenTrue: sub(type.trueType),
        whenFalse: sub(type.falseType),
      };
    case 'predicate':
      return {
        kind: 'predicate',
        name: type.name,
        asserts: type.asserts,
        ...(type.targetType ? { target: sub(type.targetType) } : {}),
      };
    case 'templateLiteral':
      return { kind: 'template', head: type.head, tail: type.tail.map(([t, s]) => [sub(t), s]) };
    case 'mapped':
      return {
        kind: 'mapped',
        parameter: type.parameter,
        constraint: sub(type.parameterType),
        template: sub(type.templateType),
        ...(type.readonlyModifier ? { readonly: type.readonlyModifier } : {}),
        ...(type.optionalModifier ? { optional: type.optionalModifier } : {}),
      };
    case 'reflection':
      return convertObjectType(type.declaration, cx);
    case 'inferred':
      return { kind: 'text', text: `infer ${type.name}` };
    case 'unknown':
      return { kind: 'text', text: type.name };
  }
}

/** Prints a literal value as TypeScript source. */
function printLiteral(value: string | number | boolean | null | bigint | { negative: boolean; value: string }): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null) return 'null';
  if (typeof value === 'object') return `${value.negative ? '-' : ''}${value.value}n`;
  return typeof value === 'bigint' ? `${value}n` : String(value);
}
