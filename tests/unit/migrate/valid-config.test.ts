import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { makeValid } from '../../../cli/migrate/valid-config.js';

const placeholders = { title: 'folder-name', url: 'https://example.com' };

describe('makeValid: the config migrate writes is one the schema accepts', () => {
  it('leaves out nulls, unknown keys and values of the wrong shape, each with a note, and keeps the rest', () => {
    const notes: string[] = [];
    const config: Record<string, unknown> = {
      title: 'T',
      url: 'https://t.example.org',
      favicon: null,
      sitemap: { priority: null, changefreq: 'weekly', lastmod: null },
      navbar: {
        items: [
          { label: 1, to: 'a' },
          { label: 'Kept', to: 'b' },
          { type: 'dropdown', label: 'Menu' },
        ],
        layout: 'dark',
      },
      docs: {
        path: 'docs',
        sidebars: { s: ['intro', { type: 'doc', id: 'x', rel: 'nofollow' }, { type: 'category', items: [] }] },
      },
    };
    expect(makeValid(config, (at, message) => notes.push(`${at}: ${message}`), placeholders)).toBe(true);
    expect(configSchema.safeParse(config).success).toBe(true);
    expect(config.favicon).toBeUndefined();
    expect(config.sitemap).toEqual({ changefreq: 'weekly', lastmod: null });
    expect(config.navbar).toEqual({ items: [{ label: 'Kept', to: 'b' }] });
    expect(config.docs).toEqual({ path: 'docs', sidebars: { s: ['intro', { type: 'doc', id: 'x' }] } });
    expect(notes).toContain('favicon: Invalid input: expected string, received null: left out');
    expect(notes).toContain('sitemap.priority: Invalid input: expected number, received null: left out');
    expect(notes).toContain("navbar.layout: docsgen's config has no such key: left out");
  });

  it('says what the closest shape of a union wanted', () => {
    const notes: string[] = [];
    const config: Record<string, unknown> = {
      title: 'T',
      url: 'https://t.example.org',
      search: { provider: 'algolia', apiKey: 'k', indexName: 'i' },
    };
    expect(makeValid(config, (at, message) => notes.push(`${at}: ${message}`), placeholders)).toBe(true);
    expect(config.search).toBeUndefined();
    expect(notes).toEqual([
      'search: Invalid input (appId: Invalid input: expected string, received undefined): left out',
    ]);
  });

  it('writes placeholders for a title and url it could not read, saying so', () => {
    const notes: string[] = [];
    const config: Record<string, unknown> = { url: 'not a url', docs: { path: 'docs' } };
    expect(makeValid(config, (at, message) => notes.push(`${at}: ${message}`), placeholders)).toBe(true);
    expect(config).toMatchObject({ title: 'folder-name', url: 'https://example.com' });
    expect(notes).toEqual([
      "title: not read from the Docusaurus config (computed in code?): 'folder-name' was written, replace it",
      "url: not valid here (Invalid URL): 'https://example.com' was written, replace it",
    ]);
  });
});
