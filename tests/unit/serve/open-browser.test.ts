import { describe, expect, it } from 'vitest';
import { browserCommand } from '../../../cli/serve/open-browser.js';

const URL = 'http://127.0.0.1:3000/';

describe('the command --open runs', () => {
  it("is the platform's opener without $BROWSER", () => {
    expect(browserCommand(URL, {}, 'linux')).toEqual(['xdg-open', [URL]]);
    expect(browserCommand(URL, {}, 'darwin')).toEqual(['open', [URL]]);
    expect(browserCommand(URL, {}, 'win32')).toEqual(['cmd', ['/c', 'start', '""', URL]]);
  });

  it('is the program $BROWSER names, with the URL as its one argument; BROWSER=none opens nothing', () => {
    expect(browserCommand(URL, { BROWSER: '/usr/bin/firefox' }, 'linux')).toEqual(['/usr/bin/firefox', [URL]]);
    expect(browserCommand(URL, { BROWSER: 'none' }, 'darwin')).toBeUndefined();
    expect(browserCommand(URL, { BROWSER: 'NONE' }, 'linux')).toBeUndefined();
    expect(browserCommand(URL, { BROWSER: '' }, 'linux')).toEqual(['xdg-open', [URL]]);
  });
});
