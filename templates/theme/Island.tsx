import type { ReactNode } from 'react';

/** JSON for a `<script type="application/json">`: `<` escaped so text can never close the script. */
export function serializeProps(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Marks server-rendered markup that hydrates in the browser: a
 * `display: contents` wrapper the client hands to `hydrateRoot`, followed by
 * the props it needs as small JSON. Large HTML (the mobile sidebar) stays in
 * the markup and is read back from the DOM, never copied into the JSON.
 */
export function Island({ name, props, children }: { name: string; props: object; children: ReactNode }) {
  return (
    <>
      <div className="island" data-island={name}>
        {children}
      </div>
      <script
        type="application/json"
        data-island-props={name}
        dangerouslySetInnerHTML={{ __html: serializeProps(props) }}
      />
    </>
  );
}
