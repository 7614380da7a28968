import * as z from 'zod';

/**
 * `z.record(z.string(), value)` that refuses a `__proto__` key instead of
 * losing it: zod builds its output by assignment, and assigning `__proto__`
 * sets the object's prototype, so a sidebar (or version, or component) named
 * `__proto__` would vanish without a word. Other built-in names
 * (`constructor`, `toString`) are kept as they are.
 */
export function recordOf<T extends z.ZodType>(value: T) {
  return z.preprocess(
    (input, ctx) => {
      if (input !== null && typeof input === 'object' && Object.hasOwn(input, '__proto__')) {
        ctx.addIssue({
          code: 'custom',
          path: ['__proto__'],
          input,
          params: { near: '__proto__' },
          message: "'__proto__' cannot be a name here: it is a built-in property of every JavaScript object; rename it",
        });
      }
      return input;
    },
    z.record(z.string(), value),
  );
}
