import { describe, expect, it } from 'vitest';
import { flattenHeadings } from '../../../cli/api/flatten-headings.js';

describe('flattenHeadings', () => {
  it('turns TSDoc headings into bold paragraphs and leaves code fences alone', () => {
    expect(flattenHeadings('### A powerful `<Camera>` component.\n\nText\n\n```md\n# kept\n```\n## Also ##')).toBe(
      '**A powerful `<Camera>` component.**\n\nText\n\n```md\n# kept\n```\n**Also**',
    );
  });
});
