import type { PersonDetails } from '@app/clinical-nlp';
import type { BuildInput, Builder, Built } from '../build-input.js';
import {
  GENERATED_ID_SYSTEM,
  SYSTEM,
  TEXT_IDENTIFIER_SYSTEM,
  TEXT_MRN_SYSTEM,
} from '../code-systems.js';
import { Derivations } from '../derivation.js';
import type { Identifier, Patient } from '../fhir.js';
import { dataAbsent, toDate } from '../fhir-values.js';
import { metaFor } from './common.js';

export function hasPersonDetails(person: PersonDetails | undefined): person is PersonDetails {
  return Boolean(
    person &&
    (person.given.length > 0 ||
      person.family ||
      person.gender ||
      person.birthDate ||
      person.identifiers.length > 0),
  );
}

function identifierOf(item: PersonDetails['identifiers'][number]): Identifier {
  switch (item.kind) {
    case 'MRN':
      return {
        use: 'usual',
        type: {
          coding: [
            { system: SYSTEM.IDENTIFIER_TYPE, code: 'MR', display: 'Medical record number' },
          ],
          text: 'MRN',
        },
        system: TEXT_MRN_SYSTEM,
        value: item.value,
      };
    case 'SSN':
      return {
        type: {
          coding: [
            { system: SYSTEM.IDENTIFIER_TYPE, code: 'SS', display: 'Social Security number' },
          ],
        },
        system: SYSTEM.SSN,
        value: item.value,
      };
    default:
      return { system: TEXT_IDENTIFIER_SYSTEM, value: item.value };
  }
}

/** The person's name as one display string ("John Smith"). */
export function displayName(person: PersonDetails): string | undefined {
  const parts = [...person.given, person.family].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * US Core Patient from the person the text describes. US Core needs an identifier, a
 * name and a gender: identifiers the text gives (MRN, SSN) are kept; without one the
 * patient gets a generated identifier (system urn:clinical-interop:lang2fhir-generated-id)
 * so that it can be found again. A missing name carries data-absent-reason, a missing
 * gender is `unknown`.
 */
export function buildPatientFrom(input: BuildInput, person: PersonDetails): Built<Patient> {
  const derivations = new Derivations();
  const identifiers = person.identifiers.map(identifierOf);
  person.identifiers.forEach((item, index) =>
    derivations.record(`identifier[${index}]`, item.span, `pattern:${item.kind.toLowerCase()}`),
  );
  if (identifiers.length === 0) {
    identifiers.push({ system: GENERATED_ID_SYSTEM, value: input.newId() });
    derivations.recordDefault('identifier[0]', 'generated');
  }
  const hasName = person.given.length > 0 || Boolean(person.family);
  if (hasName) derivations.record('name[0]', person.nameSpan, 'pattern:person-name');
  const gender = person.gender ?? 'unknown';
  if (person.gender) derivations.record('gender', person.genderSpan, 'lexicon:gender');
  else derivations.recordDefault('gender', 'default:unknown');
  if (person.birthDate) derivations.record('birthDate', person.birthDateSpan, 'date');
  const telecom = [
    ...(person.phone ? [{ system: 'phone' as const, value: person.phone }] : []),
    ...(person.email ? [{ system: 'email' as const, value: person.email }] : []),
  ];
  const patient: Patient = {
    resourceType: 'Patient',
    meta: metaFor('patient'),
    identifier: identifiers,
    name: hasName
      ? [
          {
            use: 'official',
            ...(person.family ? { family: person.family } : {}),
            ...(person.given.length > 0 ? { given: person.given } : {}),
          },
        ]
      : [{ extension: [dataAbsent('unknown')] }],
    gender,
    ...(person.birthDate ? { birthDate: toDate(person.birthDate) } : {}),
    ...(telecom.length > 0 ? { telecom } : {}),
  };
  return {
    resource: patient,
    derivations: derivations.list(),
    description: `Patient: ${displayName(person) ?? 'name not stated'}${
      person.gender ? `, ${person.gender}` : ''
    }${person.birthDate ? `, born ${toDate(person.birthDate)}` : ''}`,
  };
}

export const buildPatient: Builder = (input) => {
  const person = input.analysis.person;
  return hasPersonDetails(person) ? buildPatientFrom(input, person) : null;
};
