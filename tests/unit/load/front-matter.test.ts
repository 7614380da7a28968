import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../../cli/load/front-matter.js';

describe('parseFrontMatter', () => {
  it('splits front matter and counts its lines so body positions stay true', () => {
    const result = parseFrontMatter('---\ntitle: Hello\nsidebar_position: 2\n---\n\nBody\n', 'a.md');
    expect(result.frontMatter).toEqual({ title: 'Hello', sidebar_position: 2 });
    expect(result.bodyLineOffset).toBe(4);
    expect(result.diagnostics).toEqual([]);
  });

  it('reports invalid YAML at its line', () => {
    const { diagnostics } = parseFrontMatter('---\ntitle: ok\nbad: [unclosed\n---\nBody\n', 'a.md');
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ rule: 'invalid-front-matter', file: 'a.md', line: 4 });
    expect(diagnostics[0].message).toMatch(/^invalid YAML front matter: /);
  });

  it('reports keys of the wrong type with the key line', () => {
    const { diagnostics } = parseFrontMatter(
      '---\nid: x\ntitle: 123\nsidebar_position: "x"\nslug: ../../etc\n---\n',
      'a.md',
    );
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([
      [3, 'front matter title: expected string, received number'],
      [4, 'front matter sidebar_position: expected number, received string'],
      [5, "front matter slug: must not contain '..' segments"],
    ]);
  });

  it('keeps the body and the valid keys when the front matter is wrong, so the page still exists', () => {
    const yaml = parseFrontMatter('---\nbad: [unclosed\n---\n\nBody\n', 'a.md');
    expect([yaml.body, yaml.bodyLineOffset, yaml.frontMatter]).toEqual(['\nBody\n', 3, {}]);
    const typed = parseFrontMatter('---\nid: x\ntitle: 123\n---\nBody\n', 'a.md');
    expect([typed.body, typed.frontMatter]).toEqual(['Body\n', { id: 'x' }]);
  });
});
