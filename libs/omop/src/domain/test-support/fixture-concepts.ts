import { HashedOmopIdAllocator } from '../ids/hashed-id-allocator.js';
import { mapFhirToOmop } from '../map-fhir-to-omop.js';
import type { OmopMappingResult } from '../model/mapping-report.js';
import type { OmopConcept } from '../vocabulary/concept-source.js';
import { InMemoryConceptSource } from '../vocabulary/in-memory-concept-source.js';

type Row = [
  id: number,
  name: string,
  domain: string,
  vocabulary: string,
  standard: 'S' | null,
  code: string,
  invalid?: string,
];

/** A handful of real OMOP concepts (ids, codes, domains as Athena publishes them). */
const ROWS: Row[] = [
  [320128, 'Essential hypertension', 'Condition', 'SNOMED', 'S', '59621000'],
  [35207668, 'Essential (primary) hypertension', 'Condition', 'ICD10CM', null, 'I10'],
  [4310250, 'Ex-smoker', 'Observation', 'SNOMED', null, '8517006'],
  [
    903651,
    'Currently doesnt use tobacco or its derivatives',
    'Observation',
    'OMOP Extension',
    'S',
    'OMOP5181833',
  ],
  [1340204, 'History of event', 'Observation', 'OMOP Extension', 'S', 'OMOP5165859'],
  [4041884, 'Blood not detected in urine', 'Measurement', 'SNOMED', null, '167297006'],
  [4053118, 'Full-time employment', 'Observation', 'SNOMED', 'S', '160903007'],
  [4012477, 'Glucose tolerance test', 'Measurement', 'SNOMED', 'S', '113076002'],
  [3004249, 'Systolic blood pressure', 'Measurement', 'LOINC', 'S', '8480-6'],
  [3012888, 'Diastolic blood pressure', 'Measurement', 'LOINC', 'S', '8462-4'],
  [
    36203185,
    'Blood pressure panel with all children optional',
    'Measurement',
    'LOINC',
    'S',
    '85354-9',
  ],
  [3025315, 'Body weight', 'Measurement', 'LOINC', 'S', '29463-7'],
  [19080128, 'lisinopril 10 MG Oral Tablet', 'Drug', 'RxNorm', 'S', '314076'],
  [40213152, 'Influenza, seasonal, injectable, preservative free', 'Drug', 'CVX', 'S', '140'],
  [4045112, 'Manual wheelchair', 'Device', 'SNOMED', 'S', '228869008'],
  [4001225, 'Blood specimen', 'Specimen', 'SNOMED', 'S', '119297000'],
  [4283159, 'Left upper arm structure', 'Spec Anatomic Site', 'SNOMED', 'S', '368208006'],
  [442116, 'Allergy to edible egg', 'Observation', 'SNOMED', null, '91930004', 'U'],
  [8876, 'millimeter mercury column', 'Unit', 'UCUM', 'S', 'mm[Hg]'],
  [9529, 'kilogram', 'Unit', 'UCUM', 'S', 'kg'],
  [8541, 'per minute', 'Unit', 'UCUM', 'S', '/min'],
  [8840, 'milligram per deciliter', 'Unit', 'UCUM', 'S', 'mg/dL'],
  [8507, 'MALE', 'Gender', 'Gender', 'S', 'M'],
  [8532, 'FEMALE', 'Gender', 'Gender', 'S', 'F'],
  [8527, 'White', 'Race', 'Race', 'S', '5'],
  [8516, 'Black or African American', 'Race', 'Race', 'S', '3'],
  [38003564, 'Not Hispanic or Latino', 'Ethnicity', 'Ethnicity', 'S', 'Not Hispanic'],
  [38003563, 'Hispanic or Latino', 'Ethnicity', 'Ethnicity', 'S', 'Hispanic'],
  [9201, 'Inpatient Visit', 'Visit', 'Visit', 'S', 'IP'],
  [9202, 'Outpatient Visit', 'Visit', 'Visit', 'S', 'OP'],
  [9203, 'Emergency Room Visit', 'Visit', 'Visit', 'S', 'ER'],
  [38004446, 'General Practice', 'Provider', 'Medicare Specialty', 'S', '1'],
  [8546, 'Hospice', 'Visit', 'CMS Place of Service', 'S', '34'],
  [8870, 'Emergency Room - Hospital', 'Visit', 'CMS Place of Service', 'S', '23'],
  [32893, 'Confirmed diagnosis', 'Condition Status', 'Condition Status', 'S', 'OMOP4976972'],
  [32906, 'Resolved condition', 'Condition Status', 'Condition Status', 'S', 'OMOP4976985'],
  [4224372, 'Glucometer', 'Device', 'SNOMED', 'S', '337414009'],
  [4217646, 'Implantable defibrillator', 'Device', 'SNOMED', 'S', '72506001'],
];

export const FIXTURE_CONCEPTS: OmopConcept[] = ROWS.map(
  ([conceptId, conceptName, domainId, vocabularyId, standardConcept, conceptCode, invalid]) => ({
    conceptId,
    conceptName,
    domainId,
    vocabularyId,
    conceptClassId: '',
    standardConcept,
    conceptCode,
    invalidReason: invalid ?? null,
  }),
);

/** `Maps to` of the fixture: I10 → essential hypertension; ex-smoker → two targets (AMBIGUOUS). */
export const FIXTURE_MAPS_TO: [number, number][] = [
  [35207668, 320128],
  [4310250, 903651],
  [4310250, 1340204],
];

export const FIXTURE_VERSIONS: Record<string, string> = {
  None: 'v5.0 fixture',
  SNOMED: 'SNOMED fixture',
  LOINC: 'LOINC fixture',
  RxNorm: 'RxNorm fixture',
  ICD10CM: 'ICD10CM fixture',
  CVX: 'CVX fixture',
  UCUM: 'UCUM fixture',
};

export function fixtureConcepts(): InMemoryConceptSource {
  return new InMemoryConceptSource(FIXTURE_CONCEPTS, FIXTURE_MAPS_TO, FIXTURE_VERSIONS);
}

/** Maps with the fixture vocabulary and a fresh default id allocator. */
export function mapWithFixture(input: unknown): Promise<OmopMappingResult> {
  return mapFhirToOmop(input, {
    concepts: fixtureConcepts(),
    ids: new HashedOmopIdAllocator(),
    prefetch: false,
  });
}

export type Json = Record<string, unknown>;

export const PATIENT: Json = {
  resourceType: 'Patient',
  id: 'p1',
  gender: 'female',
  birthDate: '1970-03-04',
  extension: [
    {
      url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race',
      extension: [
        {
          url: 'ombCategory',
          valueCoding: {
            system: 'urn:oid:2.16.840.1.113883.6.238',
            code: '2106-3',
            display: 'White',
          },
        },
        { url: 'text', valueString: 'White' },
      ],
    },
    {
      url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-ethnicity',
      extension: [
        {
          url: 'ombCategory',
          valueCoding: { system: 'urn:oid:2.16.840.1.113883.6.238', code: '2186-5' },
        },
      ],
    },
  ],
};

export const ENCOUNTER: Json = {
  resourceType: 'Encounter',
  id: 'e1',
  status: 'finished',
  class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB' },
  subject: { reference: 'Patient/p1' },
  period: { start: '2020-01-02T10:00:00Z', end: '2020-01-02T11:00:00Z' },
};

/** A collection Bundle of the patient, the encounter and the given resources. */
export function bundle(...resources: Json[]): Json {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [PATIENT, ENCOUNTER, ...resources].map((resource) => ({ resource })),
  };
}
