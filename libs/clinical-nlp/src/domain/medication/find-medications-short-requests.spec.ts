import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text/split-sentences.js';
import { findMedications, medicationAt } from './find-medications.js';

const medications = (text: string) => findMedications(text, splitSentences(text));

describe('medications in short requests', () => {
  it('reads a strength written before the name', () => {
    const [found] = medications('Prescribed 20mg Atorvastatin at bedtime');
    expect(found.name.text).toBe('Atorvastatin');
    expect(found.strength).toMatchObject({ value: 20, unit: 'mg' });
  });

  it('takes a lower-case brand after a prescribing verb, with its strength', () => {
    const [found] = medications('started humira 40mg every other week');
    expect(found.name.text).toBe('humira');
    expect(found.strength).toMatchObject({ value: 40, unit: 'mg' });
  });

  it('reads units per millilitre as one strength unit', () => {
    const [found] = medications('Start heparin 5000 units/mL injection');
    expect(found.strength).toMatchObject({ value: 5000, unit: 'U/mL' });
  });

  it('reads the mention of a name found elsewhere (by the vocabulary)', () => {
    const text = 'Give somatropin 5 mg/mL injection weekly';
    const mention = medicationAt(text, splitSentences(text), {
      start: 5,
      end: 15,
      text: 'somatropin',
    });
    expect(mention.name.text).toBe('somatropin');
    expect(mention.strength).toMatchObject({ value: 5, unit: 'mg/mL' });
    expect(mention.timing).toBeDefined();
  });
});
