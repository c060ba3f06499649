import type { Concept, SampleField } from './sample-fields.js';

const PATIENT_PARAMETERS: Partial<Record<Concept, string>> = {
  mrn: 'identifier',
  first_name: 'given',
  last_name: 'family',
  full_name: 'name',
  birth_date: 'birthdate',
  gender: 'gender',
  phone: 'phone',
  email: 'email',
  postal_code: 'address-postalcode',
  city: 'address-city',
  address: 'address',
};

const PRACTITIONER_PARAMETERS: Partial<Record<Concept, string>> = {
  mrn: 'identifier',
  first_name: 'given',
  last_name: 'family',
  full_name: 'name',
};

/**
 * The FHIR search parameter for a sample field in a search of a resource type, or null
 * when there is none. `before` holds the words just before the field's mention, which
 * tell "an allergy to the medication" (the allergen's text) from other uses.
 */
export function searchParameterFor(
  type: string,
  field: SampleField,
  before: string,
): string | null {
  if (type === 'Patient') return field.concept ? (PATIENT_PARAMETERS[field.concept] ?? null) : null;
  if (type === 'Practitioner') {
    return field.concept ? (PRACTITIONER_PARAMETERS[field.concept] ?? null) : null;
  }
  if (field.concept === 'code') return 'code';
  if (field.concept !== null) return null;
  if (type === 'AllergyIntolerance' && /\bto(?: the| a| an)?$/.test(before)) return 'code:text';
  if (field.words.some((word) => ['identifier', 'number', 'accession'].includes(word))) {
    return 'identifier';
  }
  if (field.words.includes('status')) return 'status';
  return null;
}
