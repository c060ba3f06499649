import { describe, expect, it } from 'vitest';
import { analyzeClinicalText } from './analyze-clinical-text.js';

const NOTE = [
  'John Smith is a 45-year-old male with a history of type 2 diabetes and hypertension.',
  'He denies chest pain, shortness of breath, or fever.',
  'BP 142/90, HR 88, T 98.6 F.',
  'Started metformin 500 mg PO BID.',
  'Allergic to penicillin (hives).',
  'Hemoglobin A1c 8.2% (H).',
  'Underwent laparoscopic cholecystectomy in 2019.',
  'Mother has breast cancer.',
  'Follow up in 2 weeks.',
].join(' ');

describe('analyzeClinicalText', () => {
  const analysis = analyzeClinicalText(NOTE, { referenceDate: new Date('2024-05-10T12:00:00Z') });

  it('splits the sentences', () => {
    expect(analysis.sentences).toHaveLength(9);
    expect(analysis.text).toBe(NOTE);
  });

  it('reads the person', () => {
    expect(analysis.person).toMatchObject({
      given: ['John'],
      family: 'Smith',
      gender: 'male',
      ageYears: 45,
    });
  });

  it('reads the vital signs', () => {
    expect(analysis.vitals.map((v) => [v.kind, v.code.code])).toEqual([
      ['blood-pressure', '85354-9'],
      ['heart-rate', '8867-4'],
      ['body-temperature', '8310-5'],
    ]);
  });

  it('reads the medication, and not the allergen, as a medication', () => {
    expect(analysis.medications).toHaveLength(1);
    expect(analysis.medications[0]).toMatchObject({
      name: { text: 'metformin' },
      strength: { value: 500, unit: 'mg' },
      route: { code: '26643006' },
      timing: { frequency: 2, code: { code: 'BID' } },
    });
  });

  it('reads the dates, relative ones against the reference date', () => {
    expect(analysis.dates.map((d) => [d.span.text, d.value])).toEqual([
      ['2019', '2019'],
      ['in 2 weeks', '2024-05-24'],
    ]);
  });

  it('reads the phrases to code, each with its assertion', () => {
    const summary = analysis.phrases.map((p) => [
      p.category,
      p.span.text,
      (['negated', 'historical', 'family'] as const).filter((k) => p.assertion[k]).join(','),
    ]);
    expect(summary).toEqual([
      ['problem', 'type 2 diabetes', 'historical'],
      ['problem', 'hypertension', 'historical'],
      ['problem', 'chest pain', 'negated'],
      ['problem', 'shortness of breath', 'negated'],
      ['problem', 'fever', 'negated'],
      ['allergy', 'penicillin', ''],
      ['lab', 'Hemoglobin A1c', ''],
      ['procedure', 'laparoscopic cholecystectomy', ''],
      ['problem', 'breast cancer', 'family'],
    ]);
  });

  it('keeps every span true to the text', () => {
    const spans = [
      ...analysis.sentences,
      ...analysis.vitals.map((v) => v.span),
      ...analysis.medications.flatMap((m) => [m.span, m.name]),
      ...analysis.dates.map((d) => d.span),
      ...analysis.phrases.map((p) => p.span),
    ];
    for (const span of spans) expect(NOTE.slice(span.start, span.end)).toBe(span.text);
  });

  it('answers an empty analysis for empty text, and handles 100 kB', () => {
    expect(analyzeClinicalText('')).toEqual({
      text: '',
      sentences: [],
      vitals: [],
      medications: [],
      dates: [],
      phrases: [],
    });
    const big = `${NOTE} `.repeat(Math.ceil(100_000 / NOTE.length));
    const result = analyzeClinicalText(big, { referenceDate: new Date('2024-05-10T12:00:00Z') });
    expect(result.medications.length).toBe(Math.ceil(100_000 / NOTE.length));
  });
});
