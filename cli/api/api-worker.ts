/**
 * Worker thread entry of the API stage. TypeDoc imports TypeScript (a
 * CommonJS package of about 9 MB) with `import`, which makes Node scan the
 * whole file for named exports first: about a second of this thread's start,
 * measured. The hooks (typescript-hooks.ts) hand it TypeScript through
 * `require` instead; they must be registered before TypeDoc is imported.
 */
import { register } from 'node:module';

register('./typescript-hooks.js', import.meta.url);
await import('./api-worker-jobs.js');
