import { describe, expect, it } from 'vitest';
import type { ClinicalPhrase } from '../clinical-analysis.js';
import { splitSentences } from '../text/split-sentences.js';
import { findAllergies } from './find-allergies.js';
import { findLabs } from './find-labs.js';
import { findPhrases } from './find-phrases.js';
import { findProblems } from './find-problems.js';
import { findProcedures } from './find-procedures.js';
import { findSmokingStatus } from './find-smoking-status.js';
import { SpanSet } from './span-set.js';

type Finder = typeof findLabs;
const run = (finder: Finder, text: string) => finder(text, splitSentences(text), new SpanSet());
const texts = (phrases: ClinicalPhrase[]) => phrases.map((p) => p.span.text);

describe('findProblems', () => {
  it('lists the problems after a trigger, each with its assertion', () => {
    const found = run(findProblems, 'He denies chest pain, shortness of breath, or fever.');
    expect(texts(found)).toEqual(['chest pain', 'shortness of breath', 'fever']);
    expect(found.every((p) => p.assertion.negated && p.category === 'problem')).toBe(true);
  });

  it.each([
    [
      'History of type 2 diabetes and hypertension.',
      ['type 2 diabetes', 'hypertension'],
      'historical',
    ],
    ['Patient presents with cough and wheezing for 3 days.', ['cough', 'wheezing'], undefined],
    ['She complains of severe abdominal pain.', ['abdominal pain'], undefined],
    ['Mother has breast cancer.', ['breast cancer'], 'family'],
    ['Possible pneumonia.', ['pneumonia'], 'uncertain'],
    ['Known CAD and COPD.', ['CAD', 'COPD'], undefined],
    ['Diagnosed with rheumatoid arthritis in 2015.', ['rheumatoid arthritis'], undefined],
    ['No history of stroke.', ['stroke'], 'negated'],
  ])('%s', (text, expected, flag) => {
    const found = run(findProblems, text);
    expect(texts(found)).toEqual(expected);
    if (flag) expect(found.every((p) => p.assertion[flag as 'negated'])).toBe(true);
  });

  it('keeps the number of a stage, type or grade inside the finding', () => {
    expect(texts(run(findProblems, 'She has chronic kidney disease stage 3.'))).toEqual([
      'chronic kidney disease stage 3',
    ]);
    expect(texts(run(findProblems, 'History of stage 2 breast cancer.'))).toEqual([
      'stage 2 breast cancer',
    ]);
  });

  it('reads the items listed under a heading', () => {
    const found = run(
      findProblems,
      'Assessment: community acquired pneumonia, dehydration\nPlan: fluids',
    );
    expect(texts(found)).toEqual(['community acquired pneumonia', 'dehydration']);
  });

  it('does not take short abbreviations in lower case, nor numbers, for problems', () => {
    expect(texts(run(findProblems, 'he is on the ra floor with 2 visitors'))).toEqual([]);
    expect(texts(run(findProblems, 'Hx of RA.'))).toEqual(['RA']);
  });

  it('skips spans another extractor claimed', () => {
    const text = 'History of hypertension.';
    const taken = new SpanSet();
    taken.add({ start: 11, end: 23 });
    expect(findProblems(text, splitSentences(text), taken)).toEqual([]);
  });
});

describe('findLabs', () => {
  it.each([
    ['Hemoglobin 10.2 g/dL', 'Hemoglobin', 10.2, 'g/dL', undefined],
    ['HbA1c 8.2% (H)', 'HbA1c', 8.2, '%', 'high'],
    ['creatinine of 1.4 mg/dL', 'creatinine', 1.4, 'mg/dL', undefined],
    ['K 5.9 H', 'K', 5.9, undefined, 'high'],
    ['Na 128 mmol/L low', 'Na', 128, 'mmol/L', 'low'],
    ['WBC 12.5 K/uL', 'WBC', 12.5, '10*3/uL', undefined],
    ['glucose was >300 mg/dL', 'glucose', 300, 'mg/dL', undefined],
    ['TSH 2.1, normal', 'TSH', 2.1, undefined, undefined],
  ])('%s', (text, name, value, unit, interpretation) => {
    const [lab] = run(findLabs, text);
    expect(lab.category).toBe('lab');
    expect(lab.span.text).toBe(name);
    expect(lab.value?.value).toBe(value);
    expect(lab.value?.unit).toBe(unit);
    expect(lab.interpretation).toBe(interpretation);
  });

  it('reads an interpretation written before the test', () => {
    const [lab] = run(findLabs, 'Elevated troponin this morning.');
    expect(lab.span.text).toBe('troponin');
    expect(lab.interpretation).toBe('high');
    expect(lab.value).toBeUndefined();
  });

  it('reads a pain score as an observation', () => {
    const [score] = run(findLabs, 'Pain score 7/10.');
    expect(score).toMatchObject({ category: 'observation', value: { value: 7, unit: '{score}' } });
  });

  it('takes short lab names only with a value, panels excepted', () => {
    expect(run(findLabs, 'He called K at home about the CR.')).toEqual([]);
    expect(texts(run(findLabs, 'Order a lipid panel, CBC and BMP.'))).toEqual([
      'lipid panel',
      'CBC',
      'BMP',
    ]);
  });
});

describe('findAllergies', () => {
  it('lists allergens with their reaction', () => {
    const found = run(findAllergies, 'Allergic to penicillin (hives) and sulfa.');
    expect(texts(found)).toEqual(['penicillin', 'sulfa']);
    expect(found[0].reaction?.text).toBe('hives');
    expect(found.every((p) => p.category === 'allergy' && !p.assertion.negated)).toBe(true);
  });

  it.each([
    ['Allergies: latex, peanuts', ['latex', 'peanuts']],
    ['Penicillin allergy causing rash.', ['Penicillin']],
    ['Patient is intolerant of codeine.', ['codeine']],
    ['She has a reaction to contrast dye', ['contrast dye']],
  ])('%s', (text, expected) => {
    expect(texts(run(findAllergies, text))).toEqual(expected);
  });

  it('gives "no known drug allergies" as a negated allergy', () => {
    for (const text of ['NKDA.', 'No known drug allergies.', 'Allergies: NKA']) {
      const [phrase] = run(findAllergies, text);
      expect(phrase.category).toBe('allergy');
      expect(phrase.assertion.negated).toBe(true);
    }
  });
});

describe('findProcedures', () => {
  it.each([
    ['Underwent laparoscopic cholecystectomy in 2019.', ['laparoscopic cholecystectomy']],
    ['Colonoscopy was normal.', ['Colonoscopy']],
    ['Scheduled for total knee replacement.', ['total knee replacement']],
    ['CT of the head was negative.', ['CT of the head']],
    ['Chest x-ray shows no infiltrate.', ['Chest x-ray']],
    ['EKG showed sinus rhythm.', ['EKG']],
    ['s/p appendectomy', ['appendectomy']],
    ['She had a skin biopsy last week.', ['skin biopsy']],
  ])('%s', (text, expected) => {
    const found = run(findProcedures, text);
    expect(texts(found)).toEqual(expected);
    expect(found.every((p) => p.category === 'procedure')).toBe(true);
  });
});

describe('findPhrases', () => {
  it('runs every extractor once over the text without overlaps', () => {
    const text =
      'Hx of hypertension. Hemoglobin 9.1 g/dL. Allergic to latex. Underwent colonoscopy.';
    const found = findPhrases(text, splitSentences(text), new SpanSet());
    expect(found.map((p) => [p.category, p.span.text])).toEqual([
      ['problem', 'hypertension'],
      ['lab', 'Hemoglobin'],
      ['allergy', 'latex'],
      ['procedure', 'colonoscopy'],
    ]);
  });
});

describe('findSmokingStatus', () => {
  it.each([
    ['Former smoker, quit in 2010.', 'Former smoker', '8517006'],
    ['Ex-smoker.', 'Ex-smoker', '8517006'],
    ['Smokes 1 pack per day.', 'Smokes 1 pack per day', '449868002'],
    ['Current smoker.', 'Current smoker', '77176002'],
    ['Denies tobacco use.', 'Denies tobacco use', '266919005'],
    ['Never smoker.', 'Never smoker', '266919005'],
  ])('%s', (text, written, code) => {
    const [status] = run(findSmokingStatus, text);
    expect(status.category).toBe('observation');
    expect(status.span.text).toBe(written);
    expect(status.valueCode?.code).toBe(code);
    expect(status.assertion.negated).toBe(false);
  });

  it('says nothing when smoking is not mentioned', () => {
    expect(run(findSmokingStatus, 'Drinks alcohol socially.')).toEqual([]);
  });
});
