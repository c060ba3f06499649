import type { CodingRef, VitalSignKind } from '../clinical-analysis.js';

export const LOINC = 'http://loinc.org';

const loinc = (code: string, display: string): CodingRef => ({ system: LOINC, code, display });

/** LOINC codes of the US Core vital-sign profiles. */
export const VITAL_SIGN_CODES: Readonly<Record<VitalSignKind, CodingRef>> = {
  'blood-pressure': loinc('85354-9', 'Blood pressure panel with all children optional'),
  'heart-rate': loinc('8867-4', 'Heart rate'),
  'respiratory-rate': loinc('9279-1', 'Respiratory rate'),
  'body-temperature': loinc('8310-5', 'Body temperature'),
  'oxygen-saturation': loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
  'body-weight': loinc('29463-7', 'Body weight'),
  'body-height': loinc('8302-2', 'Body height'),
  bmi: loinc('39156-5', 'Body mass index (BMI) [Ratio]'),
};

export const SYSTOLIC_CODE = loinc('8480-6', 'Systolic blood pressure');
export const DIASTOLIC_CODE = loinc('8462-4', 'Diastolic blood pressure');
export const ARTERIAL_SATURATION_CODE = loinc('2708-6', 'Oxygen saturation in Arterial blood');

/** The UCUM unit each vital sign is reported in when the text gives none. */
export const DEFAULT_VITAL_UNITS: Readonly<Partial<Record<VitalSignKind, string>>> = {
  'blood-pressure': 'mm[Hg]',
  'heart-rate': '/min',
  'respiratory-rate': '/min',
  'oxygen-saturation': '%',
  bmi: 'kg/m2',
};
