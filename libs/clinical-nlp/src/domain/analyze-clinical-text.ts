import type { AnalyzeOptions, ClinicalAnalysis } from './clinical-analysis.js';
import { findDates } from './dates/find-dates.js';
import { findMedications } from './medication/find-medications.js';
import { findPerson } from './person/find-person.js';
import { findPhrases } from './phrases/find-phrases.js';
import { SpanSet } from './phrases/span-set.js';
import { splitSentences } from './text/split-sentences.js';
import { findVitalSigns } from './vitals/find-vital-signs.js';

/**
 * Everything the engine reads in a clinical text: sentences, the person, vital signs,
 * medications with their sigs, dates and the phrases to code (problems, procedures, labs,
 * allergies), each with its span and its ConText assertion. Pure and synchronous.
 */
export function analyzeClinicalText(text: string, options: AnalyzeOptions = {}): ClinicalAnalysis {
  const referenceDate = options.referenceDate ?? new Date();
  const sentences = splitSentences(text);
  const taken = new SpanSet();
  const person = findPerson(text, referenceDate);
  if (person?.nameSpan) taken.add(person.nameSpan);
  if (person?.birthDateSpan) taken.add(person.birthDateSpan);
  for (const identifier of person?.identifiers ?? []) taken.add(identifier.span);
  const vitals = findVitalSigns(text, sentences);
  vitals.forEach((vital) => taken.add(vital.span));
  const medications = findMedications(text, sentences);
  // A medication's words (its as-needed reason included) belong to the medication.
  medications.forEach((medication) => taken.add(medication.span));
  const dates = findDates(text, referenceDate).filter(
    (date) =>
      !medications.some(
        (m) => m.sig && m.sig.start < date.span.end && date.span.start < m.sig.end,
      ) && !vitals.some((v) => v.span.start < date.span.end && date.span.start < v.span.end),
  );
  dates.forEach((date) => taken.add(date.span));
  const phrases = findPhrases(text, sentences, taken);
  const analysis: ClinicalAnalysis = { text, sentences, vitals, medications, dates, phrases };
  if (person) analysis.person = person;
  return analysis;
}
