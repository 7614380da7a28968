import { describe, expect, it } from 'vitest';
import { fillMarkers } from '../../../cli/components/fill-components.js';
import type { ComponentCalls } from '../../../cli/types.js';

const uses: ComponentCalls = {
  marker: 'dg-use-test',
  calls: [
    { name: 'Outer', props: {}, children: true },
    { name: 'Inner', props: {}, children: true },
    { name: 'Leaf', props: {}, children: false },
  ],
};
/** Renders a use as its name around its children. */
const render = async (call: { name: string }, children: string) => `[${call.name}:${children}]`;

describe('fillMarkers', () => {
  it('renders nested uses innermost first, with their children as HTML', async () => {
    const html =
      '<p>a</p><dg-use-test-0><p>b</p><dg-use-test-1><em>c</em></dg-use-test-1></dg-use-test-0><dg-use-test-2></dg-use-test-2><p>d</p>';
    expect(await fillMarkers(html, uses, render)).toBe('<p>a</p>[Outer:<p>b</p>[Inner:<em>c</em>]][Leaf:]<p>d</p>');
  });

  it('leaves a page without markers as it is', async () => {
    expect(await fillMarkers('<p>&lt;dg-use-test-0&gt;</p>', uses, render)).toBe('<p>&lt;dg-use-test-0&gt;</p>');
  });
});
