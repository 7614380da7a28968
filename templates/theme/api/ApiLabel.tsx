import { createContext, useContext, type ReactNode } from 'react';

/**
 * The heading level of labels such as "Parameters" or "Example": one below
 * the heading they sit under (h2 directly under the page title, h3 under an
 * overload's h2, h4 under a member's h3), so heading order never skips a level.
 */
export const LabelLevel = createContext(2);

export function ApiLabel({ children }: { children: ReactNode }) {
  const level = useContext(LabelLevel);
  const Tag = `h${level}` as 'h2';
  return <Tag className="api-label">{children}</Tag>;
}
