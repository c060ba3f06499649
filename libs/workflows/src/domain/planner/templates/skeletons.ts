import { placeholder } from '../../placeholders.js';
import type { Concept, SampleField } from '../sample-fields.js';

export type Json = Record<string, unknown>;

const MRN_TYPE = {
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }],
};

/** Patient elements for the demographic fields of the sample data, so that a created patient can be found again by them. */
export function patientElements(fields: SampleField[]): Json {
  const of = (concept: Concept) => fields.find((field) => field.concept === concept);
  const value = (concept: Concept) => {
    const field = of(concept);
    return field ? placeholder(field.name) : undefined;
  };
  const elements: Json = {};
  if (of('mrn')) elements.identifier = [{ type: MRN_TYPE, value: value('mrn') }];
  if (of('first_name') || of('last_name')) {
    elements.name = [
      {
        ...(of('last_name') ? { family: value('last_name') } : {}),
        ...(of('first_name') ? { given: [value('first_name')] } : {}),
      },
    ];
  } else if (of('full_name')) {
    elements.name = [{ text: value('full_name') }];
  }
  if (of('gender')) elements.gender = value('gender');
  if (of('birth_date')) elements.birthDate = value('birth_date');
  const telecom = [
    ...(of('phone') ? [{ system: 'phone', value: value('phone') }] : []),
    ...(of('email') ? [{ system: 'email', value: value('email') }] : []),
  ];
  if (telecom.length > 0) elements.telecom = telecom;
  if (of('address') || of('city') || of('postal_code')) {
    elements.address = [
      {
        ...(of('address') ? { line: [value('address')] } : {}),
        ...(of('city') ? { city: value('city') } : {}),
        ...(of('postal_code') ? { postalCode: value('postal_code') } : {}),
      },
    ];
  }
  return elements;
}

/**
 * Resources lang2fhir does not build, made here from the wording: `text` is the clause's
 * subject ("hyperglycemia" in "create a flag for hyperglycemia"), with placeholders.
 */
export function builtInResource(resourceType: string, text: string): Json | null {
  switch (resourceType) {
    case 'Flag':
      return { resourceType, status: 'active', code: { text } };
    case 'Task':
      return { resourceType, status: 'requested', intent: 'order', description: text };
    case 'Communication':
      return { resourceType, status: 'completed', payload: [{ contentString: text }] };
    case 'AllergyIntolerance':
      return {
        resourceType,
        clinicalStatus: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
              code: 'active',
            },
          ],
        },
        code: { text },
      };
    case 'Immunization':
      return { resourceType, status: 'completed', vaccineCode: { text } };
    default:
      return null;
  }
}

/** The element that points a resource at its patient or encounter. */
export function referenceElement(element: string, reference: string): Json {
  if (element === 'participant') {
    return { participant: [{ actor: { reference }, status: 'accepted' }] };
  }
  return { [element]: { reference } };
}
