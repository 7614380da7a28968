import { realpathSync } from 'node:fs';
import type { Program } from 'estree';
import type { Nodes, Parent, Root } from 'mdast';
import type {
  MdxJsxAttribute,
  MdxJsxExpressionAttribute,
  MdxJsxFlowElement,
  MdxJsxTextElement,
} from 'mdast-util-mdx-jsx';
import type { MdxjsEsm } from 'mdast-util-mdxjs-esm';
import type { VFile } from 'vfile';
import { SKIP, visit } from 'unist-util-visit';
import { JsxValue } from '../jsx-value.js';
import { evaluateExpression, expressionOf, StaticEvalError, type EvalScope } from '../static-eval.js';
import { TAB_LABEL_ELEMENT } from './rehype-tabs.js';
import { knowsAdmonitionType, makeAdmonition } from './admonition-node.js';
import { knownTypesText } from './remark-admonitions.js';
import { transformFileContent } from './remark-file-content.js';
import { styleToCss } from '../style-to-css.js';
import { isObjectPrototypeName } from '../../strings.js';
import { bindSiteImport, markComponentUse, type SiteImportBinding } from '../site-components.js';
import { refuseImportedNames, registerHint, siteImportHint } from '../site-import-hints.js';
import { bindContentImport, expandPartial, type ImportScope } from './mdx-imports.js';
import type { ImportRoots } from './mdx-import-file.js';
import type { PartialFrame } from './mdx-partials.js';
import {
  createChildReader,
  isThemeComponent,
  renderThemeComponent,
  THEME_COMPONENT_MODULES,
} from './mdx-theme-components.js';

/** Modules content may import, and the built-in each one stands for. */
const MODULES: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/Details': 'Details',
  '@docusaurus/useBaseUrl': 'useBaseUrl',
  ...THEME_COMPONENT_MODULES,
};
const COMPONENTS = new Set(['Tabs', 'TabItem', 'Admonition', 'Details', ...Object.values(THEME_COMPONENT_MODULES)]);

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/**
 * Gives MDX its meaning without running any code: imports map to built-ins,
 * `export const` values and `{...}` expressions go through the static
 * interpreter, and JSX elements become hast elements (HTML, SVG, Tabs,
 * Admonition, Details). Anything outside the safe subset is an error with
 * its position; the page then renders without it.
 */
export function remarkMdxStatic(options: MdxStaticOptions) {
  return (tree: Root, file: VFile) => {
    const filePath = (file.data.linkContext as { filePath?: string } | undefined)?.filePath ?? file.path;
    transformMdx(tree, file, options, {
      filePath,
      page: file,
      frame: { chain: [realPathOr(filePath)], uses: { count: 0 } },
    });
  };
}

export interface MdxStaticOptions {
  baseUrl: string;
  /** The config's `components` (name → module path): content may use these names, and import these modules. */
  components?: Readonly<Record<string, string>>;
  /** Where imported partials and `?raw` files may come from; unset, content imports none. */
  imports?: ImportRoots;
  /** `markdown.admonitions.keywords`: a partial's admonitions are made in its own file, with these. */
  admonitionKeywords?: readonly string[];
}

/** One file's transform: the page's, or a partial's inside it (mdx-imports.ts), with its own scope and props. */
function transformMdx(
  tree: Root,
  file: VFile,
  options: MdxStaticOptions,
  at: { filePath: string; page: VFile; frame: PartialFrame },
): void {
  {
    // MDX's own `toc` export, as `<TOCInline toc={toc} />` passes it: the page's headings, which TOCInline reads itself.
    const scope: EvalScope = {
      bindings: new Map([['toc', undefined]]),
      baseUrlFunctions: new Set(),
      baseUrl: options.baseUrl,
      ...(at.frame.props ? { props: at.frame.props } : {}),
    };
    const components = new Map<string, string>([...COMPONENTS].map((c) => [c, c]));
    // The config's components, by their names and by the names content imports them as (site-components.ts).
    const site: SiteImportBinding = {
      registered: options.components ?? {},
      bound: new Map(Object.keys(options.components ?? {}).map((c) => [c, c])),
      refused: new Map(),
      file,
    };
    const imports: ImportScope = {
      roots: options.imports,
      frame: at.frame,
      filePath: at.filePath,
      page: at.page,
      partials: new Map(),
      bindings: scope.bindings,
    };
    const children = createChildReader(String(file.value ?? ''), (program, node) => evaluate(program, node).value);
    const transformPartial = (partialTree: Root, partialFile: VFile, filePath: string, frame: PartialFrame) => {
      transformMdx(partialTree, partialFile, options, { filePath, page: at.page, frame });
      // Admonitions and code blocks' `file=` in the partial's own file: warnings at its lines, files read from its folder.
      transformFileContent(
        partialTree,
        { file: partialFile, page: at.page, filePath },
        { keywords: options.admonitionKeywords, codeFiles: options.imports },
      );
    };

    const fail = (reason: string, place: { position?: Nodes['position'] } | undefined, hint?: string) => {
      const message = file.message(reason, place?.position);
      message.ruleId = 'invalid-mdx';
      message.fatal = true;
      // Read back as the diagnostic's hint.
      message.note = hint;
    };
    const evaluate = (program: Program | undefined, node: Nodes): { ok: boolean; value?: unknown } => {
      try {
        const expression = expressionOf(program);
        return { ok: true, value: expression ? evaluateExpression(expression, scope) : undefined };
      } catch (error) {
        if (!(error instanceof StaticEvalError)) throw error;
        const at = error.node.loc
          ? {
              position: {
                start: { line: error.node.loc.start.line, column: error.node.loc.start.column + 1 },
                end: { line: error.node.loc.end.line, column: error.node.loc.end.column + 1 },
              },
            }
          : node;
        fail(
          `${error.message} (content is never executed)`,
          at,
          "write the value itself, e.g. {'text'} or {42}, instead of code that computes it",
        );
        return { ok: false };
      }
    };

    // Imports and exports hold for the whole file wherever they are written, as ESM hoists them: `<Part />` may come first.
    for (const child of tree.children)
      if (child.type === 'mdxjsEsm') handleEsm(child, scope, components, fail, evaluate, site, imports);
    tree.children = tree.children.filter((child) => child.type !== 'mdxjsEsm');
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      if (node.type === 'paragraph' && isOnlyJsx(node)) {
        // `<summary>Title</summary>` alone on a line is block content, not a paragraph.
        parent.children.splice(index, 1, ...(node.children.filter((c) => c.type !== 'text') as never[]));
        return [SKIP, index];
      }
      if (node.type === 'mdxjsEsm') {
        handleEsm(node, scope, components, fail, evaluate, site, imports);
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
        const program = node.data?.estree as Program | undefined;
        const result = evaluate(program, node);
        if (result.value instanceof JsxValue) {
          // `{<b>x</b>}`, or a partial's `{props.label}` given JSX: its nodes, visited next like JSX written here.
          const nodes =
            node.type === 'mdxTextExpression'
              ? result.value.nodes
              : [{ type: 'paragraph', children: result.value.nodes }];
          parent.children.splice(index, 1, ...(nodes as never[]));
          return [SKIP, index];
        }
        const text =
          result.ok && (typeof result.value === 'string' || typeof result.value === 'number')
            ? String(result.value)
            : undefined;
        if (result.ok && result.value !== undefined && text === undefined)
          fail('only strings and numbers can be shown with {...}', node);
        const replacement =
          text === undefined
            ? []
            : node.type === 'mdxTextExpression'
              ? [{ type: 'text', value: text }]
              : [{ type: 'paragraph', children: [{ type: 'text', value: text }] }];
        parent.children.splice(index, 1, ...(replacement as never[]));
        return [SKIP, index];
      }
      if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
        if (node.name === null) {
          parent.children.splice(index, 1, ...(node.children as never[]));
          return [SKIP, index];
        }
        const props = readAttributes(node, evaluate, fail);
        if (imports.partials.has(node.name)) {
          const partial = imports.partials.get(node.name);
          parent.children.splice(
            index,
            1,
            ...((partial ? expandPartial(node, props, partial, imports, fail, transformPartial) : []) as never[]),
          );
          return [SKIP, index];
        }
        const isComponent = /^[A-Z]/.test(node.name) || node.name.includes('.');
        if (!isComponent) {
          const jsxProp = Object.keys(props).find((name) => props[name] instanceof JsxValue);
          if (jsxProp)
            fail(
              `JSX cannot be the value of the attribute '${jsxProp}' of <${node.name}>`,
              node,
              "JSX values are shown by label (Tabs, TabItem), title (Admonition, CodeBlock) and partials' props; write text here",
            );
          node.data = { ...node.data, hName: node.name, hProperties: toHastProperties(props) };
          return;
        }
        const builtin = components.get(node.name);
        const siteComponent = site.bound.get(node.name);
        // Recorded on the page, also from inside a partial: the page is what is filled in after compiling.
        if (!builtin && siteComponent) return void markComponentUse(node, siteComponent, props, at.page, fail);
        if (!builtin) {
          fail(
            `unknown component <${node.name}>; available: ${[...COMPONENTS].join(', ')}`,
            node,
            // The page imports the name: what its import said, not a guessed path.
            site.refused.get(node.name) ??
              `use one of these, plain HTML in lower case (<div>, <details>), or a site component: ${registerHint(node.name)}`,
          );
          parent.children.splice(index, 1);
          return [SKIP, index];
        }
        if (isThemeComponent(builtin)) {
          parent.children.splice(index, 1, ...(renderThemeComponent(node, builtin, props, children) as never[]));
          return [SKIP, index];
        }
        applyBuiltin(node, builtin, props, file, options.admonitionKeywords);
      }
    });
  }
}

function realPathOr(file: string): string {
  try {
    return realpathSync.native(file);
  } catch {
    return file;
  }
}

function isOnlyJsx(node: Parent): boolean {
  const elements = node.children.filter((c) => c.type === 'mdxJsxTextElement');
  return (
    elements.length > 0 &&
    node.children.every((c) => c.type === 'mdxJsxTextElement' || (c.type === 'text' && !c.value.trim()))
  );
}

function handleEsm(
  node: MdxjsEsm,
  scope: EvalScope,
  components: Map<string, string>,
  fail: (reason: string, place: { position?: Nodes['position'] }, hint?: string) => void,
  evaluate: (program: Program | undefined, node: Nodes) => { ok: boolean; value?: unknown },
  site: SiteImportBinding,
  imports: ImportScope,
): void {
  const program = node.data?.estree as Program | undefined;
  for (const statement of program?.body ?? []) {
    const place = statement.loc
      ? {
          position: {
            start: { line: statement.loc.start.line, column: statement.loc.start.column + 1 },
            end: { line: statement.loc.end.line, column: statement.loc.end.column + 1 },
          },
        }
      : node;
    if (statement.type === 'ImportDeclaration') {
      if (bindContentImport(statement, place, imports, fail)) continue;
      const builtin = MODULES[String(statement.source.value)];
      if (!builtin && bindSiteImport(statement, site, place, fail)) continue;
      if (!builtin) {
        const siteHint = siteImportHint(statement, site.file.path, imports.roots, site.registered);
        const hint = siteHint ?? 'remove the import: content cannot load modules (it is never executed)';
        fail(
          `import of '${statement.source.value}' is not allowed; content can only import ${Object.keys(MODULES).join(', ')}, .md/.mdx partials and files as text (?raw)`,
          place,
          hint,
        );
        refuseImportedNames(statement, hint, site, siteHint !== undefined);
        continue;
      }
      for (const specifier of statement.specifiers) {
        if (builtin === 'useBaseUrl') scope.baseUrlFunctions.add(specifier.local.name);
        else components.set(specifier.local.name, builtin);
      }
      continue;
    }
    if (
      statement.type === 'ExportNamedDeclaration' &&
      statement.declaration?.type === 'VariableDeclaration' &&
      statement.declaration.kind === 'const'
    ) {
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init) {
          fail('only `export const NAME = value` is allowed', place);
          continue;
        }
        const result = evaluate(
          {
            type: 'Program',
            sourceType: 'module',
            body: [{ type: 'ExpressionStatement', expression: declarator.init }],
          },
          node,
        );
        if (result.ok) scope.bindings.set(declarator.id.name, result.value);
      }
      continue;
    }
    fail('only `import` of built-in components and `export const NAME = value` are allowed in content', place);
  }
}

function readAttributes(
  node: JsxElement,
  evaluate: (program: Program | undefined, node: Nodes) => { ok: boolean; value?: unknown },
  fail: (reason: string, place: { position?: Nodes['position'] } | undefined, hint?: string) => void,
): Record<string, unknown> {
  // No prototype: attribute names from content are only ever own keys.
  const props: Record<string, unknown> = Object.create(null);
  const set = (name: string, value: unknown, place: { position?: Nodes['position'] }) => {
    if (isObjectPrototypeName(name))
      fail(
        `the attribute name '${name}' is not allowed: it is a built-in property of every JavaScript object`,
        place,
        'rename or remove the attribute',
      );
    else props[name] = value;
  };
  for (const attribute of node.attributes as (MdxJsxAttribute | MdxJsxExpressionAttribute)[]) {
    const place = attribute.position ? attribute : node;
    if (attribute.type === 'mdxJsxExpressionAttribute') {
      const program = attribute.data?.estree as Program | undefined;
      const spread =
        program?.body[0]?.type === 'ExpressionStatement' && program.body[0].expression.type === 'ObjectExpression'
          ? program.body[0].expression.properties[0]
          : undefined;
      if (spread?.type === 'SpreadElement') {
        const result = evaluate(
          { ...program!, body: [{ type: 'ExpressionStatement', expression: spread.argument }] },
          node,
        );
        if (result.ok && result.value && typeof result.value === 'object')
          for (const [name, value] of Object.entries(result.value)) set(name, value, place);
      }
      continue;
    }
    const value = attribute.value;
    if (value === null || value === undefined) set(attribute.name, true, place);
    else if (typeof value === 'string') set(attribute.name, value, place);
    else {
      const result = evaluate(value.data?.estree as Program | undefined, node);
      if (result.ok) set(attribute.name, result.value, place);
    }
  }
  return props;
}

/** JSX props → hast properties: `className`, style objects as CSS, booleans kept. */
function toHastProperties(props: Record<string, unknown>): Record<string, string | number | boolean | string[]> {
  const out: Record<string, string | number | boolean | string[]> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'style' && typeof value === 'object') out.style = styleToCss(value as Record<string, unknown>);
    else if (key === 'class' || key === 'className') out.className = String(value).split(/\s+/).filter(Boolean);
    else if (typeof value === 'object') out[key] = JSON.stringify(value);
    else out[key] = value as string | number | boolean;
  }
  return out;
}

function applyBuiltin(
  node: JsxElement,
  builtin: string,
  props: Record<string, unknown>,
  file: VFile,
  keywords?: readonly string[],
): void {
  if (builtin === 'Admonition') {
    const type = String(props.type ?? 'note').trim() || 'note';
    const title =
      props.title instanceof JsxValue
        ? props.title.nodes
        : props.title
          ? [{ type: 'text' as const, value: String(props.title) }]
          : undefined;
    if (!knowsAdmonitionType(type, keywords)) {
      const shown = type.length > 40 ? `${type.slice(0, 39)}…` : type;
      const message = file.message(
        `<Admonition type="${shown}">: '${shown}' is not an admonition type docsgen knows: it is shown as a plain admonition`,
        node.position,
      );
      message.ruleId = 'unknown-admonition';
      message.note = `use one of ${knownTypesText()}; or, if a plugin or theme of the site defined '${shown}', add it to markdown.admonitions.keywords in the config`;
    }
    makeAdmonition(node as Parent, type, title, node.children as never);
    return;
  }
  if (builtin === 'Details') {
    // Docusaurus's `summary` prop: the summary when no <summary> child gives one.
    const { summary, ...rest } = props;
    node.data = { ...node.data, hName: 'details', hProperties: toHastProperties(rest) };
    const hasSummary = node.children.some(
      (c) => (c.type === 'mdxJsxFlowElement' || c.type === 'mdxJsxTextElement') && c.name === 'summary',
    );
    const summaryNodes =
      summary instanceof JsxValue
        ? summary.nodes
        : typeof summary === 'string'
          ? [{ type: 'text', value: summary }]
          : undefined;
    if (summaryNodes && !hasSummary)
      node.children.unshift({ type: 'emphasis', data: { hName: 'summary' }, children: summaryNodes } as never);
    return;
  }
  const tagName = builtin === 'Tabs' ? 'dg-tabs' : 'dg-tab-item';
  const { label, ...rest } = props;
  // A label written as JSX goes first in the item, where rehype-tabs.ts takes it for the tab's button.
  // (An `emphasis` node only carries it: a paragraph holding nothing but JSX would be unwrapped by the visitor.)
  if (label instanceof JsxValue)
    node.children.unshift({ type: 'emphasis', data: { hName: TAB_LABEL_ELEMENT }, children: label.nodes } as never);
  node.data = {
    ...node.data,
    hName: tagName,
    hProperties: { dataProps: JSON.stringify(label instanceof JsxValue ? rest : props) },
  };
}
