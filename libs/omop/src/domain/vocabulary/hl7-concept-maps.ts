/**
 * Fixed translations of HL7 codes to OMOP concepts, after the ConceptMaps of the HL7
 * FHIR-to-OMOP IG (2.0.0-ballot) and, for race and ethnicity, the CDC Race & Ethnicity →
 * OMOP mapping published by NACHC. Where the IG names a concept that is not standard
 * (gender other/unknown), 0 is written instead (IG f2o-031/032) and the mapping says so.
 */
export interface FixedMap {
  /** Name of the ConceptMap or table the translation comes from, for the mapping's note. */
  source: string;
  concepts: Readonly<Record<string, number>>;
}

export const ADMINISTRATIVE_GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender';
export const CDC_RACE_ETHNICITY_SYSTEM = 'urn:oid:2.16.840.1.113883.6.238';
export const ACT_CODE_SYSTEMS = [
  'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  'http://hl7.org/fhir/v3/ActCode',
];

export const GENDER: FixedMap = {
  source: 'IG ConceptMap GenderClass',
  concepts: { male: 8507, female: 8532, other: 0, unknown: 0 },
};

/** US Core birth sex (`us-core-birthsex`): used when administrative gender is absent. */
export const BIRTH_SEX: FixedMap = {
  source: 'US Core birth sex, read as GenderClass',
  concepts: { M: 8507, F: 8532, UNK: 0 },
};

/**
 * The OMB race categories and the second-level CDC codes that the OMOP Race vocabulary
 * holds. Deeper CDC codes (tribes, …) are not listed: US Core requires the OMB category
 * beside them, and that is used.
 */
export const RACE: FixedMap = {
  source: 'CDC Race & Ethnicity → OMOP Race (NACHC)',
  concepts: {
    '1002-5': 8657,
    '1004-1': 38003572,
    '1735-0': 38003573,
    '2028-9': 8515,
    '2029-7': 38003574,
    '2030-5': 38003575,
    '2031-3': 38003576,
    '2032-1': 38003577,
    '2033-9': 38003578,
    '2034-7': 38003579,
    '2035-4': 38003580,
    '2036-2': 38003581,
    '2037-0': 38003582,
    '2038-8': 38003583,
    '2039-6': 38003584,
    '2040-4': 38003585,
    '2041-2': 38003586,
    '2042-0': 38003587,
    '2043-8': 38003588,
    '2044-6': 38003589,
    '2045-3': 38003590,
    '2046-1': 38003591,
    '2047-9': 38003592,
    '2048-7': 38003593,
    '2049-5': 38003594,
    '2050-3': 38003595,
    '2051-1': 38003596,
    '2052-9': 38003597,
    '2054-5': 8516,
    '2056-0': 38003598,
    '2058-6': 38003599,
    '2060-2': 38003600,
    '2067-7': 38003601,
    '2068-5': 38003602,
    '2069-3': 38003603,
    '2070-1': 38003604,
    '2071-9': 38003605,
    '2072-7': 38003606,
    '2073-5': 38003607,
    '2074-3': 38003608,
    '2075-0': 38003609,
    '2076-8': 8557,
    '2078-4': 38003610,
    '2085-9': 38003611,
    '2100-6': 38003612,
    '2500-7': 38003613,
    '2106-3': 8527,
    '2108-9': 38003614,
    '2118-8': 38003615,
    '2129-5': 38003616,
    // "Other Race" (8522) is deprecated in OMOP: 0, as f2o-031 requires.
    '2131-1': 0,
  },
};

const HISPANIC = 38003563;
const NOT_HISPANIC = 38003564;

/** CDC ethnicity: 2135-2 and its detailed codes (2137-8 … 2184-0) are Hispanic or Latino. */
export function ethnicityConcept(code: string): number | undefined {
  if (code === '2135-2') return HISPANIC;
  if (code === '2186-5') return NOT_HISPANIC;
  const match = /^(\d{4})-\d$/.exec(code);
  if (match && Number(match[1]) >= 2137 && Number(match[1]) <= 2184) return HISPANIC;
  return undefined;
}

/** Encounter.class (v3 ActCode) → visit concept: IG ConceptMap EncounterClass, plus ACUTE/NONAC/PRENC/SS/FLD. */
export const ENCOUNTER_CLASS: FixedMap = {
  source: 'IG ConceptMap EncounterClass',
  concepts: {
    IMP: 9201,
    AMB: 9202,
    OBSENC: 262,
    EMER: 9203,
    VR: 722455,
    HH: 581476,
    ACUTE: 9201,
    NONAC: 42898160,
    PRENC: 9202,
    SS: 9202,
    FLD: 581476,
  },
};

/** AllergyIntolerance type × category → observation concept (IG ConceptMaps AllergyType, IntoleranceType). */
export const ALLERGY_CATEGORY: FixedMap = {
  source: 'IG ConceptMap AllergyType',
  concepts: { food: 4188027, medication: 439224, environment: 4144450, biologic: 43530807 },
};
export const INTOLERANCE_CATEGORY: FixedMap = {
  source: 'IG ConceptMap IntoleranceType',
  concepts: { food: 4340252, medication: 4240582, environment: 4172024, biologic: 36684107 },
};
/** Without a category: allergic disposition, or intolerance to substance. */
export const ALLERGY_WITHOUT_CATEGORY = 43530807;
export const INTOLERANCE_WITHOUT_CATEGORY = 36684107;

/** Immunization.route (v3 RouteOfAdministration) → route concept (IG ConceptMap ImmunizationRoute). */
export const ROUTE: FixedMap = {
  source: 'IG ConceptMap ImmunizationRoute',
  concepts: {
    IDINJ: 4156706,
    IM: 4302612,
    IVINJ: 4171047,
    PO: 4132161,
    SQ: 4142048,
    TRNSDERM: 4262099,
  },
};
export const ROUTE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-RouteOfAdministration';

/** Quantity.comparator → OMOP Meas Value Operator. */
export const OPERATOR: Readonly<Record<string, number>> = {
  '<': 4171756,
  '<=': 4171754,
  '>=': 4171755,
  '>': 4172704,
};
