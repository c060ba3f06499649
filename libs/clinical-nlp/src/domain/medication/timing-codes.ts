import type { CodingRef } from '../clinical-analysis.js';

export const GTS_ABBREVIATION = 'http://terminology.hl7.org/CodeSystem/v3-GTSAbbreviation';

/** The timing abbreviations of the FHIR timing-abbreviation value set. */
const DISPLAYS: Readonly<Record<string, string>> = {
  QD: 'QD',
  BID: 'BID',
  TID: 'TID',
  QID: 'QID',
  QOD: 'QOD',
  AM: 'AM',
  PM: 'PM',
  BED: 'at bedtime',
  WK: 'weekly',
  MO: 'monthly',
  Q1H: 'every hour',
  Q2H: 'every 2 hours',
  Q3H: 'every 3 hours',
  Q4H: 'every 4 hours',
  Q6H: 'every 6 hours',
  Q8H: 'every 8 hours',
};

export function timingCode(code: string, text: string): (CodingRef & { text: string }) | undefined {
  const display = DISPLAYS[code];
  return display ? { system: GTS_ABBREVIATION, code, display, text } : undefined;
}
