import type { SymbolDisplayPart } from 'typescript';
import { describe, expect, it } from 'vitest';
import { firstSentence, plainDoc, tipOf } from '../../../cli/samples/tip-text.js';

const part = (text: string, kind = 'text'): SymbolDisplayPart => ({ text, kind });

describe('the text of a popup', () => {
  it('is the first sentence of the documentation, inline code kept with its backticks', () => {
    expect(firstSentence('Take a photo with `takePhoto()`. It is written to a temporary file.')).toBe(
      'Take a photo with `takePhoto()`.',
    );
  });

  it('does not end a sentence inside inline code, at e.g. or i.e., or at a dot inside a word', () => {
    expect(firstSentence('Formats (e.g. `a.b. c`) of v4.7 are i.e. fine. Next.')).toBe(
      'Formats (e.g. `a.b. c`) of v4.7 are i.e. fine.',
    );
  });

  it('stops at the end of the first paragraph and flattens its lines', () => {
    expect(firstSentence('A component that\nshows the camera\n\nSecond paragraph.')).toBe(
      'A component that shows the camera',
    );
  });

  it('drops the Markdown a popup does not render: heading hashes, bold stars and link targets', () => {
    expect(firstSentence('### A **powerful** [component](https://example.com/x). More.')).toBe('A powerful component.');
  });

  it('writes {@link X} as X', () => {
    const parts = [
      part('See '),
      part('{@link ', 'link'),
      part('Camera', 'linkName'),
      part('}', 'link'),
      part(' and '),
      part('{@link ', 'link'),
      part('Frame', 'linkName'),
      part(' | the frame', 'linkText'),
      part('}', 'link'),
      part('.'),
    ];
    expect(plainDoc(parts)).toBe('See Camera and Frame | the frame.');
  });

  it('shows what an imported name stands for, without the alias lines', () => {
    const tip = tipOf({
      kind: 'alias' as never,
      kindModifiers: '',
      textSpan: { start: 0, length: 1 },
      displayParts: [part('(alias) class Camera\nimport Camera')],
      documentation: [part('The camera.')],
    });
    expect(tip).toEqual({ signature: 'class Camera', doc: 'The camera.' });
  });

  it('cuts a very long signature', () => {
    const tip = tipOf({
      kind: 'type' as never,
      kindModifiers: '',
      textSpan: { start: 0, length: 1 },
      displayParts: [part(`type T = ${'"member" | '.repeat(200)}never`)],
    });
    expect(tip!.signature.length).toBeLessThanOrEqual(600);
    expect(tip!.signature.endsWith('…')).toBe(true);
  });
});
