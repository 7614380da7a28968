/** localStorage that never throws: blocked storage only logs a warning. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      console.warn('[docsgen] localStorage is unavailable', error);
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn('[docsgen] localStorage is unavailable', error);
    }
  },
};
