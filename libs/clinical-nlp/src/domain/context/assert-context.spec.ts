import { describe, expect, it } from 'vitest';
import type { Assertion } from '../clinical-analysis.js';
import { assertContext } from './assert-context.js';

/** The assertion of the first occurrence of `target` in `sentence`. */
function assertOf(sentence: string, target: string): Assertion {
  const start = sentence.toLowerCase().indexOf(target.toLowerCase());
  if (start < 0) throw new Error(`"${target}" not in "${sentence}"`);
  return assertContext(sentence, { start, end: start + target.length });
}

const flags = (a: Assertion) =>
  (['negated', 'uncertain', 'historical', 'family', 'hypothetical'] as const).filter((k) => a[k]);

describe('assertContext: negation', () => {
  it.each([
    ['No fever.', 'fever'],
    ['Patient denies chest pain.', 'chest pain'],
    ['He denied any nausea or vomiting.', 'vomiting'],
    ['Negative for pneumothorax.', 'pneumothorax'],
    ['Without evidence of fracture.', 'fracture'],
    ['No evidence of acute cardiopulmonary disease.', 'acute cardiopulmonary disease'],
    ['Abdomen soft, no masses or organomegaly.', 'organomegaly'],
    ['Free of edema.', 'edema'],
    ['Pneumonia was ruled out.', 'Pneumonia'],
    ['Pulmonary embolism is unlikely.', 'Pulmonary embolism'],
    ['Pneumothorax not seen.', 'Pneumothorax'],
    ['Extremities: no clubbing, cyanosis, or edema.', 'edema'],
    ['The patient has never had a seizure.', 'seizure'],
    ['ROS -ve for bleeding.', 'bleeding'],
    ['Absence of pulses in the left foot.', 'pulses'],
    ['There is no longer any rash.', 'rash'],
    ['Fever has resolved.', 'Fever'],
    ['Low suspicion for appendicitis.', 'appendicitis'],
  ])('%s → "%s" negated', (sentence, target) => {
    expect(assertOf(sentence, target).negated).toBe(true);
  });

  it.each([
    ['Chest x-ray shows pneumonia.', 'pneumonia'],
    ['No change in the size of the nodule.', 'nodule'],
    ['Gram negative rods in the culture, consistent with infection.', 'infection'],
    ['Not only fever but also chills.', 'chills'],
    ['No fever but reports a productive cough.', 'productive cough'],
    ['Denies fever; has diarrhea.', 'diarrhea'],
    ['Positive for cough.', 'cough'],
    ['Walks without difficulty, has knee pain.', 'knee pain'],
    ['She refused nitroglycerin for her chest pain.', 'chest pain'],
    ['No acute distress, patient presents with abdominal pain.', 'abdominal pain'],
  ])('%s → "%s" affirmed', (sentence, target) => {
    expect(assertOf(sentence, target).negated).toBe(false);
  });

  it('ignores trigger words inside the target itself', () => {
    expect(assertOf('There is free air under the diaphragm.', 'free air').negated).toBe(false);
  });

  it('limits the scope of a forward trigger to a clause', () => {
    const sentence = 'No fever. Cough for three days.';
    expect(assertOf(sentence, 'Cough').negated).toBe(false);
  });

  it('reports the trigger that set the flag, with offsets into the sentence', () => {
    const sentence = 'Patient denies chest pain.';
    const assertion = assertOf(sentence, 'chest pain');
    expect(assertion.triggers).toEqual([{ start: 8, end: 14, text: 'denies' }]);
  });
});

describe('assertContext: uncertainty, history, hypothetical, family', () => {
  it.each([
    ['Possible pneumonia in the right lower lobe.', 'pneumonia', ['uncertain']],
    ['Rule out myocardial infarction.', 'myocardial infarction', ['uncertain']],
    ['Findings suspicious for malignancy.', 'malignancy', ['uncertain']],
    ['Pulmonary embolism cannot be excluded.', 'Pulmonary embolism', ['uncertain']],
    ['Evaluate for deep vein thrombosis.', 'deep vein thrombosis', ['uncertain']],
    ['History of type 2 diabetes.', 'type 2 diabetes', ['historical']],
    ['She is status post appendectomy.', 'appendectomy', ['historical']],
    ['Prior myocardial infarction in 2010.', 'myocardial infarction', ['historical']],
    ['No history of stroke.', 'stroke', ['negated']],
    ['Return to the ED if chest pain recurs.', 'chest pain', ['uncertain', 'hypothetical']],
    ['Discussed the risks of bleeding.', 'bleeding', ['uncertain', 'hypothetical']],
    ['Mother has breast cancer.', 'breast cancer', ['family']],
    ['Family history of colon cancer.', 'colon cancer', ['family']],
    ['Breast cancer in her maternal aunt.', 'Breast cancer', ['family']],
    ['His father had a myocardial infarction, patient has hypertension.', 'hypertension', []],
    ['Brought in by his wife for confusion.', 'confusion', []],
    ['History and physical: cough.', 'cough', []],
    ['Two-day history of fever.', 'fever', []],
    ['She has a history of asthma and now presents with wheezing.', 'wheezing', []],
  ])('%s → "%s" %j', (sentence, target, expected) => {
    expect(flags(assertOf(sentence, target))).toEqual(expected);
  });

  it('gives an affirmed assertion when the target is outside the sentence', () => {
    expect(assertContext('No fever.', { start: 40, end: 45 })).toMatchObject({
      negated: false,
      triggers: [],
    });
  });
});
