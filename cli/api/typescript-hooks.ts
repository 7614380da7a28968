/**
 * Module hooks of the API worker (api-worker.ts): `import ts from 'typescript'`
 * gets the same module through `require`, which Node loads without scanning it
 * for named exports. TypeDoc imports TypeScript only as a default import.
 */
import { fileURLToPath } from 'node:url';

interface Resolved {
  url: string;
  format?: string | null;
}
type NextResolve = (specifier: string, context: object) => Promise<Resolved>;

export async function resolve(specifier: string, context: object, nextResolve: NextResolve): Promise<Resolved> {
  const resolved = await nextResolve(specifier, context);
  if (specifier !== 'typescript' || !resolved.url.startsWith('file:')) return resolved;
  const file = JSON.stringify(fileURLToPath(resolved.url));
  const source = `import { createRequire } from 'node:module';\nexport default createRequire(${file})(${file});\n`;
  return {
    url: `data:text/javascript,${encodeURIComponent(source)}`,
    format: 'module',
    shortCircuit: true,
  } as Resolved;
}
