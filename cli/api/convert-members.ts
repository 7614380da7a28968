/**
 * Converts members, signatures and parameters of TypeDoc declarations.
 */
import path from 'node:path';
import {
  ReflectionKind,
  type DeclarationReflection,
  type Reflection,
  type SignatureReflection,
  type TypeParameterReflection,
} from 'typedoc';
import type { ApiMember, ApiMemberKind, ApiSignature, ApiSource, ApiType, ApiTypeParameter } from './api-model.js';
import { convertComment } from './convert-comment.js';
import { convertType } from './convert-types.js';
import { findTarget } from './reflection-target.js';

/** What every conversion needs to know. */
export interface ConvertContext {
  /** Absolute package directory; sources are made relative to it. */
  pkgDir: string;
  /** Reflection id → `extends` clause texts, to name bases TypeDoc could not resolve. */
  heritage?: Map<number, string[]>;
}

/** The declaration's first source, relative to the package, or undefined when outside it. */
export function convertSource(reflection: Reflection, cx: ConvertContext): ApiSource | undefined {
  const source = (reflection as DeclarationReflection).sources?.[0];
  if (!source) return undefined;
  const file = path.relative(cx.pkgDir, source.fullFileName).split(path.sep).join('/');
  if (file.startsWith('..') || path.isAbsolute(file)) return undefined;
  return { file, line: source.line };
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
export function convertMembers(children: readonly DeclarationReflection[] | undefined, cx: ConvertContext): ApiMember[] {
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
