import { sendDocumentExamples } from '../../support/contract/document-examples.js';
import type { ContractCase } from '../../support/contract/contract-case.js';

const SNOMED = 'http://snomed.info/sct';

/** A small patient record touching most tables, with elements left out that OMOP rows allow. */
function patientBundle(): Record<string, unknown> {
  const patient = 'urn:uuid:9b7c0d0e-6f55-4b8e-9f0a-0c3b1f5a7d21';
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      {
        fullUrl: patient,
        resource: {
          resourceType: 'Patient',
          id: 'p1',
          gender: 'female',
          birthDate: '1958-02-11',
          address: [{ city: 'Springfield', state: 'IL', postalCode: '62701' }],
        },
      },
      {
        fullUrl: 'urn:uuid:e1',
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          status: 'finished',
          class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
          subject: { reference: patient },
          period: { start: '2024-05-02T10:00:00Z' },
        },
      },
      {
        fullUrl: 'urn:uuid:c1',
        resource: {
          resourceType: 'Condition',
          id: 'c1',
          subject: { reference: patient },
          encounter: { reference: 'urn:uuid:e1' },
          code: {
            coding: [{ system: SNOMED, code: '59621000', display: 'Essential hypertension' }],
          },
          onsetDateTime: '2024-05-02',
        },
      },
      {
        fullUrl: 'urn:uuid:m1',
        resource: {
          resourceType: 'MedicationRequest',
          id: 'm1',
          status: 'active',
          intent: 'order',
          subject: { reference: patient },
          medicationCodeableConcept: {
            coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '314076' }],
            text: 'lisinopril 10 MG Oral Tablet',
          },
          authoredOn: '2024-05-02',
        },
      },
      {
        fullUrl: 'urn:uuid:o1',
        resource: {
          resourceType: 'Observation',
          id: 'o1',
          status: 'final',
          category: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/observation-category',
                  code: 'laboratory',
                },
              ],
            },
          ],
          subject: { reference: patient },
          code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
          valueQuantity: {
            value: 5.4,
            unit: 'mmol/L',
            system: 'http://unitsofmeasure.org',
            code: 'mmol/L',
          },
          effectiveDateTime: '2024-05-02T10:20:00Z',
        },
      },
      {
        fullUrl: 'urn:uuid:o2',
        resource: {
          resourceType: 'Observation',
          id: 'o2',
          status: 'final',
          subject: { reference: patient },
          code: { coding: [{ system: SNOMED, code: '8517006', display: 'Ex-smoker' }] },
          effectiveDateTime: '2024-05-02',
        },
      },
      {
        fullUrl: 'urn:uuid:org1',
        resource: {
          resourceType: 'Organization',
          id: 'org1',
          name: 'Springfield Clinic',
          address: [{ line: ['1 Main St'], city: 'Springfield', state: 'IL' }],
        },
      },
      {
        fullUrl: 'urn:uuid:pr1',
        resource: {
          resourceType: 'Practitioner',
          id: 'pr1',
          identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1234567893' }],
          name: [{ family: 'Okafor', given: ['Ada'] }],
          gender: 'female',
        },
      },
      {
        fullUrl: 'urn:uuid:role1',
        resource: {
          resourceType: 'PractitionerRole',
          id: 'role1',
          active: true,
          practitioner: { reference: 'urn:uuid:pr1' },
          organization: { reference: 'urn:uuid:org1' },
          specialty: [
            { coding: [{ system: SNOMED, code: '394802001', display: 'General medicine' }] },
          ],
        },
      },
      {
        fullUrl: 'urn:uuid:proc1',
        resource: {
          resourceType: 'Procedure',
          id: 'proc1',
          status: 'completed',
          subject: { reference: patient },
          code: { coding: [{ system: SNOMED, code: '73761001', display: 'Colonoscopy' }] },
          performedDateTime: '2024-05-03',
          performer: [{ actor: { reference: 'urn:uuid:pr1' } }],
        },
      },
      {
        fullUrl: 'urn:uuid:imm1',
        resource: {
          resourceType: 'Immunization',
          id: 'imm1',
          status: 'completed',
          patient: { reference: patient },
          vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '140' }] },
          occurrenceDateTime: '2023-10-01',
        },
      },
      {
        fullUrl: 'urn:uuid:al1',
        resource: {
          resourceType: 'AllergyIntolerance',
          id: 'al1',
          patient: { reference: patient },
          code: {
            coding: [{ system: SNOMED, code: '91936005', display: 'Allergy to penicillin' }],
          },
          recordedDate: '2020-02-02',
        },
      },
      {
        fullUrl: 'urn:uuid:sp1',
        resource: {
          resourceType: 'Specimen',
          id: 'sp1',
          status: 'available',
          subject: { reference: patient },
          type: { coding: [{ system: SNOMED, code: '119297000', display: 'Blood specimen' }] },
          accessionIdentifier: { system: 'http://lab.example.org/accession', value: 'A-1' },
          collection: { collectedDateTime: '2024-05-02T10:05:00Z' },
        },
      },
      { fullUrl: 'urn:uuid:x1', resource: { resourceType: 'Condition', id: 'x1' } },
    ],
  };
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /fhir2omop/create',
    title: 'a Bundle and a single resource map; bad input is 400; no token 401',
    run: async (context) => [
      ...(await sendDocumentExamples(context, 'POST /fhir2omop/create', '/fhir2omop/create')),
      await context.call('POST', '/fhir2omop/create', {
        body: { fhir_resources: patientBundle(), vocab_version: 'v5.0 TEST' },
      }),
      await context.call('POST', '/fhir2omop/create', {
        body: { fhir_resources: { resourceType: 'Patient', id: 'solo', gender: 'male' } },
      }),
      await context.call('POST', '/fhir2omop/create', { body: {} }),
      await context.call('POST', '/fhir2omop/create', { body: { fhir_resources: { id: 'x' } } }),
      await context.call('POST', '/fhir2omop/create', {
        headers: { authorization: '' },
        body: { fhir_resources: patientBundle() },
      }),
    ],
  },
];
