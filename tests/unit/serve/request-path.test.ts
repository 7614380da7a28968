import { describe, expect, it } from 'vitest';
import { parseRequestPath } from '../../../cli/serve/request-path.js';

describe('parseRequestPath', () => {
  it('decodes a clean path and keeps the query', () => {
    expect(parseRequestPath('/docs/guides/taking%20photos?x=1')).toEqual({
      path: 'docs/guides/taking photos',
      query: '?x=1',
    });
    expect(parseRequestPath('/')).toEqual({ path: '', query: '' });
    expect(parseRequestPath('/docs/')).toEqual({ path: 'docs/', query: '' });
  });

  it.each([
    ['/../etc/passwd'],
    ['/docs/../../etc/passwd'],
    ['/%2e%2e/etc/passwd'],
    ['/%2E%2E/%2e%2e/etc/passwd'],
    ['/docs/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['/..%2fetc/passwd'],
    ['/..%5c..%5cwindows'],
    ['/docs\\..\\secret'],
    ['//etc/passwd'],
    ['/docs//x'],
    ['/C:/Windows/win.ini'],
    ['/./index.html'],
    ['/x%00.html'],
    ['/%E0%A4%A'],
    ['http://example.com/docs'],
    ['*'],
  ])('refuses %s', (url) => {
    expect(parseRequestPath(url)).toBeNull();
  });
});
