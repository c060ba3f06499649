import type { LexiconEntry } from './lexicon-entry.js';
import { coding, LOINC } from './lexicon-entry.js';

const obs = (names: string[], code: string, display: string): LexiconEntry => ({
  names,
  codings: [coding(LOINC, code, display)],
});

/** Vital signs and other common observations with their LOINC codes. */
export const OBSERVATION_LEXICON: LexiconEntry[] = [
  obs(
    ['blood pressure', 'bp', 'blood pressure panel'],
    '85354-9',
    'Blood pressure panel with all children optional',
  ),
  obs(['systolic blood pressure', 'systolic', 'sbp'], '8480-6', 'Systolic blood pressure'),
  obs(['diastolic blood pressure', 'diastolic', 'dbp'], '8462-4', 'Diastolic blood pressure'),
  obs(['heart rate', 'pulse', 'hr', 'pulse rate'], '8867-4', 'Heart rate'),
  obs(['respiratory rate', 'rr', 'respirations', 'resp rate'], '9279-1', 'Respiratory rate'),
  obs(['body temperature', 'temperature', 'temp'], '8310-5', 'Body temperature'),
  obs(
    ['oxygen saturation', 'spo2', 'o2 sat', 'pulse oximetry', 'o2 saturation'],
    '59408-5',
    'Oxygen saturation in Arterial blood by Pulse oximetry',
  ),
  obs(['arterial oxygen saturation', 'sao2'], '2708-6', 'Oxygen saturation in Arterial blood'),
  obs(['body weight', 'weight', 'wt'], '29463-7', 'Body weight'),
  obs(['body height', 'height', 'ht'], '8302-2', 'Body height'),
  obs(['body mass index', 'bmi'], '39156-5', 'Body mass index (BMI) [Ratio]'),
  obs(
    ['head circumference', 'occipital-frontal circumference', 'ofc'],
    '9843-4',
    'Head Occipital-frontal circumference',
  ),
  obs(
    [
      'smoking status',
      'tobacco smoking status',
      'tobacco use',
      'smoking',
      'smoker',
      'current smoker',
      'former smoker',
      'ex-smoker',
      'never smoker',
      'nonsmoker',
      'non-smoker',
      'never smoked',
      'quit smoking',
      'smokes',
    ],
    '72166-2',
    'Tobacco smoking status',
  ),
  obs(
    ['pain score', 'pain severity', 'pain scale', 'pain level'],
    '72514-3',
    'Pain severity - 0-10 verbal numeric rating [Score] - Reported',
  ),
];
