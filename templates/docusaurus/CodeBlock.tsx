import { createElement, type ReactNode } from 'react';

/** A code block a component asked for, highlighted after the render by the same pipeline as content's code blocks. */
export interface CodeBlockRequest {
  code: string;
  language: string;
  title?: string;
  showLineNumbers: boolean;
}

/**
 * Where the component thread collects the blocks of one render
 * (cli/components/component-worker-source.ts): absent in the browser.
 */
interface CodeBlockSlots {
  tag: string;
  blocks: CodeBlockRequest[];
}

const slotsOf = () => (globalThis as { __docsgenCodeBlocks?: CodeBlockSlots }).__docsgenCodeBlocks;

/** The text of the children: a string, or strings and numbers in an array. */
function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  return '';
}

/**
 * `@theme/CodeBlock`: on the server it leaves a numbered slot that docsgen
 * fills with the block highlighted exactly as a fenced block of content is
 * (shiki, title bar, line numbers, copy button). In the browser (a hydrated
 * `client: true` component) the slot's markup is kept as the server made it.
 */
export default function CodeBlock({
  children,
  language,
  className,
  title,
  showLineNumbers,
}: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: string;
  showLineNumbers?: boolean;
  metastring?: string;
}) {
  const slots = slotsOf();
  if (!slots) return <div data-code-block="" dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  const lang = language ?? /(?:^|\s)language-([\w+#-]+)/.exec(className ?? '')?.[1] ?? '';
  const code = textOf(children).replace(/\n$/, '');
  slots.blocks.push({ code, language: lang, title, showLineNumbers: showLineNumbers === true });
  return <div data-code-block="">{createElement(slots.tag, { 'data-i': slots.blocks.length - 1 })}</div>;
}
