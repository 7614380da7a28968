let warned = false;

function warn(action: string, key: string, error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(
    `[docsgen] localStorage is unavailable (could not ${action} "${key}"); preferences will not be remembered.`,
    error,
  );
}

/** localStorage that never throws: blocked or failing storage only logs one console warning. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      warn('read', key, error);
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      warn('write', key, error);
    }
  },
};
