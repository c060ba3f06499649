import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences.js';

const texts = (text: string) => splitSentences(text).map((s) => s.text);

describe('splitSentences', () => {
  it('splits on sentence-final punctuation followed by a capital', () => {
    expect(texts('Chest pain for two days. No fever! Any cough? None.')).toEqual([
      'Chest pain for two days.',
      'No fever!',
      'Any cough?',
      'None.',
    ]);
  });

  it('keeps titles, initials and decimals inside the sentence', () => {
    expect(texts('Seen by Dr. Smith today. Temp 38.5 C. J. Doe was present.')).toEqual([
      'Seen by Dr. Smith today.',
      'Temp 38.5 C.',
      'J. Doe was present.',
    ]);
    expect(texts('Mr. and Mrs. Jones arrived.')).toEqual(['Mr. and Mrs. Jones arrived.']);
  });

  it('keeps dosing abbreviations inside the sentence unless a new sentence starts', () => {
    expect(texts('Take 1 tab b.i.d. with food. Return in a week.')).toEqual([
      'Take 1 tab b.i.d. with food.',
      'Return in a week.',
    ]);
    expect(texts('Metformin 500 mg. Lisinopril 10 mg.')).toEqual([
      'Metformin 500 mg.',
      'Lisinopril 10 mg.',
    ]);
    expect(texts('Give 5 mg. p.o. daily.')).toEqual(['Give 5 mg. p.o. daily.']);
  });

  it('does not split before a lower-case word', () => {
    expect(texts('Temp was 98.6 approx. and stable.')).toEqual([
      'Temp was 98.6 approx. and stable.',
    ]);
  });

  it('ends a sentence at a line break unless the line is wrapped', () => {
    expect(texts('HPI: cough\nROS: no fever')).toEqual(['HPI: cough', 'ROS: no fever']);
    expect(texts('The patient reports a cough that\nstarted yesterday.')).toEqual([
      'The patient reports a cough that\nstarted yesterday.',
    ]);
    expect(texts('Line one\n\nline two')).toEqual(['Line one', 'line two']);
  });

  it('gives offsets into the text and skips empty input', () => {
    const text = '  First one.   Second one.  ';
    const spans = splitSentences(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['First one.', 'Second one.']);
    expect(splitSentences('   ')).toEqual([]);
    expect(splitSentences('')).toEqual([]);
  });
});
