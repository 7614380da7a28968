import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { mapDocusaurusConfig } from '../../../cli/migrate/map-docusaurus.js';

/** The config a migrated Docusaurus config becomes, checked against docsgen's schema. */
function migrate(source: Record<string, unknown>) {
  const result = mapDocusaurusConfig({ title: 'T', url: 'https://t.example.org', ...source });
  const parsed = configSchema.safeParse({
    ...result.config,
    docs: { ...(result.config.docs as object), sidebars: {} },
  });
  expect(parsed.success).toBe(true);
  return result;
}

describe('migrate: src/pages', () => {
  it("carries the classic preset's pages options over, with no note that src/pages is missing", () => {
    const { config, notes } = migrate({
      presets: [
        [
          'classic',
          { docs: {}, pages: { path: 'src/site-pages', routeBasePath: 'more', exclude: ['**/*.stories.tsx'] } },
        ],
      ],
    });
    expect(config.pages).toEqual({ path: 'src/site-pages', routeBasePath: '/more', exclude: ['**/*.stories.tsx'] });
    expect(notes).toEqual([]);
  });

  it('the pages plugin: its options carried over, `include` and other instances noted', () => {
    const { config, notes } = migrate({
      plugins: [
        ['@docusaurus/plugin-content-pages', { path: 'pages', include: ['**/*.md'] }],
        ['content-pages', { id: 'second', path: 'other' }],
      ],
    });
    expect(config.pages).toEqual({ path: 'pages' });
    expect(notes.map((n) => n.path)).toEqual(['plugins[0][1].include', 'plugins[1][1].id']);
    expect(notes.map((n) => n.message).join('\n')).not.toContain('no src/pages');
  });

  it('`pages: false` turns pages off; without options nothing is written (src/pages is the default)', () => {
    expect(migrate({ presets: [['classic', { docs: {}, pages: false }]] }).config.pages).toBe(false);
    expect(migrate({ presets: [['classic', { docs: {} }]] }).config.pages).toBeUndefined();
  });
});
