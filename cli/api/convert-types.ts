/**
 * Converts TypeDoc types to the model's `ApiType`, and the members and signatures inside them. It is one recursion
 * (an object type has members, whose types may be object types), so it is one module.
 */
import {
  ReflectionKind,
  type DeclarationReflection,
  type SignatureReflection,
  type SomeType,
  type TypeParameterReflection,
} from 'typedoc';
import type { ApiMember, ApiMemberKind, ApiSignature, ApiType, ApiTypeParameter } from '../api-model.js';
import { convertComment } from './convert-comment.js';
import { convertSource, type ConvertContext } from './convert-context.js';
import { findTarget } from './reflection-target.js';

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

/** True when a member is inherited from a declaration outside the package (e.g. React.Component). */
function isInheritedFromOutside(member: DeclarationReflection, cx: ConvertContext): boolean {
  return Boolean(member.inheritedFrom) && Boolean(member.sources?.length) && !convertSource(member, cx);
}

function getMemberKind(member: DeclarationReflection): ApiMemberKind | undefined {
  if (member.kindOf(ReflectionKind.Constructor)) return 'constructor';
  if (member.kindOf(ReflectionKind.Property)) return 'property';
  if (member.kindOf(ReflectionKind.Method)) return 'method';
  if (member.kindOf(ReflectionKind.Accessor)) return 'accessor';
  return undefined;
}

/** Converts the documented members of a class, interface or object type. */
export function convertMembers(
  children: readonly DeclarationReflection[] | undefined,
  cx: ConvertContext,
): ApiMember[] {
  const members: ApiMember[] = [];
  for (const child of children ?? []) {
    const kind = getMemberKind(child);
    if (!kind || isInheritedFromOutside(child, cx)) continue;
    members.push(convertMember(child, kind, cx));
  }
  return members;
}

function convertMember(member: DeclarationReflection, kind: ApiMemberKind, cx: ConvertContext): ApiMember {
  const { flags } = member;
  const signatures = (member.signatures ?? []).map((s) => convertSignature(s, cx));
  const inherited = member.inheritedFrom;
  const inheritedTarget = inherited ? findTarget(inherited.reflection) : undefined;
  return {
    name: member.name,
    kind,
    flags: {
      ...(flags.isOptional ? { optional: true } : {}),
      ...(flags.isReadonly ? { readonly: true } : {}),
      ...(flags.isStatic ? { static: true } : {}),
      ...(flags.isAbstract ? { abstract: true } : {}),
      ...(flags.isProtected ? { protected: true } : {}),
    },
    comment: convertComment(member.comment ?? member.getSignature?.comment),
    source: convertSource(member, cx),
    type: convertType(member.type, cx),
    ...(member.defaultValue && member.defaultValue !== '...' ? { defaultValue: member.defaultValue } : {}),
    signatures,
    ...(member.getSignature ? { getter: convertSignature(member.getSignature, cx) } : {}),
    ...(member.setSignature ? { setter: convertSignature(member.setSignature, cx) } : {}),
    ...(inherited
      ? { inheritedFrom: { name: inherited.name, ...(inheritedTarget ? { target: inheritedTarget } : {}) } }
      : {}),
  };
}

/** Converts one call/construct/get/set/index signature. */
export function convertSignature(signature: SignatureReflection, cx: ConvertContext): ApiSignature {
  return {
    name: signature.name,
    comment: convertComment(signature.comment),
    typeParameters: convertTypeParameters(signature.typeParameters, cx),
    parameters: (signature.parameters ?? []).map((p) => ({
      name: p.name,
      type: convertType(p.type, cx),
      // A parameter with a default value is optional for callers.
      optional: Boolean(p.flags.isOptional || p.defaultValue),
      rest: Boolean(p.flags.isRest),
      ...(p.defaultValue && p.defaultValue !== '...' ? { defaultValue: p.defaultValue } : {}),
      comment: convertComment(p.comment),
    })),
    returnType: convertType(signature.type, cx),
    source: convertSource(signature, cx),
  };
}

/** Converts type parameters (`<T extends X = Y>`). */
export function convertTypeParameters(
  params: readonly TypeParameterReflection[] | undefined,
  cx: ConvertContext,
): ApiTypeParameter[] {
  return (params ?? []).map((p) => ({
    name: p.name,
    ...(p.type ? { constraint: convertType(p.type, cx) } : {}),
    ...(p.default ? { default: convertType(p.default, cx) } : {}),
    comment: convertComment(p.comment),
  }));
}

/** Converts an anonymous object type (`{ a: string }`, `() => void`). */
export function convertObjectType(declaration: DeclarationReflection, cx: ConvertContext): ApiType {
  return {
    kind: 'object',
    members: convertMembers(declaration.children, cx),
    signatures: (declaration.signatures ?? []).map((s) => convertSignature(s, cx)),
    indexSignatures: (declaration.indexSignatures ?? []).map((s) => convertSignature(s, cx)),
  };
}
