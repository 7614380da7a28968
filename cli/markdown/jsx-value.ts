import type { Expression, Program } from 'estree';
import type { JSXElement, JSXFragment, JSXExpressionContainer, JSXText, JSXSpreadChild } from 'estree-jsx';
import type { PhrasingContent } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxTextElement } from 'mdast-util-mdx-jsx';

/**
 * JSX written as a value (`label={<b>Bold</b>}`): kept as the Markdown nodes
 * it stands for, never run. The component that takes the prop puts them where
 * it shows it (a tab's label, an admonition's title), and there they go
 * through the same static transform as JSX written in the page
 * (remark-mdx-static.ts): an unknown component or an expression outside the
 * safe subset is an error at its place.
 */
export class JsxValue {
  constructor(readonly nodes: PhrasingContent[]) {}
}

type JsxChild = JSXElement | JSXFragment | JSXExpressionContainer | JSXText | JSXSpreadChild;

/** The Markdown nodes of a JSX element or fragment. */
export function jsxToMdast(node: JSXElement | JSXFragment): PhrasingContent[] {
  if (node.type === 'JSXFragment') return node.children.flatMap(childToMdast);
  const opening = node.openingElement;
  const name = jsxName(opening.name);
  const attributes = opening.attributes.map((attribute): MdxJsxAttribute | MdxJsxExpressionAttribute => {
    if (attribute.type === 'JSXSpreadAttribute') {
      const spread: Expression = {
        type: 'ObjectExpression',
        properties: [{ type: 'SpreadElement', argument: attribute.argument }],
      };
      return { type: 'mdxJsxExpressionAttribute', value: '', data: { estree: programOf(spread) } };
    }
    const attributeName =
      attribute.name.type === 'JSXIdentifier'
        ? attribute.name.name
        : `${attribute.name.namespace.name}:${attribute.name.name.name}`;
    const value = attribute.value;
    if (value === null || value === undefined) return { type: 'mdxJsxAttribute', name: attributeName, value: null };
    if (value.type === 'Literal') return { type: 'mdxJsxAttribute', name: attributeName, value: String(value.value) };
    const expression = value.type === 'JSXExpressionContainer' ? value.expression : value;
    return {
      type: 'mdxJsxAttribute',
      name: attributeName,
      value: {
        type: 'mdxJsxAttributeValueExpression',
        value: '',
        data: { estree: programOf(expression as Expression) },
      },
    };
  });
  const element: MdxJsxTextElement = {
    type: 'mdxJsxTextElement',
    name,
    attributes,
    children: node.children.flatMap(childToMdast),
    ...positionOf(node),
  };
  return [element];
}

function childToMdast(child: JsxChild): PhrasingContent[] {
  if (child.type === 'JSXText') return child.value.trim() ? [{ type: 'text', value: collapseLines(child.value) }] : [];
  if (child.type === 'JSXElement' || child.type === 'JSXFragment') return jsxToMdast(child);
  if (child.type === 'JSXSpreadChild')
    return [{ type: 'mdxTextExpression', value: '', data: { estree: programOf(child.expression) } }];
  if (child.expression.type === 'JSXEmptyExpression') return [];
  return [{ type: 'mdxTextExpression', value: '', data: { estree: programOf(child.expression) } }];
}

/** JSX text as React shows it: lines trimmed and joined with a space, blank lines dropped. */
function collapseLines(text: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  return lines
    .map((line, i) => (i === 0 ? line.trimEnd() : i === lines.length - 1 ? line.trimStart() : line.trim()))
    .filter(Boolean)
    .join(' ');
}

function jsxName(name: JSXElement['openingElement']['name']): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  return `${jsxName(name.object as never)}.${name.property.name}`;
}

/** The place of an estree node as mdast writes it (1-based columns), so errors about it are located. */
function positionOf(node: JSXElement): Pick<MdxJsxTextElement, 'position'> {
  const loc = node.loc;
  return loc
    ? {
        position: {
          start: { line: loc.start.line, column: loc.start.column + 1 },
          end: { line: loc.end.line, column: loc.end.column + 1 },
        },
      }
    : {};
}

function programOf(expression: Expression): Program {
  return { type: 'Program', sourceType: 'module', body: [{ type: 'ExpressionStatement', expression }] };
}
