import { Fragment, type ReactNode } from 'react';

/** Values for a message's `{name}` placeholders: text, or elements (a link inside a sentence). */
type Values = Record<string, ReactNode>;

/** A message with each `{name}` it has a value for replaced; a placeholder without one stays as written. */
function interpolate(message: string, values: Values | undefined): ReactNode[] {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    if (name === undefined || !values || !Object.hasOwn(values, name)) return part;
    return <Fragment key={i}>{values[name]}</Fragment>;
  });
}

/**
 * `translate` of `@docusaurus/Translate`: the message itself, its placeholders filled. docsgen builds one language,
 * so there is no other translation to look up by `id`.
 */
export function translate(
  { message }: { message: string; id?: string; description?: string },
  values?: Record<string, string | number>,
): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    values && Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** `<Translate>` of `@docusaurus/Translate`: its text, with `values` in its placeholders (one language: no lookup). */
export default function Translate({
  children,
  values,
}: {
  children?: string;
  id?: string;
  description?: string;
  values?: Values;
}) {
  return <>{interpolate(children ?? '', values)}</>;
}
