import { describe, expect, it } from 'vitest';
import { customCssPaths } from '../../../cli/assets/site-styles.js';
import { configSchema } from '../../../cli/config/schema.js';

const base = { title: 'T', url: 'https://t.example.org' };

describe('theme.customCss and navbar.style in the config', () => {
  it('takes a path or a list of paths, in order, and none by default', () => {
    const parse = (theme?: unknown) => configSchema.parse({ ...base, ...(theme === undefined ? {} : { theme }) });
    expect(customCssPaths(parse())).toEqual([]);
    expect(customCssPaths(parse({ customCss: 'src/css/custom.css' }))).toEqual(['src/css/custom.css']);
    expect(customCssPaths(parse({ customCss: ['src/a.css', 'src/b.css'] }))).toEqual(['src/a.css', 'src/b.css']);
  });

  it('refuses an empty path, a path that is not a string and an unknown theme key', () => {
    for (const theme of [{ customCss: '' }, { customCss: [''] }, { customCss: 42 }, { customCss: [{}] }, { other: 1 }])
      expect(configSchema.safeParse({ ...base, theme }).success, JSON.stringify(theme)).toBe(false);
  });

  it("takes Docusaurus's navbar styles, 'dark' and 'primary', and nothing else", () => {
    expect(configSchema.parse({ ...base, navbar: { style: 'dark' } }).navbar.style).toBe('dark');
    expect(configSchema.parse({ ...base, navbar: { style: 'primary' } }).navbar.style).toBe('primary');
    expect(configSchema.parse(base).navbar.style).toBeUndefined();
    expect(configSchema.safeParse({ ...base, navbar: { style: 'light' } }).success).toBe(false);
  });
});
