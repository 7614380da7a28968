import { describe, expect, it } from 'vitest';
import { describeUpdate } from '../../../cli/dev/describe-update.js';

const update = (fields: Partial<Parameters<typeof describeUpdate>[0]>) =>
  describeUpdate({ reload: [], added: [], removed: [], duration: 3, ...fields });

describe('describeUpdate', () => {
  it('says which pages were reloaded, or that none changed', () => {
    expect(update({ reload: ['/docs/a'] })).toBe('reloaded /docs/a');
    expect(update({ reload: 'all' })).toBe('reloaded every page');
    expect(update({})).toBe('no page changed');
    expect(update({ css: { from: ['/a.css'], to: ['/b.css'] } })).toBe('stylesheet swapped');
  });

  it('names the pages that appeared or disappeared first', () => {
    expect(update({ reload: 'all', removed: ['/docs/old'] })).toBe('removed /docs/old; reloaded every page');
    expect(update({ reload: 'all', added: ['/docs/new'], removed: ['/docs/old'] })).toBe(
      'added /docs/new; removed /docs/old; reloaded every page',
    );
    expect(update({ reload: 'all', added: ['/a', '/b'] })).toBe('added /a and /b; reloaded every page');
    expect(update({ reload: 'all', added: ['/a', '/b', '/c', '/d', '/e'] })).toBe(
      'added /a, /b, /c and 2 more; reloaded every page',
    );
  });
});
