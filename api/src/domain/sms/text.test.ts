import { describe, expect, it } from 'vitest';
import { splitCodeWord } from './text';

/** The first word of an SMS picks the entity (spec: SMS code words); the rest is the note. */
describe('splitCodeWord', () => {
  it('takes the first word, lower-cased after NFKC, and the trimmed rest with its line breaks', () => {
    expect(splitCodeWord('  ORGA   Vannet stenges\nkl. 10  ')).toEqual({
      codeWord: 'orga',
      rest: 'Vannet stenges\nkl. 10',
    });
    // Full-width letters from a phone keyboard are the same word.
    expect(splitCodeWord('ＯＲＧＡ hei')).toEqual({ codeWord: 'orga', rest: 'hei' });
    expect(splitCodeWord('Orga\thei')).toEqual({ codeWord: 'orga', rest: 'hei' });
  });

  it('gives a code word without text, and nothing for an empty message', () => {
    expect(splitCodeWord('ORGA')).toEqual({ codeWord: 'orga', rest: '' });
    expect(splitCodeWord(' \n ')).toEqual({ codeWord: '', rest: '' });
    expect(splitCodeWord('')).toEqual({ codeWord: '', rest: '' });
  });
});
