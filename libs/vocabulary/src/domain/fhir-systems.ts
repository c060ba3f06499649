/**
 * FHIR code system URIs and the OMOP vocabulary that holds their codes. Where a system
 * has several spellings in real data, every one maps; the first listed is canonical.
 */
const SYSTEMS: readonly [vocabularyId: string, uris: readonly string[]][] = [
  ['SNOMED', ['http://snomed.info/sct', 'urn:oid:2.16.840.1.113883.6.96']],
  ['LOINC', ['http://loinc.org', 'urn:oid:2.16.840.1.113883.6.1']],
  ['RxNorm', ['http://www.nlm.nih.gov/research/umls/rxnorm', 'urn:oid:2.16.840.1.113883.6.88']],
  ['ICD10CM', ['http://hl7.org/fhir/sid/icd-10-cm', 'urn:oid:2.16.840.1.113883.6.90']],
  ['ICD9CM', ['http://hl7.org/fhir/sid/icd-9-cm', 'urn:oid:2.16.840.1.113883.6.103']],
  ['ICD10PCS', ['http://www.cms.gov/Medicare/Coding/ICD10', 'urn:oid:2.16.840.1.113883.6.4']],
  ['CVX', ['http://hl7.org/fhir/sid/cvx', 'urn:oid:2.16.840.1.113883.12.292']],
  ['NDC', ['http://hl7.org/fhir/sid/ndc', 'urn:oid:2.16.840.1.113883.6.69']],
  ['CPT4', ['http://www.ama-assn.org/go/cpt', 'urn:oid:2.16.840.1.113883.6.12']],
  [
    'HCPCS',
    [
      'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'urn:oid:2.16.840.1.113883.6.285',
    ],
  ],
  ['UCUM', ['http://unitsofmeasure.org', 'urn:oid:2.16.840.1.113883.6.8']],
  ['Gender', ['http://hl7.org/fhir/administrative-gender']],
  // CDC Race & Ethnicity: one code system for both; OMOP splits it into Race and Ethnicity.
  ['Race', ['urn:oid:2.16.840.1.113883.6.238']],
  ['Visit', ['http://terminology.hl7.org/CodeSystem/v3-ActCode']],
  ['NUCC', ['http://nucc.org/provider-taxonomy', 'urn:oid:2.16.840.1.113883.6.101']],
  [
    'CMS Place of Service',
    ['https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set'],
  ],
];

const BY_URI = new Map<string, string>(
  SYSTEMS.flatMap(([vocabularyId, uris]) =>
    uris.map((uri) => [uri.toLowerCase(), vocabularyId] as const),
  ),
);
const BY_VOCABULARY = new Map<string, string>(
  SYSTEMS.map(([vocabularyId, uris]) => [vocabularyId.toLowerCase(), uris[0]]),
);

export function vocabularyIdForSystem(uri: string): string | undefined {
  return BY_URI.get(uri.trim().replace(/\/$/, '').toLowerCase());
}

export function systemForVocabularyId(vocabularyId: string): string | undefined {
  return BY_VOCABULARY.get(vocabularyId.toLowerCase());
}

/**
 * HL7 codes whose OMOP concept is fixed by convention (the HL7 FHIR-to-OMOP IG
 * ConceptMaps and OHDSI's ETL conventions), rather than looked up by code.
 */
export const HL7_CONCEPTS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'http://hl7.org/fhir/administrative-gender': { male: 8507, female: 8532, other: 0, unknown: 0 },
  // CDC Race & Ethnicity code system: the OMB categories.
  'urn:oid:2.16.840.1.113883.6.238': {
    '1002-5': 8657,
    '2028-9': 8515,
    '2054-5': 8516,
    '2076-8': 8557,
    '2106-3': 8527,
    '2131-1': 0,
    '2135-2': 38003563,
    '2186-5': 38003564,
  },
  'http://terminology.hl7.org/CodeSystem/v3-ActCode': {
    AMB: 9202,
    EMER: 9203,
    IMP: 9201,
    ACUTE: 9201,
    NONAC: 9201,
    OBSENC: 8870,
    SS: 9202,
    HH: 581476,
    VR: 5083,
    FLD: 581476,
  },
};

export function hl7ConceptId(system: string, code: string): number | undefined {
  return HL7_CONCEPTS[system]?.[code];
}
