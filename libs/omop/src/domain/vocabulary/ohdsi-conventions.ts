import type { FixedMap } from './hl7-concept-maps.js';

/**
 * Fixed translations that no OMOP vocabulary table holds, each with its source. The
 * rules that use them are written down in libs/omop/docs/ohdsi-conventions.md.
 */

/** Encounter.hospitalization.admitSource (HL7 admit-source): IG ConceptMap EncounterAdmitSource. */
export const ADMIT_SOURCE: FixedMap = {
  source: 'IG ConceptMap EncounterAdmitSource',
  concepts: {
    'hosp-trans': 38004515,
    emd: 8870,
    outp: 8756,
    born: 38004515,
    gp: 8940,
    mp: 8940,
    nursing: 8676,
    psych: 8971,
    rehab: 38004254,
    other: 0,
  },
};

/** Encounter.hospitalization.dischargeDisposition: IG ConceptMap EncounterDischargeDisposition. */
export const DISCHARGE_DISPOSITION: FixedMap = {
  source: 'IG ConceptMap EncounterDischargeDisposition',
  concepts: {
    home: 8536,
    'alt-home': 8536,
    'other-hcf': 33007,
    hosp: 8546,
    long: 38004277,
    aadvice: 32216,
    exp: 32218,
    psy: 8971,
    rehab: 32266,
    snf: 8863,
    oth: 0,
  },
};

/**
 * Encounter.type / serviceType (SNOMED) codes that name a care setting the v3 class
 * cannot express. The OMOP vocabulary has no `Maps to` from these SNOMED procedures to
 * Visit concepts, so the settings are listed here; the targets follow what ETL-Synthea
 * writes for the same Synthea encounter classes (urgent care as an emergency room visit,
 * hospice and skilled nursing as their CMS places of service, home as Home Visit).
 */
export const ENCOUNTER_TYPE_VISIT: FixedMap = {
  source: 'OHDSI ETL-Synthea encounter class conventions',
  concepts: {
    '702927004': 9203, // Urgent care clinic
    '305336008': 8546, // Admission to hospice
    '385763009': 8546, // Hospice care
    '449411000124106': 8863, // Admission to skilled nursing facility
    '305408004': 9201, // Admission to surgical department
    '439708006': 581476, // Home visit
    '183460006': 9203, // Obstetric emergency hospital admission
    '50849002': 9203, // Emergency room admission
    '448337001': 722455, // Telemedicine consultation with patient
  },
};

/**
 * Location.type / Organization.type in HL7 v3 ServiceDeliveryLocationRoleType → CMS Place
 * of Service concept. No OMOP vocabulary holds v3 RoleCode; the pairs follow the CMS POS
 * definitions (a CMS POS coding itself is looked up in the vocabulary instead).
 */
export const SERVICE_DELIVERY_LOCATION: FixedMap = {
  source: 'v3 ServiceDeliveryLocationRoleType read as CMS Place of Service',
  concepts: {
    ER: 8870,
    ETU: 8870,
    HOSP: 38004515,
    CHR: 8717,
    GACH: 8717,
    PSYCHF: 8971,
    RH: 38004254,
    HOSPICE: 8546,
    NCCF: 8676,
    SNF: 8863,
    OF: 8940,
    PC: 8940,
    HU: 8717,
    OUTPHARM: 0,
    PTRES: 8536,
    AMB: 0,
  },
};
export const ROLE_CODE_SYSTEMS = [
  'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
  'http://hl7.org/fhir/v3/RoleCode',
];

/** Condition Status concepts (OMOP vocabulary "Condition Status"). */
export const ConditionStatus = {
  ADMITTING: 32890,
  CONFIRMED: 32893,
  DISCHARGE: 32896,
  PRELIMINARY: 32899,
  PRIMARY: 32902,
  RESOLVED: 32906,
  SECONDARY: 32908,
} as const;

/** Condition.verificationStatus → condition status (HL7 FHIR-to-OMOP IG, Condition mapping). */
export const VERIFICATION_STATUS: Readonly<Record<string, number>> = {
  confirmed: ConditionStatus.CONFIRMED,
  provisional: ConditionStatus.PRELIMINARY,
  differential: ConditionStatus.PRELIMINARY,
};

/**
 * Encounter.diagnosis.use (HL7 diagnosis-role) → condition status; without one of these
 * uses, rank 1 is the principal (primary) diagnosis and a higher rank a secondary one.
 */
export const DIAGNOSIS_ROLE: Readonly<Record<string, number>> = {
  AD: ConditionStatus.ADMITTING,
  DD: ConditionStatus.DISCHARGE,
  CM: ConditionStatus.SECONDARY,
};

/**
 * NUCC provider taxonomy → Medicare Specialty code, from CMS's "Medicare Provider/Supplier
 * to Healthcare Provider Taxonomy Crosswalk". Used only when the loaded vocabulary has no
 * NUCC concept (the full Athena NUCC vocabulary `Maps to` the same Medicare Specialty
 * concepts); the Medicare Specialty concept itself is looked up in the vocabulary.
 */
export const NUCC_TO_MEDICARE_SPECIALTY: Readonly<Record<string, string>> = {
  '208D00000X': '1', // General Practice
  '208600000X': '2', // General Surgery
  '207RC0000X': '6', // Cardiovascular Disease
  '207Q00000X': '8', // Family Practice
  '207R00000X': '11', // Internal Medicine
  '207V00000X': '16', // Obstetrics & Gynecology
  '207X00000X': '20', // Orthopedic Surgery
  '2084P0800X': '26', // Psychiatry
  '208000000X': '37', // Pediatric Medicine
  '363L00000X': '50', // Nurse Practitioner
  '207P00000X': '93', // Emergency Medicine
  '363A00000X': '97', // Physician Assistant
};
export const NUCC_SYSTEM = 'http://nucc.org/provider-taxonomy';
export const CMS_POS_SYSTEMS = [
  'https://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
  'http://www.cms.gov/Medicare/Coding/place-of-service-codes/Place_of_Service_Code_Set',
];

/** Concepts the note table requires beside its type (OMOP Metadata and SNOMED). */
export const NoteConcepts = {
  ENCODING_UTF8: 32678,
  LANGUAGE_ENGLISH: 4180186,
} as const;
