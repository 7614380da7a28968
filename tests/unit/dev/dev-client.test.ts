import { describe, expect, it } from 'vitest';
import { injectDevClient } from '../../../cli/dev/dev-client.js';

describe('injectDevClient', () => {
  it('adds the live-reload script before </body>, with the site base URL', () => {
    const html = injectDevClient('<!DOCTYPE html><html><body><main>x</main></body></html>', '/vc/');
    expect(html).toMatch(
      /<main>x<\/main><script>[\s\S]*new EventSource\("\/__docsgen\/events"\)[\s\S]*<\/script><\/body><\/html>$/,
    );
    expect(html).toContain('var base = "/vc/";');
  });

  it('cannot be broken out of by a base URL containing markup', () => {
    const html = injectDevClient('<body></body>', '/</script><script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
