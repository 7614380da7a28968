import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../cli/config/schema.js';
import { mapDocusaurusConfig } from '../../../cli/migrate/map-docusaurus.js';

/** Issue 29 §1: the keywords a Docusaurus site adds to its admonitions are carried over to markdown.admonitions.keywords. */
describe("migrate: the docs plugin's admonitions option", () => {
  const migrate = (admonitions: unknown, markdown?: unknown) =>
    mapDocusaurusConfig({
      title: 'T',
      url: 'https://t.example.org',
      ...(markdown ? { markdown } : {}),
      presets: [['classic', { docs: { admonitions } }]],
    });
  const accepts = (config: Record<string, unknown>) =>
    configSchema.safeParse({ ...config, docs: { ...(config.docs as object), sidebars: {} } }).success;

  it("carries the keywords the site added, beside the Markdown settings, leaving out the theme's own types", () => {
    const { config, notes } = migrate(
      { keywords: ['release', 'important', 'note', 'release', 'my_type-2'], extendDefaults: true },
      { format: 'detect' },
    );
    expect(config.markdown).toEqual({ format: 'detect', admonitions: { keywords: ['release', 'my_type-2'] } });
    expect(notes).toEqual([]);
    expect(accepts(config)).toBe(true);
  });

  it('notes what it cannot follow, and never writes a keyword the config would refuse', () => {
    const { config, notes } = migrate({
      tag: '+++',
      keywords: ['ok', 'two words', 42],
      extendDefaults: false,
      icons: 'emoji',
    });
    expect(config.markdown).toEqual({ admonitions: { keywords: ['ok'] } });
    expect(notes.map((n) => `${n.path}: ${n.message}`)).toEqual([
      'presets[0][1].docs.admonitions.tag: admonitions are always fenced with `:::` in docsgen',
      "presets[0][1].docs.admonitions.extendDefaults: the theme's types (note, tip, info, warning, danger, caution) stay available",
      'presets[0][1].docs.admonitions.icons: not supported',
      'presets[0][1].docs.admonitions.keywords[1]: left out: a keyword is a word of letters, digits, `-` and `_` starting with a letter',
      'presets[0][1].docs.admonitions.keywords[2]: left out: a keyword is a word of letters, digits, `-` and `_` starting with a letter',
    ]);
    expect(accepts(config)).toBe(true);
  });

  it('notes admonitions turned off, and writes nothing for the default', () => {
    expect(migrate(false).notes.map((n) => n.message)).toEqual([
      'admonitions are always on in docsgen: `:::note` blocks are drawn as admonitions',
    ]);
    expect(migrate(true).config.markdown).toBeUndefined();
    expect(migrate({ keywords: ['note', 'tip'] }).config.markdown).toBeUndefined();
  });
});
