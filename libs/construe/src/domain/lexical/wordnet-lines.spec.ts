import { describe, expect, it } from 'vitest';
import { parseDataLine, parseIndexLine } from './wordnet-lines.js';

describe('parseIndexLine', () => {
  it('reads the lemma and its synset offsets after the pointer symbols and sense counts', () => {
    expect(parseIndexLine('ear_plug n 2 3 @ ~ + 2 1 00012345 00067890  ')).toEqual({
      lemma: 'ear_plug',
      offsets: [12345, 67890],
    });
  });

  it('skips the licence header and malformed lines', () => {
    expect(parseIndexLine('  1 This software and database is being provided')).toBeNull();
    expect(parseIndexLine('')).toBeNull();
    expect(parseIndexLine('broken n 2 0 1 0 00012345')).toBeNull();
  });
});

describe('parseDataLine', () => {
  it('reads the lemmas (hex count, markers dropped), the pointers and the definition without examples', () => {
    const synset = parseDataLine(
      '00004567 07 s 02 Achy_Shaky 0 sore(p) 1 002 & 00001111 a 0000 \\ 00002222 n 0101 | hurting when touched; "a sore knee"  ',
    );
    expect(synset).toEqual({
      offset: 4567,
      lemmas: ['achy_shaky', 'sore'],
      pointers: [
        { symbol: '&', part: 'adj', offset: 1111 },
        { symbol: '\\', part: 'noun', offset: 2222 },
      ],
      gloss: 'hurting when touched',
    });
  });

  it('reads a synset of sixteen lemmas or more (the count is hexadecimal)', () => {
    const lemmas = Array.from({ length: 17 }, (_, index) => `w${index}`);
    const line = `00000100 03 n 11 ${lemmas.map((lemma) => `${lemma} 0`).join(' ')} 000 | many names`;
    expect(parseDataLine(line)?.lemmas).toEqual(lemmas);
  });

  it('skips the licence header', () => {
    expect(parseDataLine('  2 Princeton University')).toBeNull();
  });
});
