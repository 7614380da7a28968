/**
 * Prints model types as code tokens, linking every type that has a page.
 */
import type { CodeToken } from '../../templates/shared/api-view-types.js';
import type { ApiMember, ApiParameter, ApiSignature, ApiTarget, ApiType, ApiTypeParameter } from '../api-model.js';

/** Links targets to pages; undefined leaves the name as plain text. */
export type HrefResolver = (target: ApiTarget) => string | undefined;

/** Object types longer than this break onto one member per line. */
const MAX_INLINE_OBJECT = 60;
/** Signatures longer than this put one parameter per line. */
const MAX_INLINE_SIGNATURE = 90;

const KEYWORD_TYPES = new Set([
  'string',
  'number',
  'boolean',
  'void',
  'undefined',
  'null',
  'any',
  'unknown',
  'never',
  'object',
  'symbol',
  'bigint',
  'this',
  'true',
  'false',
]);

export const t = {
  kw: (text: string): CodeToken => ({ text, cls: 'kw' }),
  punct: (text: string): CodeToken => ({ text, cls: 'punct' }),
  name: (text: string): CodeToken => ({ text, cls: 'name' }),
  param: (text: string): CodeToken => ({ text, cls: 'param' }),
  plain: (text: string): CodeToken => ({ text }),
};

/** The plain text of tokens. */
export function getTokensText(tokens: readonly CodeToken[]): string {
  return tokens.map((x) => x.text).join('');
}

/** Prints a type; `indent` is the current line's indentation (for multi-line objects). */
export function printType(type: ApiType, href: HrefResolver, indent = ''): CodeToken[] {
  const sub = (x: ApiType, i = indent) => printType(x, href, i);
  switch (type.kind) {
    case 'intrinsic':
      return [t.kw(type.name)];
    case 'literal':
      return [
        { text: type.value, cls: type.value.startsWith("'") ? 'str' : KEYWORD_TYPES.has(type.value) ? 'kw' : 'num' },
      ];
    case 'reference': {
      const link = type.target ? href(type.target) : undefined;
      const name: CodeToken = link ? { text: type.name, cls: 'type', href: link } : { text: type.name, cls: 'type' };
      if (!type.typeArguments?.length) return [name];
      return [
        name,
        t.punct('<'),
        ...joinTokens(
          type.typeArguments.map((a) => sub(a)),
          ', ',
        ),
        t.punct('>'),
      ];
    }
    case 'array':
      return [...wrapIfComplex(type.element, href, indent), t.punct('[]')];
    case 'union':
    case 'intersection':
      return joinTokens(
        type.types.map((x) => wrapIfComplex(x, href, indent)),
        type.kind === 'union' ? ' | ' : ' & ',
      );
    case 'tuple':
      return [
        t.punct('['),
        ...joinTokens(
          type.elements.map((x) => sub(x)),
          ', ',
        ),
        t.punct(']'),
      ];
    case 'named-member':
      return [t.param(type.name), t.punct(type.optional ? '?: ' : ': '), ...sub(type.element)];
    case 'optional':
      return [...sub(type.element), t.punct('?')];
    case 'rest':
      return [t.punct('...'), ...sub(type.element)];
    case 'operator':
      return [t.kw(type.operator), t.plain(' '), ...sub(type.target)];
    case 'query':
      return [t.kw('typeof'), t.plain(' '), ...sub(type.target)];
    case 'indexed':
      return [...sub(type.object), t.punct('['), ...sub(type.index), t.punct(']')];
    case 'conditional':
      return [
        ...sub(type.check),
        t.kw(' extends '),
        ...sub(type.extends),
        t.punct(' ? '),
        ...sub(type.whenTrue),
        t.punct(' : '),
        ...sub(type.whenFalse),
      ];
    case 'predicate':
      return [
        ...(type.asserts ? [t.kw('asserts ')] : []),
        t.param(type.name),
        ...(type.target ? [t.kw(' is '), ...sub(type.target)] : []),
      ];
    case 'template':
      return [
        { text: '`' + type.head, cls: 'str' },
        ...type.tail.flatMap(([x, s]) => [t.punct('${'), ...sub(x), t.punct('}'), { text: s, cls: 'str' as const }]),
        { text: '`', cls: 'str' },
      ];
    case 'mapped':
      return [
        t.punct('{ '),
        ...(type.readonly ? [t.kw(`${type.readonly === '-' ? '-' : ''}readonly `)] : []),
        t.punct('['),
        t.param(type.parameter),
        t.kw(' in '),
        ...sub(type.constraint),
        t.punct(']'),
        t.punct(type.optional ? `${type.optional === '-' ? '-' : ''}?: ` : ': '),
        ...sub(type.template),
        t.punct(' }'),
      ];
    case 'object':
      return printObjectType(type, href, indent);
    case 'text':
      return [t.plain(type.text)];
  }
}

/** Parenthesises unions, intersections and function types where precedence needs it. */
function wrapIfComplex(type: ApiType, href: HrefResolver, indent: string): CodeToken[] {
  const tokens = printType(type, href, indent);
  const isFunction = type.kind === 'object' && type.signatures.length > 0 && type.members.length === 0;
  const complex = type.kind === 'union' || type.kind === 'intersection' || type.kind === 'conditional' || isFunction;
  return complex ? [t.punct('('), ...tokens, t.punct(')')] : tokens;
}

function printObjectType(type: Extract<ApiType, { kind: 'object' }>, href: HrefResolver, indent: string): CodeToken[] {
  const { members, signatures, indexSignatures } = type;
  if (signatures.length === 1 && members.length === 0 && indexSignatures.length === 0) {
    return printCallSignature(signatures[0]!, href, indent, ' => ');
  }
  const entries: CodeToken[][] = [
    ...indexSignatures.map((s) => printIndexSignature(s, href, indent + '  ')),
    ...signatures.map((s) => printCallSignature(s, href, indent + '  ', ': ')),
    ...members.map((m) => printMemberDeclaration(m, href, indent + '  ')),
  ];
  if (!entries.length) return [t.punct('{}')];
  const inline = [t.punct('{ '), ...joinTokens(entries, '; '), t.punct(' }')];
  const fits = getTokensText(inline).length <= MAX_INLINE_OBJECT && !getTokensText(inline).includes('\n');
  if (fits) return inline;
  return [
    t.punct('{'),
    ...entries.flatMap((e) => [t.plain(`\n${indent}  `), ...e, t.punct(';')]),
    t.plain(`\n${indent}`),
    t.punct('}'),
  ];
}

function printIndexSignature(sig: ApiSignature, href: HrefResolver, indent: string): CodeToken[] {
  const p = sig.parameters[0];
  return [
    t.punct('['),
    t.param(p?.name ?? 'key'),
    t.punct(': '),
    ...(p?.type ? printType(p.type, href, indent) : [t.kw('string')]),
    t.punct(']: '),
    ...printReturn(sig, href, indent),
  ];
}

/** `name?: Type` for a property, `name(params): R` for a method, `get name(): R` for an accessor. */
export function printMemberDeclaration(member: ApiMember, href: HrefResolver, indent = ''): CodeToken[] {
  const prefix = [
    ...(member.flags.static ? [t.kw('static ')] : []),
    ...(member.flags.readonly ? [t.kw('readonly ')] : []),
  ];
  const name = t.name(member.name);
  if (member.kind === 'method' && member.signatures[0]) {
    return [
      ...prefix,
      name,
      ...(member.flags.optional ? [t.punct('?')] : []),
      ...printCallSignature(member.signatures[0], href, indent, ': '),
    ];
  }
  if (member.kind === 'accessor' && member.getter) {
    return [...prefix, t.kw('get '), name, t.punct('(): '), ...printReturn(member.getter, href, indent)];
  }
  const type = member.type ?? member.setter?.parameters[0]?.type;
  return [
    ...prefix,
    name,
    t.punct(member.flags.optional ? '?: ' : ': '),
    ...(type ? printType(type, href, indent) : [t.kw('unknown')]),
  ];
}

/** `<T>(a: A, b?: B)` followed by `arrow` and the return type. */
export function printCallSignature(sig: ApiSignature, href: HrefResolver, indent: string, arrow: string): CodeToken[] {
  const typeParams = printTypeParameters(sig.typeParameters, href, indent);
  const params = sig.parameters.map((p) => printParameter(p, href, indent + '  '));
  const tail = [t.punct(`)${arrow}`), ...printReturn(sig, href, indent)];
  const inline = [...typeParams, t.punct('('), ...joinTokens(params, ', '), ...tail];
  if (getTokensText(inline).length <= MAX_INLINE_SIGNATURE || params.length === 0) return inline;
  return [
    ...typeParams,
    t.punct('('),
    ...params.flatMap((p) => [t.plain(`\n${indent}  `), ...p, t.punct(',')]),
    t.plain(`\n${indent}`),
    ...tail,
  ];
}

function printReturn(sig: ApiSignature, href: HrefResolver, indent: string): CodeToken[] {
  return sig.returnType ? printType(sig.returnType, href, indent) : [t.kw('void')];
}

function printParameter(p: ApiParameter, href: HrefResolver, indent: string): CodeToken[] {
  const head = [...(p.rest ? [t.punct('...')] : []), t.param(p.name), t.punct(p.optional ? '?: ' : ': ')];
  return [...head, ...(p.type ? printType(p.type, href, indent) : [t.kw('any')])];
}

/** `<T extends X = Y, U>` or nothing. */
export function printTypeParameters(params: readonly ApiTypeParameter[], href: HrefResolver, indent = ''): CodeToken[] {
  if (!params.length) return [];
  const items = params.map((p) => [
    { text: p.name, cls: 'type' as const },
    ...(p.constraint ? [t.kw(' extends '), ...printType(p.constraint, href, indent)] : []),
    ...(p.default ? [t.punct(' = '), ...printType(p.default, href, indent)] : []),
  ]);
  return [t.punct('<'), ...joinTokens(items, ', '), t.punct('>')];
}

/** Joins token lists with a punctuation separator. */
export function joinTokens(lists: CodeToken[][], separator: string): CodeToken[] {
  return lists.flatMap((list, i) => (i === 0 ? list : [t.punct(separator), ...list]));
}
