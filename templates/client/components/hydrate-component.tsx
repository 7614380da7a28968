import { type ComponentType, createElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

/**
 * Hydrates one use of a `client: true` site component over the markup the
 * build rendered: the same props (from the page's JSON), and its children,
 * which are content rendered at build time, given back as static HTML in the
 * same `<docsgen-children>` wrapper the server put around them.
 */
export function hydrateComponent(
  Component: ComponentType<Record<string, unknown>>,
  container: HTMLElement,
  data: { props: Record<string, unknown>; children: string | null; idPrefix?: string },
): Root {
  const props =
    data.children === null
      ? data.props
      : {
          ...data.props,
          children: createElement('docsgen-children', {
            style: { display: 'contents' },
            dangerouslySetInnerHTML: { __html: data.children },
            suppressHydrationWarning: true,
          }),
        };
  return hydrateRoot(container, createElement(Component, props), {
    identifierPrefix: data.idPrefix,
    onRecoverableError: (error) => console.warn('[docsgen] a site component recovered from', error),
  });
}
