import type { ClinicalAnalysis } from '@app/clinical-nlp';
import type { SubjectReference } from './build-input.js';
import { displayName } from './builders/patient.js';
import { TEXT_MRN_SYSTEM } from './code-systems.js';

/**
 * Who a single resource is about when no Patient is created with it: the patient the
 * caller names (`Patient/<id>`), else the text's patient as a logical reference (their
 * MRN as identifier, their name as display), else a display saying the text names no one.
 * R4 requires a subject on most clinical resources; a logical reference states only what
 * the text says.
 */
export function subjectFor(analysis: ClinicalAnalysis, patient?: string): SubjectReference {
  if (patient) return { reference: { reference: patient }, method: 'request:patient' };
  const person = analysis.person;
  const mrn = person?.identifiers.find((identifier) => identifier.kind === 'MRN');
  const name = person ? displayName(person) : undefined;
  if (mrn)
    return {
      reference: {
        type: 'Patient',
        identifier: { system: TEXT_MRN_SYSTEM, value: mrn.value },
        ...(name ? { display: name } : {}),
      },
      span: mrn.span,
      method: 'pattern:mrn',
    };
  if (name)
    return {
      reference: { type: 'Patient', display: name },
      span: person?.nameSpan,
      method: 'pattern:person-name',
    };
  return {
    reference: { type: 'Patient', display: 'Patient not identified in the text' },
    method: 'default:unidentified-patient',
  };
}
